import { Decimal } from "decimal.js";
import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";
import { decimalText } from "./money.ts";

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

// Contracts -----------------------------------------------------------------------------------------------------

export const miningDepositSchema = z.strictObject({ config_id: id(), amount: decimalText() });
export const miningCancelSchema = z.strictObject({ id: id() });
export const miningOrderListSchema = z.strictObject({
  page: page(),
  limit: limit(100, 10),
  /** 1 in progress, 2 redeemed; absent: both. */
  status: z.optional(z.pipe(z.string(), z.enum(["1", "2"]))),
});

/** A percent with at most 4 decimals, from 0 to 100. */
export const percentText = () =>
  z.pipe(
    decimalText(),
    z.string().check(z.refine((s) => /^\d{1,3}(?:\.\d{1,4})?$/.test(s) && new D(s).lte(100), { error: "INVALID_RATE" })),
  );

/** Operator: create (no id) or edit (id) a configuration. */
export const miningConfigSaveSchema = z.strictObject({
  id: z.optional(id()),
  currency: z.pipe(z.string(), z.string().check(z.regex(/^(?:[1-9]\d{0,8}|[A-Za-z][A-Za-z0-9]{0,15})$/, { error: "UNKNOWN_CURRENCY" }))),
  days: z.pipe(id(), z.number().check(z.maximum(3650, { error: "PARAMETER_ERROR" }))),
  daily_rate: percentText(),
  min_amount: decimalText(),
  cancel_ratio: percentText(),
  enabled: z._default(z.optional(z.enum(["0", "1"])), "1"),
  sort: z._default(z.optional(z.pipe(z.string(), z.string().check(z.regex(/^\d{1,6}$/, { error: "PARAMETER_ERROR" })))), "0"),
});

export type MiningConfigView = {
  id: number;
  currency_id: number;
  currency: string;
  days: number;
  daily_rate: string;
  min_amount: string;
  cancel_ratio: string;
  precision: number;
  enabled: 0 | 1;
  sort: number;
};

export type MiningOrderView = {
  id: number;
  config_id: number;
  currency_id: number;
  currency: string;
  amount: string;
  days: number;
  daily_rate: string;
  cancel_ratio: string;
  daily_interest: string;
  total_interest: string;
  /** 1 in progress, 2 redeemed. */
  status: 1 | 2;
  outcome: "matured" | "early" | null;
  penalty: string;
  start_at: number;
  end_at: number;
  created_at: number;
  closed_at: number | null;
  /** For an order in progress, what an early redemption would cost and return now. */
  remaining_days: number;
  redeem_penalty: string | null;
  redeem_return: string | null;
};
