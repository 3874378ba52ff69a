import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView, QueryPending } from "../../components/States.tsx";
import {
  type LoanTerms,
  applyForLoan,
  collateralValue,
  dayInterestUnits,
  eligibilityQuery,
  liquidationPrice,
  loanTermsQuery,
  maxLoan,
  totalDueUnits,
} from "../../features/loans/api.ts";
import { PaySheet } from "../../features/loans/PaySheet.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { coinsQuery, holdings, walletQuery } from "../../features/wallet/api.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { D, dec } from "../../lib/decimal.ts";
import { amount, fixed } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import "../../styles/borrowing.css";

const LOAN_DECIMALS = 6;

/** The published terms, for everyone (the spec's borrowing information page). */
function TermsCard({ terms }: { terms: LoanTerms }) {
  useTexts("borrowing");
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="loan-terms">
      <h2 className="card-title">{t("borrowing.terms.title")}</h2>
      <dl className="kv kv-compact">
        <dt>{t("borrowing.terms.amount")}</dt>
        <dd className="num">
          {t("borrowing.terms.amountValue", { min: amount(terms.min_amount), max: amount(terms.max_amount), coin: terms.coin })}
        </dd>
        <dt>{t("borrowing.terms.collateral")}</dt>
        <dd>{terms.collateral.join(", ")}</dd>
        <dt>{t("borrowing.terms.limit")}</dt>
        <dd>{t("borrowing.terms.limitValue", { multiple: terms.max_multiple, risk: terms.open_risk_pct })}</dd>
        <dt>{t("borrowing.terms.term")}</dt>
        <dd className="num">{t("borrowing.terms.termValue", { min: terms.min_days, max: terms.max_days })}</dd>
        <dt>{t("borrowing.terms.rate")}</dt>
        <dd className="num">{t("borrowing.terms.rateValue", { rate: amount(terms.daily_rate_pct) })}</dd>
        <dt>{t("borrowing.terms.overdue")}</dt>
        <dd className="num">{t("borrowing.terms.rateValue", { rate: amount(terms.overdue_rate_pct) })}</dd>
        <dt>{t("borrowing.terms.liquidation")}</dt>
        <dd className="num">{t("borrowing.terms.liquidationValue", { risk: terms.liquidation_risk_pct })}</dd>
        <dt>{t("borrowing.terms.review")}</dt>
        <dd>{t("borrowing.terms.reviewValue", { days: terms.review_days })}</dd>
      </dl>
      <p className="faint loan-note">{t("borrowing.terms.formulas")}</p>
    </section>
  );
}

