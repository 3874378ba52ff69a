import { Decimal } from "decimal.js";
import * as z from "zod/mini";
import { id, limit, page, text, instant } from "./fields.ts";
import { decimalText } from "./money.ts";

/**
 * Dual products: the contracts of `/dual/*` and the pure payout rule, shared by the worker and the web. Pure.
 *   pay coin     a call is paid in the product's coin, a put in USDT; cost = shares × amount per share
 *   amount       the coin amount the order stands for: a call's cost, a put's cost ÷ linked price
 *   factor       f = 1 + days × APR / 365
 *   settlement   reference price in effect at the settlement instant below the linked price: the coin, amount × f;
 *                otherwise USDT, amount × linked price × f; each rounded down to the minor unit (the house's favour)
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const X = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
export const DAY_MS = 86_400_000;

export type DualType = "call" | "put";
/** 1 purchased, 2 settlementing (waiting for a price in effect), 3 success (paid), 4 fail (refunded). */
export type DualOrderStatus = 1 | 2 | 3 | 4;
/** A product's sale status from its window: 2 not started, 1 on sale, 0 ended (the original's numbering). */
export type DualSaleStatus = 0 | 1 | 2;

export const saleStatus = (p: { startAt: number; endAt: number }, now: number): DualSaleStatus =>
  now < p.startAt ? 2 : now < p.endAt ? 1 : 0;

export const settleAtOf = (endAt: number, days: number): number => endAt + days * DAY_MS;

/** The interest factor 1 + days × APR % / 365, exact. */
export const dualFactor = (days: number, aprPct: string) => new D(aprPct).div(100).times(days).div(365).plus(1);

export type PayoutTerms = {
  type: DualType;
  /** Pay-coin minor units. */
  cost: number;
  aprPct: string;
  days: number;
  exercisePrice: string;
  /** Precisions of the product's coin and of USDT. */
  coinPrecision: number;
  usdtPrecision: number;
};

export type Payout = { in: "coin" | "usdt"; units: number };

/** The order's coin amount in whole coins, for display: a call's cost, a put's cost ÷ linked price. */
export function coinAmount(t: Pick<PayoutTerms, "type" | "cost" | "exercisePrice" | "coinPrecision" | "usdtPrecision">) {
  return t.type === "call"
    ? new D(t.cost).div(new D(10).pow(t.coinPrecision))
    : new D(t.cost).div(new D(10).pow(t.usdtPrecision)).div(t.exercisePrice);
}

/** What the order pays at settlement price `price`: the coin strictly below the linked price, else USDT; rounded down. */
export function dualPayout(t: PayoutTerms, price: string): Payout {
  const below = new D(price).lt(t.exercisePrice);
  return below ? { in: "coin", units: payoutUnits(t, "coin") } : { in: "usdt", units: payoutUnits(t, "usdt") };
}

/**
 * Either outcome in minor units (the purchase page shows both before the user confirms). Written as one fraction of
 * exact products and divided once, so the rounding down is exact: with 80 significant digits no quotient of these
 * sizes lands within rounding distance of an integer it is not.
 */
export function payoutUnits(t: PayoutTerms, outcome: "coin" | "usdt"): number {
  const cp = new X(10).pow(t.coinPrecision);
  const up = new X(10).pow(t.usdtPrecision);
  // f = (36,500 + days × APR%) / 36,500
  const fNum = new X(t.aprPct).times(t.days).plus(36_500);
  const strike = new X(t.exercisePrice);
  const [num, den] =
    (t.type === "call") === (outcome === "coin")
      ? [new X(t.cost).times(fNum), new X(36_500)]
      : outcome === "coin"
        ? [new X(t.cost).times(cp).times(fNum), new X(36_500).times(up).times(strike)]
        : [new X(t.cost).times(strike).times(up).times(fNum), new X(36_500).times(cp)];
  return num.div(den).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

/** Cost in pay-coin minor units of `num` shares at `perPrice` (exact: the per-share amount fits the pay coin). */
export const costUnits = (num: number, perPrice: string, payPrecision: number): number =>
  new D(perPrice).times(num).times(new D(10).pow(payPrecision)).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber();

// Contracts -----------------------------------------------------------------------------------------------------

const dualType = () => z.enum(["call", "put"]);
/** The original's currency_id: 1 BTC, 2 ETH (also a name). */
const coinRef = () =>
  z.pipe(z.string(), z.string().check(z.regex(/^(?:[1-9]\d{0,8}|[A-Za-z][A-Za-z0-9]{0,15})$/, { error: "UNKNOWN_CURRENCY" })));

export const dualIndexSchema = z.strictObject({
  currency_id: z.optional(coinRef()),
  type: z.optional(dualType()),
});
export const dualDetailSchema = z.strictObject({ id: id() });
/** The quantity is a positive whole number of shares. */
export const dualBuySchema = z.strictObject({
  id: id(),
  num: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^[1-9]\d{0,8}$/.test(s)) {
        ctx.issues.push({ code: "custom", input: v, message: "DUAL_NUM_INVALID" });
        return z.NEVER;
      }
      return Number(s);
    }),
  ),
});
export const dualListSchema = z.strictObject({
  currency: z.optional(coinRef()),
  type: z.optional(dualType()),
  status: z.optional(z.enum(["1", "2", "3", "4"])),
  page: page(),
  limit: limit(100, 10),
});

/** An APR in percent with at most 4 decimals, above 0 and at most 1,000. */
const aprText = () =>
  z.pipe(
    decimalText(),
    z.string().check(z.refine((s) => /^\d{1,4}(?:\.\d{1,4})?$/.test(s) && new D(s).gt(0) && new D(s).lte(1000), { error: "INVALID_RATE" })),
  );
const count = (max: number) => z.pipe(id(), z.number().check(z.maximum(max, { error: "PARAMETER_ERROR" })));

/** Operator: create (no id) or edit (id) a product. */
export const dualProductSaveSchema = z.strictObject({
  id: z.optional(id()),
  name: text(1, 60),
  currency: coinRef(),
  type: dualType(),
  rate: aprText(),
  exercise_price: decimalText(),
  per_price: decimalText(),
  total_number: count(100_000_000),
  user_limit: count(100_000_000),
  start_time: instant(),
  end_time: instant(),
  day: count(3650),
  enabled: z._default(z.optional(z.enum(["0", "1"])), "1"),
});

export type DualProductView = {
  id: number;
  name: string;
  currency_id: number;
  currency_name: string;
  pay_currency: string;
  type: DualType;
  /** APR in percent. */
  rate: string;
  exercise_price: string;
  per_price: string;
  total_number: number;
  purchased_number: number;
  remaining_number: number;
  user_limit: number;
  start_time: number;
  end_time: number;
  day: number;
  settle_time: number;
  status: DualSaleStatus;
  precision: number;
  pay_precision: number;
  usdt_precision: number;
  enabled: 0 | 1;
};

export type DualOrderView = {
  id: number;
  product_id: number;
  name: string;
  currency_name: string;
  pay_currency: string;
  type: DualType;
  order_rate: string;
  exercise_price: string;
  number: number;
  /** Amount per share in the pay coin. */
  price: string;
  day: number;
  /** The cost in the pay coin. */
  total: string;
  /** The settlement instant. */
  end_time: number;
  create_time: number;
  status: DualOrderStatus;
  settle_price: string | null;
  price_time: number | null;
  payout: string | null;
  payout_currency: string | null;
  settled_at: number | null;
};

export type DualPosition = { currency: string; amount: string; orders: number };
