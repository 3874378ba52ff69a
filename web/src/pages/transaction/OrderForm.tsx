import { type FormEvent, type Ref, useId, useImperativeHandle, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MarketInfo, Quotation } from "../../features/market/api.ts";
import {
  amountForPercent,
  estimatedFee,
  type OrderIssue,
  orderIssues,
  orderTotal,
  percentOfAvailable,
  type Side,
} from "../../features/market/order-math.ts";
import { placeOrder, type SpotBalance } from "../../features/market/orders.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { dec } from "../../lib/decimal.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { useForm } from "../../lib/form/useForm.ts";
import { type FieldErrors, type FieldMessage, fieldMessageText } from "../../lib/form/messages.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { balance, fee as formatFee, formatAmount, formatPrice } from "../../lib/format.ts";

const STEPS = [0, 25, 50, 75, 100];

export type Balances = { base: SpotBalance; quote: SpotBalance };

/** The message of an order issue, with the figures that explain it. */
function issueMessage(issue: OrderIssue, ctx: { base: string; quote: string; side: Side }): FieldMessage {
  const key = `trade.errors.${issue.code}`;
  switch (issue.code) {
    case "pricePrecision":
    case "amountPrecision":
      return { key, values: { decimals: issue.decimals } };
    case "priceTick":
      return { key, values: { tick: issue.tick } };
    case "amountLot":
      return { key, values: { lot: issue.lot } };
    case "amountMin":
      return { key, values: { min: issue.min, coin: ctx.base } };
    case "totalMin":
      return { key, values: { min: issue.min, coin: ctx.quote } };
    case "insufficient":
      return { key, values: { coin: ctx.side === "buy" ? ctx.quote : ctx.base } };
    default:
      return { key };
  }
}

/** What the page can do to the form: a price tapped in the book becomes a limit price. */
export type OrderFormHandle = { pickPrice: (price: string) => void };

/**
 * The spot order form: buy/sell, limit/market, price (prefilled from the last
 * price; a tap on the book sets it), amount, a 0–100 % slider of what is
 * available, the estimated total and fee, checks with translated messages,
 * a confirmation, and one Idempotency-Key per submission. Price and amount are typed
 * in the user's language (AmountInput); a placed order invalidates the balances and the
 * order lists, so the page needs no callback.
 */