/** Apply for an OTC loan: the figures with the user's numbers, a confirmation with the pay password, then the collateral is held. */
function ApplyForm({ terms }: { terms: LoanTerms }) {
  useTexts("borrowing");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const walletQ = useQuery({ ...walletQuery(token), staleTime: 0 });
  const coinsQ = useQuery(coinsQuery);
  const [coin, setCoin] = useState<string>(terms.collateral[0]);
  const [collateral, setCollateral] = useState("");
  const [loan, setLoan] = useState("");
  const [days, setDays] = useState("30");
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const idem = useIdempotencyKey();

  if ((walletQ.error && !walletQ.data) || (coinsQ.error && !coinsQ.data)) {
    const failed = walletQ.error ? walletQ : coinsQ;
    return <ErrorView message={failed.error?.message} onRetry={failed.reload} />;
  }
  if (!walletQ.data || !coinsQ.data) return <DelayedSpinner />;
  const info = coinsQ.data.find((c) => c.name === coin);
  const decimals = info?.precision ?? 8;
  const price = info?.usdt_price ?? null;
  const available = holdings(walletQ.data, "change").find((h) => h.name === coin)?.available ?? "0";

  const collateralIssue = amountIssue(collateral, { decimals, max: available });
  const loanIssue = amountIssue(loan, { decimals: LOAN_DECIMALS, min: terms.min_amount, max: terms.max_amount });
  const daysNumber = /^\d{1,3}$/.test(days) ? Number(days) : 0;
  const daysOk = daysNumber >= terms.min_days && daysNumber <= terms.max_days;
  const scale = new D(10).pow(decimals);
  const collateralUnits = collateralIssue === null ? dec(collateral).times(scale).toNumber() : 0;
  const value = price && collateralUnits > 0 ? collateralValue(collateralUnits, decimals, price) : null;
  const max = value ? maxLoan(value) : null;
  const overMax = max !== null && loanIssue === null && dec(loan).gt(max);
  const principal = loanIssue === null ? dec(loan).times(new D(10).pow(LOAN_DECIMALS)).toNumber() : 0;
  const daily = dayInterestUnits(principal, terms.daily_rate_pct);
  const total = daysOk ? totalDueUnits(principal, daysNumber, daily) : 0;
  const units = (n: number) => dec(n).div(new D(10).pow(LOAN_DECIMALS)).toFixed();
  const ready = collateralIssue === null && loanIssue === null && daysOk && !overMax && value !== null;
  const liq = ready ? liquidationPrice(collateralUnits, decimals, total, LOAN_DECIMALS) : null;
  const risk = ready && value ? value.div(dec(loan)).times(100).toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2) : null;
  const err = (issue: Parameters<typeof amountIssueMessage>[0], ctx: Parameters<typeof amountIssueMessage>[1]) =>
    shown ? amountIssueMessage(issue, ctx) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (ready) setConfirming(true);
  };
  const apply = async (password: string) => {
    toast(
      await applyForLoan({ collateral: coin, collateral_amount: collateral, amount: loan, days, pay_password: password }, idem.current()),
    );
    idem.reset();
    setConfirming(false);
    void navigate("/borrowing/loans");
  };

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="loan-form">
      <h2 className="section-title">{t("borrowing.apply.title")}</h2>
      <div className="segmented" role="radiogroup" aria-label={t("borrowing.apply.collateral")}>
        {terms.collateral.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={coin === c}
            className={coin === c ? "active" : ""}
            onClick={() => setCoin(c)}
            data-testid={`loan-coin-${c}`}
          >
            {c}
          </button>
        ))}
      </div>
      <AmountField
        label={t("borrowing.apply.collateralAmount")}
        unit={coin}
        decimals={decimals}
        value={collateral}
        onChange={setCollateral}
        error={err(collateralIssue, { coin, decimals, max: amount(available) })}
        hint={t("borrowing.apply.available", { amount: amount(available), coin })}
        onAll={() => setCollateral(available)}
        testId="loan-collateral"
      />
      <AmountField
        label={t("borrowing.apply.amount")}
        unit={terms.coin}
        decimals={LOAN_DECIMALS}
        value={loan}
        onChange={setLoan}
        error={
          overMax && shown
            ? t("borrowing.apply.overMax", { max: amount(max!.toFixed()), coin: terms.coin })
            : err(loanIssue === "aboveBalance" ? "invalid" : loanIssue, {
                coin: terms.coin,
                decimals: LOAN_DECIMALS,
                min: amount(terms.min_amount),
              })
        }
        hint={
          max
            ? t("borrowing.apply.max", { max: amount(max.toFixed()), coin: terms.coin })
            : t("borrowing.apply.range", { min: amount(terms.min_amount), max: amount(terms.max_amount), coin: terms.coin })
        }
        testId="loan-amount"
      />
      {shown && loanIssue === "aboveBalance" && (
        <p className="field-error" role="alert">
          {t("borrowing.apply.range", { min: amount(terms.min_amount), max: amount(terms.max_amount), coin: terms.coin })}
        </p>
      )}
      <div className="field">
        <label htmlFor="loan-days">{t("borrowing.apply.days")}</label>
        <div className="input-group">
          <input
            id="loan-days"
            className="input num"
            inputMode="numeric"
            aria-invalid={shown && !daysOk}
            aria-describedby="loan-days-error"
            value={days}
            onChange={(e) => setDays(e.target.value.trim())}
            data-testid="loan-days"
          />
          <span className="input-suffix">{t("borrowing.apply.daysUnit")}</span>
        </div>
        <span id="loan-days-error" className="field-error" role={shown && !daysOk ? "alert" : undefined}>
          {shown && !daysOk ? t("borrowing.apply.daysRange", { min: terms.min_days, max: terms.max_days }) : ""}
        </span>
      </div>
      <dl className="kv summary" data-testid="loan-preview">
        <dt>{t("borrowing.apply.value")}</dt>
        <dd className="num">{value ? `${fixed(value, 2)} USDT` : "—"}</dd>
        <dt>{t("borrowing.apply.dailyInterest")}</dt>
        <dd className="num" data-testid="preview-daily">
          {principal ? `${amount(units(daily))} ${terms.coin}` : "—"}
        </dd>
        <dt>{t("borrowing.apply.totalDue")}</dt>
        <dd className="num" data-testid="preview-total">
          {total ? `${amount(units(total))} ${terms.coin}` : "—"}
        </dd>
        <dt>{t("borrowing.apply.riskRate")}</dt>
        <dd className="num">{risk ? `${risk} %` : "—"}</dd>
        <dt>{t("borrowing.apply.liquidationPrice")}</dt>
        <dd className="num" data-testid="preview-liquidation">
          {liq ? `${fixed(liq, 2)} USDT` : "—"}
        </dd>
      </dl>
      <button type="submit" className="btn btn-primary btn-block" data-testid="loan-submit">
        {t("borrowing.apply.submit")}
      </button>
      <PaySheet
        open={confirming}
        title={t("borrowing.confirm.applyTitle")}
        submit={t("borrowing.confirm.applySubmit")}
        onClose={() => setConfirming(false)}
        onConfirm={apply}
        testId="loan-confirm"
      >
        <dl className="kv">
          <dt>{t("borrowing.apply.collateralAmount")}</dt>
          <dd className="num">{`${amount(collateral)} ${coin}`}</dd>
          <dt>{t("borrowing.apply.amount")}</dt>
          <dd className="num">{`${amount(loan)} ${terms.coin}`}</dd>
          <dt>{t("borrowing.apply.days")}</dt>
          <dd className="num">{t("borrowing.terms.termDays", { days: daysNumber })}</dd>
          <dt>{t("borrowing.terms.rate")}</dt>
          <dd className="num">{t("borrowing.terms.rateValue", { rate: amount(terms.daily_rate_pct) })}</dd>
          <dt>{t("borrowing.apply.dailyInterest")}</dt>
          <dd className="num">{`${amount(units(daily))} ${terms.coin}`}</dd>
          <dt>{t("borrowing.apply.totalDue")}</dt>
          <dd className="num" data-testid="confirm-total">{`${amount(units(total))} ${terms.coin}`}</dd>
          <dt>{t("borrowing.apply.liquidationPrice")}</dt>
          <dd className="num">{liq ? `${fixed(liq, 2)} USDT` : "—"}</dd>
        </dl>
        <p className="faint loan-note">
          {t("borrowing.confirm.applyNote", {
            days: terms.review_days,
            risk: terms.liquidation_risk_pct,
            overdue: amount(terms.overdue_rate_pct),
          })}
        </p>
      </PaySheet>
    </form>
  );
}

