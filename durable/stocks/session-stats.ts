import { Decimal } from "decimal.js";

/**
 * A stock's figures for its ticker: the session's high and low and the change against the previous session's last
 * price (the close). Pure; the feed object persists it. Prices in ticks; `session` is the session's opening instant.
 */
export type SessionStats = { session: number; prevClose: number | null; high: number; low: number; last: number };

/** The stats after a price of `ticks` in the session that opened at `session`. */
export function nextStats(prev: SessionStats | null, session: number, ticks: number): SessionStats {
  if (!prev) return { session, prevClose: null, high: ticks, low: ticks, last: ticks };
  if (prev.session !== session) return { session, prevClose: prev.last, high: ticks, low: ticks, last: ticks };
  return { session, prevClose: prev.prevClose, high: Math.max(prev.high, ticks), low: Math.min(prev.low, ticks), last: ticks };
}

/** Percent change with sign and two decimals ("+1.23", "-0.50"), half away from zero; "+0.00" without a close. */
export function changeText(stats: SessionStats): string {
  if (stats.prevClose === null || stats.prevClose <= 0) return "+0.00";
  const pct = new Decimal(stats.last - stats.prevClose).times(100).div(stats.prevClose).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return pct.isZero() ? "+0.00" : `${pct.isNegative() ? "" : "+"}${pct.toFixed(2)}`;
}
