import { useAtomValue } from "jotai";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
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
import { tokenAtom } from "../../features/session/atoms.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { ApiFailure } from "../../lib/api.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { type FieldMessage, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { dec } from "../../lib/decimal.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";
import { amount, balance, fee as formatFee } from "../../lib/format.ts";

/** Decimals a converted amount may have. */
const DECIMALS = 8;
/** Shown amounts: up to 8 decimals, trailing zeros dropped. */
const show = (value: string) => amount(value, DECIMALS);
/** What the page asks the server to quote: the amount (canonical, from AmountInput) only once it is a positive number it may have. */
const quotable = (value: string) => (amountIssue(value, { decimals: DECIMALS }) === null ? value : undefined);

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
  const token = useAtomValue(tokenAtom);
  // The coins and the spot balances, under the wallet's key: a conversion invalidates it, so they are read again.
  const list = useQuery({ key: [Q.wallet, token, "conversion"], load: fetchTransferList });
  // The coin the link asked for, until the user picks another (a new link asks again).
  const asked = Number(params.get("from")) || null;
  const [picked, setPicked] = useState<{ asked: number | null; id: number } | null>(null);
  const from = picked && picked.asked === asked ? picked.id : asked;
  const setFrom = (id: number) => setPicked({ asked, id });
  const [to, setTo] = useState<number | null>(null);
  const form = useForm({ number: "" });
  const idem = useIdempotencyKey();
  const now = useNow();

  const coins = list.data?.transfer ?? [];
  const fromCoin = coins.find((c) => c.id === from) ?? coins[0];
  const into = (c: TransferCoin) => c.into && c.id !== fromCoin?.id;
  const toCoin =
    coins.find((c) => c.id === to && into(c)) ??
    (fromCoin?.name !== "USDT" ? coins.find((c) => c.name === "USDT" && into(c)) : undefined) ??
    coins.find(into);
  const { current, requote } = useQuote(fromCoin?.id, toCoin?.id, quotable(form.values.number));
  /** The quote the current Idempotency-Key belongs to: a retry of the same confirmation reuses it, a new quote gets a new one. */
  const keyQuote = useRef<string | null>(null);

  const title = t("trade.convert.title");
  if (!list.data) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={list} />
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
  const holding = list.data.wallet.find((w) => w.currency === fromCoin.id);
  const available = holding?.change_balance ?? "0";
  const availableText = balance(available, holding?.display_decimals);
  const fee = current?.received?.fee;
  const quote = fee?.quote ?? null;
  const left = current?.received ? secondsLeft(current.received, now) : null;

  const change = (patch: () => void) => {
    form.setErrors({});
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
  const all = () => change(() => form.set("number")(dec(available).toFixed()));

  const check = (): { number?: FieldMessage } => {
    const issue = amountIssue(form.values.number, { decimals: DECIMALS, max: available });
    if (issue) return { number: amountIssueMessage(issue, { coin: fromCoin.name, decimals: DECIMALS, max: availableText }) };
    if (current?.refusal) return { number: { text: current.refusal } };
    if (!quote || !current?.received) return { number: { key: "trade.convert.errors.noRate" } };
    return {};
  };

  const confirm = async () => {
    const received = current?.received;
    if (!quote || !received) return;
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
      form.setErrors({ number: { key: "trade.convert.expired" } });
      requote();
      return;
    }
    if (keyQuote.current !== quote.quote_id) {
      idem.reset();
      keyQuote.current = quote.quote_id;
    }
    try {
      // The conversion invalidates the balances: the list above is read again.
      const text = await convertCoins({ number: quote.number, from: fromCoin.id, to: toCoin.id, quoteId: quote.quote_id }, idem.current());
      idem.reset();
      toast(typeof text === "string" && text ? text : t("trade.convert.done"));
      form.set("number")("");
    } catch (err) {
      // A quote the server no longer honours: say why under the amount and ask for a new one (confirmed with a new key).
      if (err instanceof ApiFailure && err.code && (REQUOTE_CODES.has(err.code) || err.code.startsWith("CONVERSION_"))) {
        form.setErrors({ number: { text: err.message } });
        requote();
        return;
      }
      // Anything else is the form's (a field's code under it, the rest toasted); after a network
      // failure the same quote and key may be retried.
      throw err;
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(check, confirm);
  };
  const error = form.errors.number ? fieldMessageText(t, form.errors.number) : undefined;

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
            <AmountInput
              id={ids.amount}
              className="input"
              value={form.values.number}
              onChange={(value, why) => change(() => form.amount("number").onChange(value, why))}
              placeholder={t("trade.convert.amountPlaceholder", { coin: fromCoin.name })}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${ids.amount}-error`}
              data-testid="convert-amount"
            />
            <span className="unit">{fromCoin.name}</span>
            <button type="button" className="btn btn-ghost btn-small" onClick={all} data-testid="convert-all">
              {t("trade.convert.all")}
            </button>
          </div>
          <p className="faint">{t("trade.convert.available", { value: `${availableText} ${fromCoin.name}` })}</p>
          {error && (
            <p id={`${ids.amount}-error`} className="field-error" role="alert" data-testid="convert-error">
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
            {quote ? `${formatFee(quote.fee_amount)} ${fromCoin.name}` : fee ? `${dec(fee.fee).toFixed()}%` : "--"}
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
        <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="convert-submit">
          {form.submitting ? t("trade.form.submitting") : t("trade.convert.submit")}
        </button>
      </form>
    </>
  );
}
