import { D, dec, type DecimalValue } from "../../lib/decimal.ts";

/**
 * The order form's arithmetic and checks, in decimal.js (never floats):
 * what a percentage of the balance buys, the estimated total and fee, and
 * what is wrong with the typed price and amount.
 */

const PLAIN = /^\d{1,20}(?:\.\d{1,20})?$/;

export type Side = "buy" | "sell";

/**
 * The base amount `pct` % of the available balance pays for: buy → quote available × pct / price; sell → base available × pct.
 * Rounded down to the amount precision and the lot.
 */
export function amountForPercent(
  side: Side,
  pct: number,
  available: string,
  price: string,
  amountPrecision: number,
  lotSize?: string,
): string {
  const share = dec(available).times(pct).div(100);
  const raw = side === "buy" ? (dec(price).gt(0) ? share.div(dec(price)) : new D(0)) : share;
  let value = raw.toDecimalPlaces(amountPrecision, D.ROUND_DOWN);
  if (lotSize && dec(lotSize).gt(0)) value = value.div(dec(lotSize)).floor().times(dec(lotSize));
  return value.gt(0) ? value.toFixed() : "";
}

/** The share of the available balance an amount uses, 0–100 (for the slider). */
export function percentOfAvailable(side: Side, amount: string, available: string, price: string): number {
  const avail = dec(available);
  if (!avail.gt(0) || !PLAIN.test(amount)) return 0;
  const used = side === "buy" ? dec(amount).times(dec(price)) : dec(amount);
  return Math.min(100, Math.max(0, used.div(avail).times(100).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber()));
}

/** Price × amount (quote), or null while either is not a number. */
export function orderTotal(price: string, amount: string): DecimalValue | null {
  if (!PLAIN.test(price) || !PLAIN.test(amount)) return null;
  return dec(price).times(dec(amount));
}

/** The fee is taken from what is received: base on a buy (amount × rate), quote on a sell (total × rate). */
export function estimatedFee(side: Side, amount: string, total: DecimalValue | null, rate: string | undefined): DecimalValue | null {
  if (rate === undefined || !PLAIN.test(amount)) return null;
  if (side === "buy") return dec(amount).times(dec(rate));
  return total ? total.times(dec(rate)) : null;
}

export type OrderIssue =
  | { field: "price"; code: "priceRequired" | "priceInvalid" }
  | { field: "price"; code: "pricePrecision"; decimals: number }
  | { field: "price"; code: "priceTick"; tick: string }
  | { field: "amount"; code: "amountRequired" | "amountInvalid" }
  | { field: "amount"; code: "amountPrecision"; decimals: number }
  | { field: "amount"; code: "amountLot"; lot: string }
  | { field: "amount"; code: "amountMin"; min: string }
  | { field: "amount"; code: "totalMin"; min: string }
  | { field: "amount"; code: "insufficient" };

export type OrderRules = {
  side: Side;
  orderType: "limit" | "market";
  pricePrecision: number;
  amountPrecision: number;
  /** Price step and quantity step (multiples only), when the market publishes them. */
  tickSize?: string;
  lotSize?: string;
  minAmount?: string;
  minTotal?: string;
  /** Quote available (buy) or base available (sell); undefined when unknown (not logged in). */
  available?: string;
  /** The price a market order is estimated at (best ask for a buy, best bid for a sell, else the last price). */
  marketPrice: string;
  /** A market buy holds amount × best ask × (1 + slippage). */
  slippage?: string;
};

const multipleOf = (value: string, step: string | undefined) => !step || !dec(step).gt(0) || dec(value).mod(dec(step)).isZero();

/** What a buy needs of the quote coin: price × amount, and for a market buy the slippage allowance on top. */
export function quoteNeeded(total: DecimalValue, orderType: "limit" | "market", slippage: string | undefined): DecimalValue {
  return orderType === "market" && slippage ? total.times(dec(1).plus(dec(slippage))) : total;
}

/** Everything wrong with a typed order, price first. */
export function orderIssues(price: string, amount: string, rules: OrderRules): OrderIssue[] {
  const issues: OrderIssue[] = [];
  const limit = rules.orderType === "limit";
  if (limit) {
    const p = price.trim();
    if (!p) issues.push({ field: "price", code: "priceRequired" });
    else if (!PLAIN.test(p) || !dec(p).gt(0)) issues.push({ field: "price", code: "priceInvalid" });
    else if (dec(p).decimalPlaces() > rules.pricePrecision)
      issues.push({ field: "price", code: "pricePrecision", decimals: rules.pricePrecision });
    else if (!multipleOf(p, rules.tickSize)) issues.push({ field: "price", code: "priceTick", tick: rules.tickSize! });
  }
  const a = amount.trim();
  if (!a) {
    issues.push({ field: "amount", code: "amountRequired" });
    return issues;
  }
  if (!PLAIN.test(a) || !dec(a).gt(0)) {
    issues.push({ field: "amount", code: "amountInvalid" });
    return issues;
  }
  if (dec(a).decimalPlaces() > rules.amountPrecision) {
    issues.push({ field: "amount", code: "amountPrecision", decimals: rules.amountPrecision });
    return issues;
  }
  if (!multipleOf(a, rules.lotSize)) {
    issues.push({ field: "amount", code: "amountLot", lot: rules.lotSize! });
    return issues;
  }
  if (rules.minAmount && dec(a).lt(dec(rules.minAmount))) {
    issues.push({ field: "amount", code: "amountMin", min: rules.minAmount });
    return issues;
  }
  const unitPrice = limit ? price.trim() : rules.marketPrice;
  const total = orderTotal(unitPrice, a);
  if (issues.length === 0 && rules.minTotal && total && total.lt(dec(rules.minTotal))) {
    issues.push({ field: "amount", code: "totalMin", min: rules.minTotal });
    return issues;
  }
  if (issues.length === 0 && rules.available !== undefined) {
    const needed = rules.side === "buy" ? (total ? quoteNeeded(total, rules.orderType, rules.slippage) : null) : dec(a);
    if (needed && needed.gt(dec(rules.available))) issues.push({ field: "amount", code: "insufficient" });
  }
  return issues;
}
