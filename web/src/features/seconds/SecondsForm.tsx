import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SecondsDuration } from "../../../../schema/api/seconds.ts";
import { Sheet } from "../../components/Sheet.tsx";
import { ApiFailure, newIdempotencyKey } from "../../lib/api.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { type AmountInputError, amountInputMessage } from "../../lib/amount-input.ts";
import { useInputLang } from "../../lib/form/lang.ts";
import { dec } from "../../lib/decimal.ts";
import { fixed } from "../../lib/format.ts";
import { toast } from "../../lib/ui.ts";
import { type PayableCurrency, type SecondsConfig, type SecondsOrder, submitSeconds } from "./api.ts";
import { previewFigures } from "./payoff.ts";
import { useTexts } from "../../lib/i18n.ts";

type Pending = { type: 1 | 2; duration: SecondsDuration; amount: string; key: string };

/**
 * Duration chips (with their profit ratio), the amount in the pay coin, up or down; a confirmation sheet shows the fee
 * and what each outcome pays before anything moves.
 */
export function SecondsForm({
  matchId,
  symbol,
  config,
  coin,
  loggedIn,
  onLogin,
  onPlaced,
}: {
  matchId: number;
  symbol: string;
  config: SecondsConfig;
  coin: PayableCurrency | null;
  loggedIn: boolean;
  onLogin: () => void;
  onPlaced: (order: SecondsOrder) => void;
}) {
  useTexts("seconds");
  const errorId = useId();
  const { t } = useTranslation();
  const lang = useInputLang();
  const durations = config.durations.slice(0, 6);
  const [picked, setPicked] = useState<number>(durations[0]?.seconds ?? 0);
  const [amount, setAmount] = useState("");
  const [unreadable, setUnreadable] = useState<AmountInputError | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const duration = durations.find((d) => d.seconds === picked) ?? durations[0];
  const coinName = coin?.name ?? "USDT";
  const precision = coin?.precision ?? 6;

  let problem: string | null = null;
  if (unreadable) {
    const message = amountInputMessage(unreadable, lang);
    // Built at run time from the reader's codes, beyond what the typed keys can check.
    problem = (t as unknown as (key: string, values: Record<string, string | number>) => string)(message.key, message.values);
  } else if (amount && duration && (dec(amount).lt(duration.min_amount) || dec(amount).gt(duration.max_amount))) {
    problem = t("seconds.form.range", { min: duration.min_amount, max: duration.max_amount, coin: coinName });
  } else if (amount && coin?.user_wallet && dec(amount).gt(coin.user_wallet.micro_balance)) problem = t("seconds.form.short");

  const start = (type: 1 | 2) => {
    if (!loggedIn) return onLogin();
    if (!duration || !amount || problem) return;
    setPending({ type, duration, amount, key: newIdempotencyKey() });
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const order = await submitSeconds(
        { matchId, currencyId: coin?.id ?? 0, type: pending.type, seconds: pending.duration.seconds, number: pending.amount },
        pending.key,
      );
      setPending(null);
      toast(t("seconds.form.placed"));
      onPlaced(order);
    } catch (err) {
      // The API client showed why; a definite refusal ends this attempt (a new confirmation gets a new key).
      if (err instanceof ApiFailure) setPending(null);
    } finally {
      setBusy(false);
    }
  };

  const figures = pending
    ? previewFigures(pending.amount, pending.duration.profit_ratio, pending.duration.loss_ratio, config.fee_rate, precision)
    : null;

  return (
    <section className="seconds-form" data-testid="seconds-form">
      <div className="seconds-durations" role="radiogroup" aria-label={t("seconds.form.duration")}>
        {durations.map((d) => (
          <button
            key={d.seconds}
            type="button"
            role="radio"
            aria-checked={d.seconds === duration?.seconds}
            className={d.seconds === duration?.seconds ? "active" : ""}
            onClick={() => setPicked(d.seconds)}
            data-testid={`duration-${d.seconds}`}
          >
            <b>{t("seconds.seconds", { count: d.seconds })}</b>
            <span className="up">{t("seconds.form.ratio", { ratio: d.profit_ratio })}</span>
          </button>
        ))}
      </div>
      <div className="form-input">
        <AmountInput
          className="input"
          value={amount}
          placeholder={duration ? t("seconds.form.amountRange", { min: duration.min_amount, max: duration.max_amount }) : ""}
          onChange={(value, why) => {
            setAmount(value);
            setUnreadable(why);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={errorId}
          aria-label={t("seconds.form.amount")}
          data-testid="seconds-amount"
        />
        <span className="unit">{coinName}</span>
      </div>
      <p id={errorId} className="field-error" role="alert">
        {problem}
      </p>
      <div className="row-between seconds-balance">
        <span className="muted">
          {t("seconds.form.balance")}{" "}
          <b className="num" data-testid="seconds-balance">
            {loggedIn && coin?.user_wallet ? `${fixed(coin.user_wallet.micro_balance, 2)} ${coinName}` : "--"}
          </b>
        </span>
        {loggedIn && (
          <Link to="/fund/transfer" className="bottom-link">
            {t("seconds.form.transfer")}
          </Link>
        )}
      </div>
      <div className="seconds-sides">
        <button
          type="button"
          className="btn btn-up"
          onClick={() => start(1)}
          disabled={loggedIn && (!amount || !!problem)}
          data-testid="seconds-up"
        >
          {t("seconds.up")}
        </button>
        <button
          type="button"
          className="btn btn-down"
          onClick={() => start(2)}
          disabled={loggedIn && (!amount || !!problem)}
          data-testid="seconds-down"
        >
          {t("seconds.down")}
        </button>
      </div>
      <Sheet open={!!pending} title={t("seconds.confirm.title")} onClose={() => !busy && setPending(null)}>
        {pending && figures && (
          <div className="seconds-confirm" data-testid="seconds-confirm">
            <dl className="form-kv">
              <dt>{t("seconds.confirm.pair")}</dt>
              <dd>{symbol}</dd>
              <dt>{t("seconds.confirm.direction")}</dt>
              <dd className={pending.type === 1 ? "up" : "down"}>{t(pending.type === 1 ? "seconds.up" : "seconds.down")}</dd>
              <dt>{t("seconds.form.duration")}</dt>
              <dd>{t("seconds.seconds", { count: pending.duration.seconds })}</dd>
              <dt>{t("seconds.form.amount")}</dt>
              <dd className="num">{`${pending.amount} ${coinName}`}</dd>
              <dt>{t("seconds.confirm.fee", { rate: config.fee_rate })}</dt>
              <dd className="num" data-testid="confirm-fee">{`${figures.fee} ${coinName}`}</dd>
              <dt>{t("seconds.confirm.win", { ratio: pending.duration.profit_ratio })}</dt>
              <dd className="num up" data-testid="confirm-win">{`${figures.win} ${coinName}`}</dd>
              <dt>{t("seconds.confirm.tie")}</dt>
              <dd className="num">{`${figures.tie} ${coinName}`}</dd>
              <dt>{t("seconds.confirm.loss", { ratio: pending.duration.loss_ratio })}</dt>
              <dd className="num down">{`${figures.loss} ${coinName}`}</dd>
            </dl>
            <p className="muted seconds-note">{t("seconds.confirm.rule")}</p>
            <button type="button" className="btn btn-primary btn-block" onClick={confirm} disabled={busy} data-testid="seconds-confirm-ok">
              {busy
                ? t("common.loading")
                : t("seconds.confirm.ok", { total: dec(pending.amount).plus(figures.fee).toFixed(), coin: coinName })}
            </button>
          </div>
        )}
      </Sheet>
    </section>
  );
}