/** The borrowing page: the terms for everyone; for a signed-in user, eligibility and the application, and their loans. */
export default function BorrowingPage() {
  useTexts("borrowing");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const terms = useQuery(loanTermsQuery);
  const elig = useQuery(eligibilityQuery(token), { enabled: Boolean(token) });
  const title = t("borrowing.title");
  let body;
  if (!terms.data) body = <QueryPending query={terms} />;
  else {
    let action;
    if (!token) {
      action = (
        <Link to="/login?redirect=%2Fborrowing" className="btn btn-primary btn-block">
          {t("borrowing.logIn")}
        </Link>
      );
    } else if (elig.error && !elig.data) action = <ErrorView message={elig.error.message} onRetry={elig.reload} />;
    else if (!elig.data) action = <DelayedSpinner />;
    else if (!elig.data.eligible) {
      action = (
        <section className="card" data-testid="loan-not-eligible">
          <h2 className="card-title">{t("borrowing.eligibility.title")}</h2>
          <p>{t("borrowing.eligibility.explain", { level: terms.data.min_vip_level, current: elig.data.vip_level })}</p>
          <Link to="/kefu" className="btn btn-ghost btn-block">
            {t("borrowing.eligibility.contact")}
          </Link>
        </section>
      );
    } else action = <ApplyForm terms={terms.data} />;
    body = (
      <div className="content stack">
        <p className="faint">{t("borrowing.intro")}</p>
        {token && (
          <Link to="/borrowing/loans" className="btn btn-ghost btn-block" data-testid="my-loans-link">
            {t("borrowing.myLoans")}
          </Link>
        )}
        <TermsCard terms={terms.data} />
        {/* Last: the application loads the wallet and grows when it arrives, and nothing below it may move. */}
        {action}
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