export function OrderForm({
  ref,
  pair,
  info,
  balances,
  loggedIn,
  bestBid,
  bestAsk,
}: {
  ref?: Ref<OrderFormHandle>;
  pair: Quotation;
  info: MarketInfo | null;
  /** Best book prices, for estimating market orders (the last price when the book side is empty). */
  bestBid: string | null;
  bestAsk: string | null;
  balances: Balances | null;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const ids = { price: useId(), amount: useId(), pct: useId() };
  const promptLogin = useLoginPrompt();
  const idem = useIdempotencyKey();
  const [side, setSide] = useState<Side>("buy");
  const [orderType, setOrderType] = useState<"limit" | "market">("limit");
  const pricePrecision = info?.price_precision ?? pair.price_precision;
  // The page remounts the form per pair (key), so the price starts from that pair's last price.
  const form = useForm({ price: dec(pair.now_price).gt(0) ? dec(pair.now_price).toFixed(pair.price_precision) : "", amount: "" });
  const { price, amount } = form.values;
  const { set: setField, setErrors } = form;
  // While the request is on its way (not while the confirmation is open).
  const [placing, setPlacing] = useState(false);

  const amountPrecision = info?.amount_precision ?? pair.amount_precision;
  // A limit order may rest and pay the maker fee; the estimate shows the taker fee (the most it can be).
  const feeRate = info?.taker_fee ?? pair.taker_fee;
  const slippage = info?.market_slippage;
  const base = pair.currency_name;
  const quote = pair.legal_name;

  useImperativeHandle(
    ref,
    () => ({
      pickPrice(picked: string) {
        setOrderType("limit");
        setField("price")(dec(picked).toFixed(pricePrecision));
        setErrors({});
        idem.reset();
      },
    }),
    [pricePrecision, idem, setField, setErrors],
  );

  const marketPrice = (side === "buy" ? bestAsk : bestBid) ?? pair.now_price;
  const unitPrice = orderType === "limit" ? price : marketPrice;
  /** What one unit costs against the balance: a market buy holds a slippage allowance on top. */
  const holdPrice =
    side === "buy" && orderType === "market" && slippage
      ? dec(marketPrice)
          .times(dec(1).plus(dec(slippage)))
          .toFixed()
      : unitPrice;
  const spending = balances ? (side === "buy" ? balances.quote : balances.base) : undefined;
  const available = spending?.available;
  const total = orderTotal(unitPrice, amount);
  const fee = estimatedFee(side, amount, total, feeRate);
  /** The fee in the coin it is taken from (the one received), at that coin's display digits, rounded up. */
  const feeCoin = side === "buy" ? balances?.base : balances?.quote;
  const feeLine = fee ? `${formatFee(fee, feeCoin?.decimals)} ${side === "buy" ? base : quote}` : "";
  const pct = available !== undefined ? percentOfAvailable(side, amount, available, holdPrice) : 0;

  const edit = (patch: () => void) => {
    idem.reset();
    form.setErrors({});
    patch();
  };
  const pickPercent = (value: number) =>
    edit(() => {
      if (available === undefined) return;
      form.set("amount")(amountForPercent(side, value, available, holdPrice, amountPrecision, info?.lot_size));
    });

  const priceError = form.errors.price ? fieldMessageText(t, form.errors.price) : undefined;
  const amountError = form.errors.amount ? fieldMessageText(t, form.errors.amount) : undefined;

  /** The first issue of each field, as its message. */
  const check = (): FieldErrors<"price" | "amount"> => {
    const found = orderIssues(price, amount, {
      side,
      orderType,
      pricePrecision,
      amountPrecision,
      tickSize: info?.tick_size,
      lotSize: info?.lot_size,
      minAmount: info?.min_qty,
      minTotal: info?.min_notional,
      available,
      marketPrice,
      slippage,
    });
    const errors: FieldErrors<"price" | "amount"> = {};
    for (const issue of found) errors[issue.field] ??= issueMessage(issue, { base, quote, side });
    return errors;
  };

  const place = async () => {
    const sideText = t(side === "buy" ? "trade.side.buy" : "trade.side.sell");
    const lines = [
      t("trade.confirm.side", { side: sideText, type: t(orderType === "limit" ? "trade.type.limit" : "trade.type.market") }),
      t("trade.confirm.price", {
        value: orderType === "limit" ? `${formatPrice(price, pricePrecision)} ${quote}` : t("trade.form.marketPrice"),
      }),
      t("trade.confirm.amount", { value: `${formatAmount(amount, amountPrecision)} ${base}` }),
      t("trade.confirm.total", {
        value: total ? `${orderType === "market" ? "≈ " : ""}${formatPrice(total.toFixed(), pricePrecision)} ${quote}` : "--",
      }),
      t("trade.confirm.fee", { value: fee ? `≈ ${feeLine}` : "--" }),
    ];
    const ok = await confirmDialog({
      title: t("trade.confirm.title", { side: sideText, symbol: pair.symbol }),
      message: lines.join("\n"),
      confirmText: sideText,
    });
    if (!ok) return;
    setPlacing(true);
    try {
      await placeOrder(
        { currencyId: pair.currency_id, legalId: pair.legal_id, side, orderType, price: orderType === "limit" ? price : undefined, amount },
        idem.current(),
      );
      idem.reset();
      toast(t("trade.form.placed"));
      form.set("amount")("");
    } finally {
      // a failure is shown by the form helper (under its field, or as a toast); a retry reuses the same key
      setPlacing(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!loggedIn) {
      promptLogin();
      return;
    }
    void form.submit(check, place);
  };

  return (
    <form className={`order-form ${side}`} onSubmit={submit} noValidate data-testid="order-form">
      <div className="side-tabs" role="tablist">
        {(["buy", "sell"] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={side === s ? `active ${s}` : ""}
            onClick={() => edit(() => setSide(s))}
            data-testid={`side-${s}`}
          >
            {t(`trade.side.${s}`)}
          </button>
        ))}
      </div>
      <div className="type-tabs" role="tablist">
        {(["limit", "market"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={orderType === k}
            className={orderType === k ? "active" : ""}
            onClick={() => edit(() => setOrderType(k))}
            data-testid={`type-${k}`}
          >
            {t(`trade.type.${k}`)}
          </button>
        ))}
      </div>

      <label className="visually-hidden" htmlFor={ids.price}>
        {t("trade.form.price", { coin: quote })}
      </label>
      {orderType === "limit" ? (
        <div className={priceError ? "form-input invalid" : "form-input"}>
          <AmountInput
            id={ids.price}
            className="input"
            value={price}
            placeholder={t("trade.form.price", { coin: quote })}
            onChange={(value, why) => edit(() => form.amount("price").onChange(value, why))}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${ids.price}-error` : undefined}
            data-testid="order-price"
          />
          <span className="unit">{quote}</span>
        </div>
      ) : (
        <div className="form-input disabled" id={ids.price}>
          <span className="muted">{t("trade.form.marketPrice")}</span>
        </div>
      )}
      {priceError && (
        <p id={`${ids.price}-error`} className="field-error" role="alert" data-testid="price-error">
          {priceError}
        </p>
      )}

      <label className="visually-hidden" htmlFor={ids.amount}>
        {t("trade.form.amount", { coin: base })}
      </label>
      <div className={amountError ? "form-input invalid" : "form-input"}>
        <AmountInput
          id={ids.amount}
          className="input"
          value={amount}
          placeholder={t("trade.form.amount", { coin: base })}
          onChange={(value, why) => edit(() => form.amount("amount").onChange(value, why))}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${ids.amount}-error` : undefined}
          data-testid="order-amount"
        />
        <span className="unit">{base}</span>
      </div>
      {amountError && (
        <p id={`${ids.amount}-error`} className="field-error" role="alert" data-testid="amount-error">
          {amountError}
        </p>
      )}

      <div className="pct-slider">
        <input
          id={ids.pct}
          type="range"
          min={0}
          max={100}
          step={25}
          value={Math.round(pct / 25) * 25}
          onChange={(e) => pickPercent(Number(e.target.value))}
          disabled={available === undefined}
          aria-label={t("trade.form.percent")}
          aria-valuetext={`${pct}%`}
          data-testid="order-pct"
        />
        <div className="pct-steps">
          {STEPS.map((s) => (
            <button
              key={s}
              type="button"
              className={pct >= s && pct > 0 ? "on" : ""}
              onClick={() => pickPercent(s)}
              disabled={available === undefined}
              data-testid={`pct-${s}`}
            >
              {s}%
            </button>
          ))}
        </div>
      </div>

      <dl className="form-kv">
        <div>
          <dt>{t("trade.form.available")}</dt>
          <dd className="num" data-testid="order-available">
            {available !== undefined ? `${balance(available, spending!.decimals)} ${side === "buy" ? quote : base}` : "--"}
          </dd>
        </div>
        <div>
          <dt>{t("trade.form.total")}</dt>
          <dd className="num" data-testid="order-total">
            {total ? `${orderType === "market" ? "≈ " : ""}${formatPrice(total.toFixed(), pricePrecision)} ${quote}` : "--"}
          </dd>
        </div>
        <div>
          <dt>{feeRate !== undefined ? t("trade.form.feeRate", { rate: dec(feeRate).times(100).toFixed() }) : t("trade.form.fee")}</dt>
          <dd className="num" data-testid="order-fee">
            {fee ? `≈ ${feeLine}` : "--"}
          </dd>
        </div>
      </dl>

      <button
        type="submit"
        className={`btn btn-block ${side === "buy" ? "btn-up" : "btn-down"}`}
        disabled={form.submitting}
        data-testid="order-submit"
      >
        {!loggedIn
          ? t("common.goLogIn")
          : placing
            ? t("trade.form.submitting")
            : t(side === "buy" ? "trade.form.buy" : "trade.form.sell", { coin: base })}
      </button>
    </form>
  );
}
