import { Decimal } from "decimal.js";

/**
 * Copy sizing (pure). A follow copies the trader's lots times a fixed multiple (type 1) or a fixed number of lots
 * (type 2); the figure is rounded down to two decimals as the spec says, then down to whole lots because contract
 * positions trade whole lots, at least 1 (the original's minimum), and kept within the pair's lot limits.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });

export type FollowRule = { type: 1 | 2; number: string };

/** The rule's figure before whole lots: trader lots × multiple, or the fixed lots, to two decimals (rounded down). */
export const ruleLots = (rule: FollowRule, traderLots: number): string =>
  (rule.type === 1 ? new D(rule.number).times(traderLots) : new D(rule.number)).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);

/** The copy's whole lots within [minLots, maxLots]. */
export function copyLots(rule: FollowRule, traderLots: number, limits: { minLots: number; maxLots: number }): number {
  const whole = Math.max(1, new D(ruleLots(rule, traderLots)).floor().toNumber());
  return Math.min(limits.maxLots, Math.max(limits.minLots, whole));
}

/** A follow's number: above 0, at most 5, at most two decimals; answers the canonical text or null. */
export function followNumber(text: string): string | null {
  if (!/^\d{1,2}(?:\.\d{1,2})?$/.test(text)) return null;
  const n = new D(text);
  if (n.lte(0) || n.gt(5)) return null;
  return n.toFixed(2);
}
