import { useTranslation } from "react-i18next";
import { DecisionActions, useDecision } from "../../features/admin/components/Decision.tsx";
import { type AdminLoanStatus, type LoanView, approveLoan, fetchAdminLoans, rejectLoan } from "../../features/loans/api.ts";
import { LoanBadge, LoanFigures } from "../../features/loans/LoanFigures.tsx";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { QueuePage } from "./QueuePage.tsx";
import { UserCell } from "./parts.tsx";

function LoanCard({ item }: { item: LoanView }) {
  useTexts("admin", "borrowing");
  const { t } = useTranslation();
  const figure = `${amount(item.amount)} ${item.currency}`;
  const collateral = `${amount(item.collateral_amount)} ${item.collateral}`;
  const decision = useDecision({
    approve: {
      title: t("borrowing.admin.approveTitle"),
      message: t("borrowing.admin.approveMessage", { uid: item.uid ?? "", amount: figure, collateral, risk: item.risk_rate ?? "—" }),
      run: (key) => approveLoan(item.id, key),
    },
    reject: {
      title: t("borrowing.admin.rejectTitle"),
      message: t("borrowing.admin.rejectMessage", { collateral }),
      run: (reason, key) => rejectLoan(item.id, reason, key),
    },
  });
  return (
    <article className="admin-card" data-testid={`admin-loan-${item.id}`}>
      <header className="row-between">
        <UserCell uid={item.uid ?? null} email={null} userId={item.user_id ?? 0} />
        <LoanBadge loan={item} />
      </header>
      <div className="admin-figure num">{figure}</div>
      <LoanFigures loan={item} full />
      {item.status === "pending" && (
        <p className="faint">
          {t("borrowing.admin.riskNow", {
            risk: item.risk_rate ?? "—",
            value: item.collateral_value ? amount(item.collateral_value) : "—",
          })}
        </p>
      )}
      {item.status === "pending" && <DecisionActions decision={decision} approveLabel={t("borrowing.admin.approve")} />}
      {decision.element}
    </article>
  );
}

/** Loan applications (reviewed in 1 to 3 days): approve (pays the loan out) or reject with a reason (releases the collateral). */
export default function AdminLoansPage() {
  useTexts("admin", "borrowing");
  const { t } = useTranslation();
  return (
    <QueuePage
      title={t("borrowing.admin.nav")}
      statuses={["pending", "active", "all"] as const satisfies readonly AdminLoanStatus[]}
      label={(s) => (s === "all" ? t("borrowing.admin.all") : t(`borrowing.status.${s}`))}
      load={fetchAdminLoans}
      Card={LoanCard}
    />
  );
}
