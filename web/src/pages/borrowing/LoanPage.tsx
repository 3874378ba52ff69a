import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { loanQuery, repayLoan } from "../../features/loans/api.ts";
import { LoanBadge, LoanFigures } from "../../features/loans/LoanFigures.tsx";
import { PaySheet } from "../../features/loans/PaySheet.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import "../../styles/borrowing.css";

/** One of the caller's loans; an outstanding loan is repaid whole after a confirmation with the debt and the pay password. */
export default function LoanPage() {
  useTexts("borrowing");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const valid = Number.isSafeInteger(id) && id > 0;
  const loan = useQuery(loanQuery(token, valid ? id : 0), { enabled: valid });
  const [repaying, setRepaying] = useState(false);
  const idem = useIdempotencyKey();
  const title = valid ? t("borrowing.loan.title", { id }) : t("borrowing.myLoans");

  let body;
  if (!valid || (loan.error && "status" in loan.error && loan.error.status === 404))
    body = <EmptyState text={t("borrowing.loan.notFound")} />;
  else if (loan.error && !loan.data) body = <ErrorView message={loan.error.message} onRetry={loan.reload} />;
  else if (!loan.data) body = <DelayedSpinner />;
  else {
    const l = loan.data;
    const repay = async (password: string) => {
      toast(await repayLoan({ id: l.id, pay_password: password }, idem.current()));
      idem.reset();
      setRepaying(false);
    };
    body = (
      <div className="content stack" data-testid="loan-detail">
        <section className="card">
          <div className="row-between">
            <strong>{t("borrowing.loan.title", { id: l.id })}</strong>
            <LoanBadge loan={l} />
          </div>
          <LoanFigures loan={l} full />
          {l.status === "pending" && <p className="faint loan-note">{t("borrowing.loan.pendingNote")}</p>}
          {l.overdue && <p className="notice notice-warn">{t("borrowing.loan.overdueNote", { rate: amount(l.overdue_rate) })}</p>}
        </section>
        {l.status === "active" && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => setRepaying(true)} data-testid="loan-repay">
            {t("borrowing.repay.button")}
          </button>
        )}
        <PaySheet
          open={repaying}
          title={t("borrowing.repay.title")}
          submit={t("borrowing.repay.submit")}
          onClose={() => setRepaying(false)}
          onConfirm={repay}
          testId="repay-confirm"
        >
          <p data-testid="repay-message">
            {t("borrowing.repay.message", {
              debt: amount(l.debt),
              coin: l.currency,
              collateral: `${amount(l.collateral_amount)} ${l.collateral}`,
            })}
          </p>
        </PaySheet>
      </div>
    );
  }
  return (
    <>
      <NavBar title={title} />
      {body}
    </>
  );
}
