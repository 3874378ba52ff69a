import { Decimal } from "decimal.js";

/**
 * Lock mining: the contracts of `/lh/deposit/*` and the product's formulas, shared by the worker (which pays with
 * them) and the web (which shows the user's numbers with them before they confirm). Pure.
 *
 * Days are UTC day numbers. A deposit on day D earns interest for days D+1 … D+days (one payment per day, paid
 * once the day is over) and its principal returns on day D+days+1 (`end_day`).
 *   daily interest  = amount × daily rate, rounded down to the minor unit (the house's favour), the same every day
 *   remaining days  = end_day − max(today, start_day): the interest days not yet begun, today included
 *   penalty         = amount × cancel ratio × remaining days, rounded up, at most the amount
 *   early return    = amount − penalty (interest already paid stays paid)
 */

const D = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
export const DAY_MS = 86_400_000;

/** The UTC day number of an instant. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** Percent text ("0.35") as a fraction (0.0035), exactly. */
const fraction = (pct: string) => new D(pct).div(100);

/** One day's interest in minor units: floor(amount × daily rate %). */
export function dailyInterestUnits(amount: number, dailyRatePct: string): number {
  return new D(amount).times(fraction(dailyRatePct)).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

/** The days of the first interest, of the principal's return, and the order's first due step, for a deposit made `now`. */
export function orderDays(now: number, days: number): { startDay: number; endDay: number; paidThrough: number; nextDueDay: number } {
  const today = dayOf(now);
  const startDay = today + 1;
  const endDay = today + days + 1;
  return { startDay, endDay, paidThrough: startDay - 1, nextDueDay: nextDue(startDay - 1, endDay) };
}

/** The day the next step becomes due after `paidThrough`: the next day's interest the day after it, or the principal at `endDay`. */
export const nextDue = (paidThrough: number, endDay: number): number => Math.min(paidThrough + 2, endDay);

/** Interest days not yet begun on `today`, today included (0 from `end_day` on). */
export const remainingDays = (startDay: number, endDay: number, today: number): number => Math.max(0, endDay - Math.max(today, startDay));

/** The early-redemption penalty in minor units: ceil(amount × ratio % × remaining days), at most the amount. */
export function penaltyUnits(amount: number, cancelRatioPct: string, remaining: number): number {
  const raw = new D(amount).times(fraction(cancelRatioPct)).times(remaining).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber();
  return Math.min(amount, raw);
}

/** Days whose interest is owed on `today` (over, unpaid, before `end_day`), oldest first. */
export function owedDays(paidThrough: number, endDay: number, today: number): number[] {
  const last = Math.min(today - 1, endDay - 1);
  const out: number[] = [];
  for (let d = paidThrough + 1; d <= last; d++) out.push(d);
  return out;
}
