import { type FormEvent, type Ref, useId, useImperativeHandle, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MarketInfo, Quotation } from "../../features/market/api.ts";
import { formatAmount, formatPrice } from "../../features/market/format.ts";
import {
  amountForPercent,
  estimatedFee,
  type OrderIssue,
  orderIssues,
  orderTotal,
  percentOfAvailable,
  sanitizeDecimal,
  type Side,
} from "../../features/market/order-math.ts";
import { placeOrder, type SpotBalance } from "../../features/market/orders.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { dec, type DecimalValue } from "../../lib/decimal.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";

const STEPS = [0, 25, 50, 75, 100];

/** An estimated fee: six significant digits are plenty for an estimate (decimal.js, half-up). */
const feeText = (fee: DecimalValue) => fee.toSignificantDigits(6).toFixed();

export type Balances = { base: SpotBalance; quote: SpotBalance };

/** What the page can do to the form: a price tapped in the book becomes a limit price. */
export type OrderFormHandle = { pickPrice: (price: string) => void };

/**
 * The spot order form: buy/sell, limit/market, price (prefilled from the last
 * price; a tap on the book sets it), amount, a 0–100 % slider of what is
 * available, the estimated total and fee, checks with translated messages,
 * a confirmation, and one Idempotency-Key per submission.
 */
export function OrderForm({
  ref,
  pair,
  info,
  balances,
  loggedIn,
  bestBid,
  bestAsk,
  onPlaced,
}: {
  ref?: Ref<OrderFormHandle>;
  pair: Quotation;
  info: MarketInfo | null;
  /** Best book prices, for estimating market orders (the last price when the book side is empty). */
  bestBid: string | null;
  bestAsk: string | null;
  balances: Balances | null;
  loggedIn: boolean;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const ids = { price: useId(), amount: useId(), pct: useId() };
  const promptLogin = useLoginPrompt();
  const idem = useIdempotencyKey();
  const [side, setSide] = useState<Side>("buy");
  const [orderType, setOrderType] = useState<"limit" | "market">("limit");
  const pricePrecision = info?.price_precision ?? pair.price_precision;
  // The page remounts the form per pair (key), so the price starts from that pair's last price.
  const [price, setPrice] = useState(() => (dec(pair.now_price).gt(0) ? dec(pair.now_price).toFixed(pair.price_precision) : ""));
  const [amount, setAmount] = useState("");
  const [issues, setIssues] = useState<OrderIssue[]>([]);
  const [busy, setBusy] = useState(false);

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
        setPrice(dec(picked).toFixed(pricePrecision));
        setIssues([]);
        idem.reset();
      },
    }),
    [pricePrecision, idem],
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
  const available = balances ? (side === "buy" ? balances.quote.available : balances.base.available) : undefined;
  const total = orderTotal(unitPrice, amount);
  const fee = estimatedFee(side, amount, total, feeRate);
  const pct = available !== undefined ? percentOfAvailable(side, amount, available, holdPrice) : 0;

  const edit = (patch: () => void) => {
    idem.reset();
    setIssues([]);
    patch();
  };
  const pickPercent = (value: number) =>
    edit(() => {
      if (available === undefined) return;
      setAmount(amountForPercent(side, value, available, holdPrice, amountPrecision, info?.lot_size));
    });

  const message = (issue: OrderIssue) => {
    switch (issue.code) {
      case "pricePrecision":
      case "amountPrecision":
        return t(`trade.errors.${issue.code}`, { decimals: issue.decimals });
      case "priceTick":
        return t("trade.errors.priceTick", { tick: issue.tick });
      case "amountLot":
        return t("trade.errors.amountLot", { lot: issue.lot });
      case "amountMin":
        return t("trade.errors.amountMin", { min: issue.min, coin: base });
      case "totalMin":
        return t("trade.errors.totalMin", { min: issue.min, coin: quote });
      case "insufficient":
        return t("trade.errors.insufficient", { coin: side === "buy" ? quote : base });
      default:
        return t(`trade.errors.${issue.code}`);
    }
  };
  const priceIssue = issues.find((i) => i.field === "price");
  const amountIssue = issues.find((i) => i.field === "amount");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!loggedIn) {
      promptLogin();
      return;
    }
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
    setIssues(found);
    if (found.length) return;
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
      t("trade.confirm.fee", { value: fee ? `≈ ${feeText(fee)} ${side === "buy" ? base : quote}` : "--" }),
    ];
    const ok = await confirmDialog({
      title: t("trade.confirm.title", { side: sideText, symbol: pair.symbol }),
      message: lines.join("\n"),
      confirmText: sideText,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await placeOrder(
        { currencyId: pair.currency_id, legalId: pair.legal_id, side, orderType, price: orderType === "limit" ? price : undefined, amount },
        idem.current(),
      );
      idem.reset();
      toast(t("trade.form.placed"));
      setAmount("");
      onPlaced();
    } catch {
      // the API client showed the server's message; a retry reuses the same key
    } finally {
      setBusy(false);
    }
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
        <div className={priceIssue ? "form-input invalid" : "form-input"}>
          <input
            id={ids.price}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={price}
            placeholder={t("trade.form.price", { coin: quote })}
            onChange={(e) => edit(() => setPrice(sanitizeDecimal(e.target.value)))}
            aria-invalid={priceIssue ? true : undefined}
            data-testid="order-price"
          />
          <span className="unit">{quote}</span>
        </div>
      ) : (
        <div className="form-input disabled" id={ids.price}>
          <span className="muted">{t("trade.form.marketPrice")}</span>
        </div>
      )}
      {priceIssue && (
        <p className="field-error" role="alert" data-testid="price-error">
          {message(priceIssue)}
        </p>
      )}

      <label className="visually-hidden" htmlFor={ids.amount}>
        {t("trade.form.amount", { coin: base })}
      </label>
      <div className={amountIssue ? "form-input invalid" : "form-input"}>
        <input
          id={ids.amount}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          placeholder={t("trade.form.amount", { coin: base })}
          onChange={(e) => edit(() => setAmount(sanitizeDecimal(e.target.value)))}
          aria-invalid={amountIssue ? true : undefined}
          data-testid="order-amount"
        />
        <span className="unit">{base}</span>
      </div>
      {amountIssue && (
        <p className="field-error" role="alert" data-testid="amount-error">
          {message(amountIssue)}
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
            {available !== undefined
              ? `${formatAmount(available, side === "buy" ? pricePrecision : amountPrecision)} ${side === "buy" ? quote : base}`
              : "--"}
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
            {fee ? `≈ ${feeText(fee)} ${side === "buy" ? base : quote}` : "--"}
          </dd>
        </div>
      </dl>

      <button
        type="submit"
        className={`btn btn-block ${side === "buy" ? "btn-up" : "btn-down"}`}
        disabled={busy}
        data-testid="order-submit"
      >
        {!loggedIn
          ? t("common.goLogIn")
          : busy
            ? t("trade.form.submitting")
            : t(side === "buy" ? "trade.form.buy" : "trade.form.sell", { coin: base })}
      </button>
    </form>
  );
}
