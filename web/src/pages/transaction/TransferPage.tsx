import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  RATE_POLL_MS,
  REQUOTE_CODES,
  type Received,
  type TransferCoin,
  confirmable,
  convertCoins,
  fetchQuote,
  fetchTransferList,
  priceAgeSeconds,
  secondsLeft,
} from "../../features/market/convert.ts";
import { IconSwapVertical } from "../../features/market/icons.tsx";
import { sanitizeDecimal } from "../../features/market/order-math.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { ApiFailure } from "../../lib/api.ts";
import { dec, fixed } from "../../lib/decimal.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";

const PLAIN = /^\d{1,20}(?:\.\d{1,20})?$/;
/** Shown amounts: up to 8 decimals, trailing zeros dropped. */
const show = (value: string) => fixed(value, 8).replace(/\.?0+$/, "");
/** What the page asks the server to quote: the amount only once it is a plain positive number. */
const quotable = (text: string) => (PLAIN.test(text) && dec(text).gt(0) && dec(text).decimalPlaces() <= 8 ? text : undefined);

type QuoteState = {
  /** from-to-number the answer belongs to. */
  key: string;
  received?: Received;
  /** The server's translated reason for refusing this pair (no live price, suspended coin…). */
  refusal?: string;
  failed?: boolean;
  /** The amount the previous quote for the same inputs promised, when a renewal changed it. */
  renewedFrom?: string;
};

/** The device clock, re-read every second while the page is open (countdown and price age). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The live quote for from → to (and `number` when given): fetched when the inputs settle, renewed when
 * a locked quote expires, and re-read every RATE_POLL_MS while there is nothing to lock (no amount, or a
 * refusal, since prices can come back). A renewal never replaces the amount silently: `renewedFrom` says so.
 */
function useQuote(from: number | undefined, to: number | undefined, number: string | undefined) {
  const [state, setState] = useState<QuoteState | null>(null);
  const [round, setRound] = useState(0);
  const lastKey = useRef("");
  const key = from && to ? `${from}-${to}-${number ?? ""}` : "";

  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    // Typing settles before a quote is asked for; a renewal of the same inputs goes at once.
    const delay = number && lastKey.current !== key ? 300 : 0;
    lastKey.current = key;
    const timer = setTimeout(
      () =>
        void fetchQuote(from, to, number).then(
          (fee) =>
            live &&
            setState((prev) => {
              const before = prev?.key === key ? prev.received?.fee.quote?.receive : undefined;
              const now = fee.quote?.receive;
              return { key, received: { fee, at: Date.now() }, renewedFrom: before && now && before !== now ? before : undefined };
            }),
          (err: unknown) =>
            live && setState(err instanceof ApiFailure && err.kind === "error" ? { key, refusal: err.message } : { key, failed: true }),
        ),
      delay,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for from, to and number
  }, [key, round]);

  const current = state?.key === key ? state : null;
  useEffect(() => {
    if (!current) return;
    const q = current.received?.fee.quote;
    const wait = q ? Math.max(0, current.received!.at + q.expires_in - Date.now()) : RATE_POLL_MS;
    const timer = setTimeout(() => setRound((r) => r + 1), wait);
    return () => clearTimeout(timer);
  }, [current]);

  return { current, requote: () => setRound((r) => r + 1) };
}

/**
 * Coin conversion (fund/transfer): from coin, to coin, amount. The server quotes the exact amount received,
 * locked for a few seconds with a countdown and the age of the prices behind it; confirming sends that quote,
 * so the user receives exactly what was shown or is told why not. `?from=<id>&coin=<name>` preselects a coin.
 */
