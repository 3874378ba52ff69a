import { Decimal } from "decimal.js";

/**
 * IEO: the contracts of `/project*` and the pure rules, shared by the worker and the web. Pure.
 *   time status  1 warm-up before `start_at`, 2 in progress until `end_at`, 3 finished
 *   cost         amount × the project's price, rounded up to the pay coin's minor unit (the house's favour)
 *   tokens due   from `end_at + lock_days` days
 */

const D = Decimal.clone({ precision: 30, rounding: Decimal.ROUND_HALF_UP });
const DAY_MS = 86_400_000;

export type TimeStatus = 1 | 2 | 3;
export const timeStatus = (p: { startAt: number; endAt: number }, now: number): TimeStatus => (now < p.startAt ? 1 : now < p.endAt ? 2 : 3);

export const distributeAt = (p: { endAt: number; lockDays: number }): number => p.endAt + p.lockDays * DAY_MS;

/** The cost in pay-coin minor units of `amount` token minor units: ceil(amount / 10^tp × price × 10^pp). */
export function costUnits(amount: number, tokenPrecision: number, price: string, payPrecision: number): number {
  return new D(amount)
    .div(new D(10).pow(tokenPrecision))
    .times(price)
    .times(new D(10).pow(payPrecision))
    .toDecimalPlaces(0, Decimal.ROUND_UP)
    .toNumber();
}

/** Share of the offer still available, in percent with two decimals (100 when nothing is sold). */
export const remainingPct = (total: number, sold: number): string =>
  new D(total - sold).div(total).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
