import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  conversion,
  conversionRate,
  convertCoins,
  fetchTransferFee,
  fetchTransferList,
  RATE_POLL_MS,
  type TransferQuote,
} from "../../features/market/convert.ts";
import { IconSwapVertical } from "../../features/market/icons.tsx";
import { sanitizeDecimal } from "../../features/market/order-math.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { dec, fixed } from "../../lib/decimal.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";

const PLAIN = /^\d{1,20}(?:\.\d{1,20})?$/;
/** Shown amounts: up to 8 decimals, trailing zeros dropped. */
const show = (value: string) => fixed(value, 8).replace(/\.?0+$/, "");

/**
 * Coin conversion (fund/transfer): from coin, to coin, amount; live rate and fee re-read every 3 s; confirmation;
 * one Idempotency-Key per conversion.
 */
export default function TransferPage() {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId(), amount: useId() };
  const [reloadKey, setReloadKey] = useState(0);
  // The coins and the spot balances; a conversion reads them again (a new key).
  const list = useQuery({ key: [Q.wallet, "conversion", reloadKey], load: fetchTransferList });
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [quote, setQuote] = useState<{ pair: string; quote: TransferQuote } | null>(null);
  const [quoteFailed, setQuoteFailed] = useState(false);
  const idem = useIdempotencyKey();

  const coins = list.data?.transfer ?? [];
  const fromCoin = coins.find((c) => c.id === from) ?? coins[0];
  const toCoin = coins.find((c) => c.id === to && c.id !== fromCoin?.id) ?? coins.find((c) => c.id !== fromCoin?.id);
  const pairKey = fromCoin && toCoin ? `${fromCoin.id}-${toCoin.id}` : "";

  // The rate and fee, now and every 3 s while the page is open (as the original did).
  useEffect(() => {
    if (!fromCoin || !toCoin) return;
    let live = true;
    const read = () =>
      fetchTransferFee(fromCoin.id, toCoin.id).then(
        (q) => {
          if (!live) return;
          setQuote({ pair: `${fromCoin.id}-${toCoin.id}`, quote: q });
          setQuoteFailed(false);
        },
        () => live && setQuoteFailed(true),
      );
    void read();
    const timer = setInterval(read, RATE_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [fromCoin, toCoin]);

  const title = t("trade.convert.title");
  if (list.error && !list.data) {
    return (
      <>
        <NavBar title={title} />
        <ErrorView message={list.error.message} onRetry={list.reload} />
      </>
    );
  }
  if (!list.data) {
    return (
      <>
        <NavBar title={title} />
        <DelayedSpinner />
      </>
    );
  }
  if (coins.length < 2 || !fromCoin || !toCoin) {
    return (
      <>
        <NavBar title={title} />
        <EmptyState text={t("trade.convert.noCoins")} />
      </>
    );
  }

  const available = list.data.wallet.find((w) => w.currency === fromCoin.id)?.change_balance ?? "0";
  const current = quote?.pair === pairKey ? quote.quote : null;
  const rate = current ? conversionRate(current) : null;
  const result = current ? conversion(amount, current) : null;

  const change = (patch: () => void) => {
    idem.reset();
    setError(undefined);
    patch();
  };
  const pickFrom = (id: number) => change(() => (id === toCoin.id ? (setFrom(id), setTo(fromCoin.id)) : setFrom(id)));
  const pickTo = (id: number) => change(() => (id === fromCoin.id ? (setTo(id), setFrom(toCoin.id)) : setTo(id)));
  const swap = () =>
    change(() => {
      setFrom(toCoin.id);
      setTo(fromCoin.id);
    });
  /** The whole balance (the fee comes out of the amount). */
  const all = () => change(() => setAmount(dec(available).toFixed()));

  const validate = (): string | undefined => {
    const s = amount.trim();
    if (!s) return t("trade.convert.errors.required");
    if (!PLAIN.test(s) || !dec(s).gt(0)) return t("trade.convert.errors.invalid");
    if (dec(s).decimalPlaces() > 8) return t("trade.convert.errors.precision", { decimals: 8 });
    if (!current || !result) return t("trade.convert.errors.noRate");
    if (dec(s).gt(dec(available))) return t("trade.convert.errors.insufficient", { coin: fromCoin.name });
    if (!result.receive.gt(0)) return t("trade.convert.errors.tooSmall");
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const message = validate();
    setError(message);
    if (message || !result) return;
    const ok = await confirmDialog({
      title: t("trade.convert.confirmTitle"),
      message: [
        t("trade.convert.confirmPay", { value: `${show(amount)} ${fromCoin.name}` }),
        t("trade.convert.confirmReceive", { value: `≈ ${show(result.receive.toFixed())} ${toCoin.name}` }),
        t("trade.convert.confirmFee", { value: `${show(result.fee.toFixed())} ${fromCoin.name}` }),
      ].join("\n"),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const text = await convertCoins({ number: amount, from: fromCoin.id, to: toCoin.id }, idem.current());
      idem.reset();
      toast(typeof text === "string" && text ? text : t("trade.convert.done"));
      setAmount("");
      setReloadKey((k) => k + 1);
    } catch {
      // the API client showed the server's message; a retry reuses the key
    } finally {
      setBusy(false);
    }
  };

  const select = (id: string, value: number, onPick: (v: number) => void, testId: string) => (
    <select id={id} className="input" value={value} onChange={(e) => onPick(Number(e.target.value))} data-testid={testId}>
      {coins.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );

  return (
    <>
      <NavBar title={title} />
      <form className="content convert-form" onSubmit={submit} noValidate>
        <div className="card convert-card">
          <div className="field">
            <label htmlFor={ids.from}>{t("trade.convert.from")}</label>
            {select(ids.from, fromCoin.id, pickFrom, "convert-from")}
          </div>
          <button type="button" className="swap-round" onClick={swap} aria-label={t("trade.convert.swap")} data-testid="convert-swap">
            <IconSwapVertical />
          </button>
          <div className="field">
            <label htmlFor={ids.to}>{t("trade.convert.to")}</label>
            {select(ids.to, toCoin.id, pickTo, "convert-to")}
          </div>
        </div>

        <div className="field">
          <label htmlFor={ids.amount}>{t("trade.convert.amount")}</label>
          <div className={error ? "input-group invalid" : "input-group"}>
            <input
              id={ids.amount}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => change(() => setAmount(sanitizeDecimal(e.target.value)))}
              placeholder={t("trade.convert.amountPlaceholder", { coin: fromCoin.name })}
              aria-invalid={error ? true : undefined}
              data-testid="convert-amount"
            />
            <span className="unit">{fromCoin.name}</span>
            <button type="button" className="btn btn-ghost btn-small" onClick={all} data-testid="convert-all">
              {t("trade.convert.all")}
            </button>
          </div>
          <p className="faint">{t("trade.convert.available", { value: `${show(available)} ${fromCoin.name}` })}</p>
          {error && (
            <p className="field-error" role="alert" data-testid="convert-error">
              {error}
            </p>
          )}
        </div>

        <dl className="kv convert-summary" aria-live="polite">
          <dt>{t("trade.convert.rate")}</dt>
          <dd className="num" data-testid="convert-rate">
            {rate ? `1 ${fromCoin.name} ≈ ${show(rate.toFixed())} ${toCoin.name}` : quoteFailed ? t("trade.convert.rateFailed") : "--"}
          </dd>
          <dt>{t("trade.convert.fee")}</dt>
          <dd className="num" data-testid="convert-fee">
            {result ? `${show(result.fee.toFixed())} ${fromCoin.name}` : current ? `${dec(current.fee).toFixed()}%` : "--"}
          </dd>
          <dt>{t("trade.convert.receive")}</dt>
          <dd className="num" data-testid="convert-receive">
            {result ? `≈ ${show(result.receive.toFixed())} ${toCoin.name}` : "--"}
          </dd>
        </dl>
        <p className="faint">{t("trade.convert.note")}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="convert-submit">
          {busy ? t("trade.form.submitting") : t("trade.convert.submit")}
        </button>
      </form>
    </>
  );
}
