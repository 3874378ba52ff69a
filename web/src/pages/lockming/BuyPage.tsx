import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { dailyInterestUnits, depositMining, miningConfigsQuery, penaltyUnits } from "../../features/earn/mining.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { holdings, walletQuery } from "../../features/wallet/api.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { amount } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { D, dec } from "../../lib/decimal.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

const DAY_MS = 86_400_000;

/** A lock-mining deposit: the amount, the user's own figures, a confirmation, then the hold. */
export default function BuyPage() {
  useTexts("earn");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const configs = useQuery(miningConfigsQuery);
  const walletQ = useQuery({ ...walletQuery(token), staleTime: 0 });
  const form = useForm({ amount: "" });
  const idem = useIdempotencyKey();
  // The day the page opened decides the dates shown; the server dates the order when it is made.
  const [openedAt] = useState(() => Date.now());
  const title = t("earn.mining.buyTitle");

  const failed = (configs.error && !configs.data ? configs : null) ?? (walletQ.error && !walletQ.data ? walletQ : null);
  if (failed) {
    return (
      <>
        <NavBar title={title} />
        <ErrorView message={failed.error?.message} onRetry={failed.reload} />
      </>
    );
  }
  if (!configs.data || !walletQ.data) {
    return (
      <>
        <NavBar title={title} />
        <DelayedSpinner />
      </>
    );
  }
  const config = configs.data.find((c) => c.id === Number(params.get("id")));
  if (!config) {
    return (
      <>
        <NavBar title={title} />
        <EmptyState text={t("earn.mining.productGone")} />
      </>
    );
  }
  const coin = config.currency;
  const decimals = config.precision;
  const available = holdings(walletQ.data, "change").find((h) => h.currencyId === config.currency_id)?.available ?? "0";
  const scale = new D(10).pow(decimals);
  const issue = amountIssue(form.values.amount, { decimals, min: config.min_amount, max: available });
  // The same formulas the server pays with (schema/api/mining-rules.ts), on the typed amount in minor units.
  const units = issue === null ? dec(form.values.amount).times(scale).toNumber() : 0;
  const daily = dec(dailyInterestUnits(units, config.daily_rate)).div(scale);
  const total = daily.times(config.days);
  const today = Math.floor(openedAt / DAY_MS);
  const startAt = (today + 1) * DAY_MS;
  const endAt = (today + config.days + 1) * DAY_MS;
  const penaltyNow = dec(penaltyUnits(units, config.cancel_ratio, config.days)).div(scale);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      () => ({
        amount: amountIssueMessage(issue, { coin, decimals, min: amount(config.min_amount), max: amount(available) }),
      }),
      async () => {
        const ok = await confirmDialog({
          title: t("earn.mining.confirmTitle"),
          message: t("earn.mining.confirmMessage", {
            amount: amount(form.values.amount),
            coin,
            days: config.days,
            daily: amount(daily),
            total: amount(total),
            start: formatDate(startAt),
            end: formatDate(endAt),
            penalty: amount(penaltyNow),
          }),
        });
        if (!ok) return;
        toast(await depositMining({ config_id: config.id, amount: form.values.amount }, idem.current()));
        idem.reset();
        void navigate("/lockming/order");
      },
    );
  };

  return (
    <>
      <NavBar title={title} />
      <form className="content stack" onSubmit={submit} noValidate>
        <div className="card">
          <div className="row-between">
            <strong>{t("earn.mining.productTitle", { coin, days: config.days })}</strong>
            <span className="up num">{t("earn.mining.dailyRateValue", { rate: config.daily_rate })}</span>
          </div>
          <dl className="kv kv-compact">
            <dt>{t("earn.mining.minAmount")}</dt>
            <dd className="num">
              {amount(config.min_amount)} {coin}
            </dd>
            <dt>{t("earn.mining.cancelRatio")}</dt>
            <dd className="num">{t("earn.mining.cancelRatioValue", { rate: config.cancel_ratio })}</dd>
          </dl>
        </div>
        <AmountField
          label={t("earn.mining.amount")}
          unit={coin}
          decimals={decimals}
          {...form.amount("amount")}
          hint={t("earn.mining.available", { amount: amount(available), coin })}
          onAll={() => form.set("amount")(available)}
          testId="mining-amount"
        />
        <dl className="kv summary" data-testid="mining-preview">
          <dt>{t("earn.mining.dailyInterest")}</dt>
          <dd className="num" data-testid="preview-daily">
            {amount(daily)} {coin}
          </dd>
          <dt>{t("earn.mining.totalInterest")}</dt>
          <dd className="num" data-testid="preview-total">
            {amount(total)} {coin}
          </dd>
          <dt>{t("earn.mining.start")}</dt>
          <dd className="num">{formatDate(startAt)}</dd>
          <dt>{t("earn.mining.end")}</dt>
          <dd className="num">{formatDate(endAt)}</dd>
        </dl>
        <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="mining-submit">
          {t("earn.mining.deposit")}
        </button>
      </form>
    </>
  );
}
