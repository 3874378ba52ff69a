import { useTranslation } from "react-i18next";
import { dec } from "../../lib/decimal.ts";
import { amount, fixed } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { formatDate } from "../../lib/time.ts";
import type { LoanView } from "./api.ts";

/** The state a loan shows: overdue is an active loan past its due day. */
export const loanState = (l: LoanView) => (l.status === "active" && l.overdue ? "overdue" : l.status);

const BADGE = { pending: "warn", active: "up", overdue: "down", repaid: "", liquidated: "down", rejected: "down" } as const;

export function LoanBadge({ loan }: { loan: LoanView }) {
  useTexts("borrowing");
  const { t } = useTranslation();
  const state = loanState(loan);
  return (
    <span className={`status-badge ${BADGE[state]}`} data-testid="loan-status">
      {t(`borrowing.status.${state}`)}
    </span>
  );
}

/** A loan's figures, as the list and the detail show them. */
export function LoanFigures({ loan, full = false }: { loan: LoanView; full?: boolean }) {
  useTexts("borrowing");
  const { t } = useTranslation();
  const c = loan.currency;
  const open = loan.status === "active";
  return (
    <dl className="kv kv-compact">
      <dt>{t("borrowing.apply.amount")}</dt>
      <dd className="num" data-testid="loan-amount">{`${amount(loan.amount)} ${c}`}</dd>
      <dt>{t("borrowing.apply.collateralAmount")}</dt>
      <dd className="num">{`${amount(loan.collateral_amount)} ${loan.collateral}`}</dd>
      <dt>{t("borrowing.apply.days")}</dt>
      <dd className="num">{t("borrowing.terms.termDays", { days: loan.days })}</dd>
      {open && (
        <>
          <dt>{t("borrowing.loan.debt")}</dt>
          <dd className="num" data-testid="loan-debt">{`${amount(loan.debt)} ${c}`}</dd>
          <dt>{t("borrowing.loan.riskRate")}</dt>
          <dd className="num" data-testid="loan-risk">
            {loan.risk_rate ? `${loan.risk_rate} %` : "—"}
          </dd>
        </>
      )}
      {full && (
        <>
          <dt>{t("borrowing.terms.rate")}</dt>
          <dd className="num">{t("borrowing.terms.rateValue", { rate: amount(loan.daily_rate) })}</dd>
          <dt>{t("borrowing.apply.dailyInterest")}</dt>
          <dd className="num">{`${amount(loan.daily_interest)} ${c}`}</dd>
          <dt>{t("borrowing.terms.overdue")}</dt>
          <dd className="num">{`${amount(loan.overdue_interest)} ${c}`}</dd>
          <dt>{t("borrowing.loan.accrued")}</dt>
          <dd
            className="num"
            data-testid="loan-accrued"
          >{`${amount(open ? dec(loan.debt).minus(loan.amount) : loan.accrued_interest)} ${c}`}</dd>
          <dt>{t("borrowing.apply.totalDue")}</dt>
          <dd className="num">{`${amount(loan.total_due_at_term)} ${c}`}</dd>
          <dt>{t("borrowing.apply.liquidationPrice")}</dt>
          <dd className="num">{`${fixed(loan.liquidation_price, 2)} USDT`}</dd>
          {loan.price && (
            <>
              <dt>{t("borrowing.loan.price", { coin: loan.collateral })}</dt>
              <dd className="num">{`${fixed(loan.price, 2)} USDT`}</dd>
            </>
          )}
        </>
      )}
      <dt>{t("borrowing.loan.applied")}</dt>
      <dd className="num">{formatDate(loan.created_at, true)}</dd>
      {loan.due_at !== null && (
        <>
          <dt>{t("borrowing.loan.due")}</dt>
          <dd className="num">{formatDate(loan.due_at)}</dd>
        </>
      )}
      {loan.status === "repaid" && (
        <>
          <dt>{t("borrowing.loan.repaid")}</dt>
          <dd className="num">{`${amount(loan.repaid_amount)} ${c}`}</dd>
        </>
      )}
      {loan.status === "liquidated" && (
        <>
          <dt>{t("borrowing.loan.taken")}</dt>
          <dd className="num">{`${amount(loan.collateral_taken)} ${loan.collateral} @ ${fixed(loan.liquidated_at_price ?? "0", 2)}`}</dd>
        </>
      )}
      {loan.status === "rejected" && (
        <>
          <dt>{t("borrowing.loan.reason")}</dt>
          <dd>{loan.reject_reason}</dd>
        </>
      )}
    </dl>
  );
}
