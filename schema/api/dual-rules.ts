import { Decimal } from "decimal.js";

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