export default function TransferPage() {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId(), amount: useId() };
  const [params] = useSearchParams();
  const [reloadKey, setReloadKey] = useState(0);
  // An inline loader: useQuery re-runs when its callback changes, and a module function never does.
  const list = useQuery(() => fetchTransferList(), [reloadKey]);
  // The coin the link asked for, until the user picks another (a new link asks again).
  const asked = Number(params.get("from")) || null;
  const [picked, setPicked] = useState<{ asked: number | null; id: number } | null>(null);
  const from = picked && picked.asked === asked ? picked.id : asked;
  const setFrom = (id: number) => setPicked({ asked, id });
  const [to, setTo] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const idem = useIdempotencyKey();
  const now = useNow();

  const coins = list.data?.transfer ?? [];
  const fromCoin = coins.find((c) => c.id === from) ?? coins[0];
  const into = (c: TransferCoin) => c.into && c.id !== fromCoin?.id;
  const toCoin =
    coins.find((c) => c.id === to && into(c)) ??
    (fromCoin?.name !== "USDT" ? coins.find((c) => c.name === "USDT" && into(c)) : undefined) ??
    coins.find(into);
  const { current, requote } = useQuote(fromCoin?.id, toCoin?.id, quotable(amount.trim()));
  /** The quote the current Idempotency-Key belongs to: a retry of the same confirmation reuses it, a new quote gets a new one. */
  const keyQuote = useRef<string | null>(null);

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

  // A coin details page sent a coin that does not convert: say so instead of silently picking another.
  const notConvertible = asked !== null && !coins.some((c) => c.id === asked) && from === asked;
  const available = list.data.wallet.find((w) => w.currency === fromCoin.id)?.change_balance ?? "0";
  const fee = current?.received?.fee;
  const quote = fee?.quote ?? null;
  const left = current?.received ? secondsLeft(current.received, now) : null;

  const change = (patch: () => void) => {
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
    if (dec(s).gt(dec(available))) return t("trade.convert.errors.insufficient", { coin: fromCoin.name });
    if (current?.refusal) return current.refusal;
    if (!quote || !current?.received) return t("trade.convert.errors.noRate");
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const message = validate();
    setError(message);
    const received = current?.received;
    if (message || !quote || !received) return;
    const ok = await confirmDialog({
      title: t("trade.convert.confirmTitle"),
      message: [
        t("trade.convert.confirmPay", { value: `${show(quote.number)} ${fromCoin.name}` }),
        t("trade.convert.confirmReceive", { value: `${show(quote.receive)} ${toCoin.name}` }),
        t("trade.convert.confirmFee", { value: `${show(quote.fee_amount)} ${fromCoin.name}` }),
        t("trade.convert.confirmValid", { seconds: secondsLeft(received) ?? 0 }),
      ].join("\n"),
    });
    if (!ok) return;
    // The quote ran out while the dialog was open: never send it, show the new one and ask again.
    if (!confirmable(received)) {
      setError(t("trade.convert.expired"));
      requote();
      return;
    }
    if (keyQuote.current !== quote.quote_id) {
      idem.reset();
      keyQuote.current = quote.quote_id;
    }
    setBusy(true);
    try {
      const text = await convertCoins({ number: quote.number, from: fromCoin.id, to: toCoin.id, quoteId: quote.quote_id }, idem.current());
      idem.reset();
      toast(typeof text === "string" && text ? text : t("trade.convert.done"));
      setAmount("");
      setReloadKey((k) => k + 1);
    } catch (err) {
      if (err instanceof ApiFailure) {
        setError(err.message);
        if (err.code && (REQUOTE_CODES.has(err.code) || err.code.startsWith("CONVERSION_"))) requote();
      }
      // a network failure: the same quote and key may be retried
    } finally {
      setBusy(false);
    }
  };

  const select = (id: string, value: number, onPick: (v: number) => void, testId: string, target: boolean) => (
    <select id={id} className="input" value={value} onChange={(e) => onPick(Number(e.target.value))} data-testid={testId}>
      {coins.map((c) => (
        <option key={c.id} value={c.id} disabled={target && !c.into}>
          {target && !c.into ? t("trade.convert.suspended", { coin: c.name }) : c.name}
        </option>
      ))}
    </select>
  );

  return (
    <>
      <NavBar title={title} />
      <form className="content convert-form" onSubmit={submit} noValidate>
        {notConvertible && (
          <p className="field-error" role="alert" data-testid="convert-not-convertible">
            {t("trade.convert.notConvertible", { coin: params.get("coin") ?? "" })}
          </p>
        )}
        <div className="card convert-card">
          <div className="field">
            <label htmlFor={ids.from}>{t("trade.convert.from")}</label>
            {select(ids.from, fromCoin.id, pickFrom, "convert-from", false)}
          </div>
          <button
            type="button"
            className="swap-round"
            onClick={swap}
            disabled={!fromCoin.into}
            aria-label={t("trade.convert.swap")}
            data-testid="convert-swap"
          >
            <IconSwapVertical />
          </button>
          <div className="field">
            <label htmlFor={ids.to}>{t("trade.convert.to")}</label>
            {select(ids.to, toCoin.id, pickTo, "convert-to", true)}
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

        {current?.refusal && (
          <p className="convert-refusal" role="alert" data-testid="convert-refusal">
            {current.refusal}
          </p>
        )}
        <dl className="kv convert-summary" aria-live="polite">
          <dt>{t("trade.convert.rate")}</dt>
          <dd className="num" data-testid="convert-rate">
            {fee ? `1 ${fromCoin.name} ≈ ${show(fee.rate)} ${toCoin.name}` : current?.failed ? t("trade.convert.rateFailed") : "--"}
          </dd>
          <dt>{t("trade.convert.priceTime")}</dt>
          <dd className="num" data-testid="convert-price-age">
            {current?.received ? t("trade.convert.priceAge", { seconds: priceAgeSeconds(current.received, now) }) : "--"}
          </dd>
          <dt>{t("trade.convert.fee")}</dt>
          <dd className="num" data-testid="convert-fee">
            {quote ? `${show(quote.fee_amount)} ${fromCoin.name}` : fee ? `${dec(fee.fee).toFixed()}%` : "--"}
          </dd>
          <dt>{t("trade.convert.receive")}</dt>
          <dd className="num convert-receive" data-testid="convert-receive">
            {quote ? `${show(quote.receive)} ${toCoin.name}` : "--"}
          </dd>
          {quote && (
            <>
              <dt>{t("trade.convert.quote")}</dt>
              <dd className="num" data-testid="convert-countdown">
                {left ? t("trade.convert.expiresIn", { seconds: left }) : t("trade.convert.requoting")}
              </dd>
            </>
          )}
        </dl>
        {quote && current?.renewedFrom && (
          <p className="convert-renewed" role="status" data-testid="convert-renewed">
            {t("trade.convert.renewed", {
              before: `${show(current.renewedFrom)} ${toCoin.name}`,
              value: `${show(quote.receive)} ${toCoin.name}`,
            })}
          </p>
        )}
        <p className="faint">{t("trade.convert.note")}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="convert-submit">
          {busy ? t("trade.form.submitting") : t("trade.convert.submit")}
        </button>
      </form>
    </>
  );
}
