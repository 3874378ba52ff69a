import type { Period } from "../../schema/api/market.ts";
import type { CandleRow } from "./store.ts";

/**
 * Candles and the 24-hour ticker from the market's own trades. Pure.
 * Buckets are UTC: minutes and hours from the epoch, days at 00:00, weeks on
 * Monday 00:00, months on the 1st at 00:00. Prices are ticks, volumes lots.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const FIXED: Partial<Record<Period, number>> = {
  "1min": MINUTE,
  "5min": 5 * MINUTE,
  "15min": 15 * MINUTE,
  "30min": 30 * MINUTE,
  "60min": 60 * MINUTE,
  "1D": DAY,
};
/** 1970-01-01 was a Thursday: Monday-based weeks start 3 days before the epoch's day 0 + 7k. */
const WEEK_OFFSET = 4 * DAY;

/** Start (ms) of the bucket containing `t`. */
export function bucketStart(period: Period, t: number): number {
  const fixed = FIXED[period];
  if (fixed) return Math.floor(t / fixed) * fixed;
  if (period === "1W") return Math.floor((t - WEEK_OFFSET) / (7 * DAY)) * 7 * DAY + WEEK_OFFSET;
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the bucket after the one starting at `start`. */
export function nextBucket(period: Period, start: number): number {
  const fixed = FIXED[period];
  if (fixed) return start + fixed;
  if (period === "1W") return start + 7 * DAY;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export type Trade = { price: number; qty: number; time: number };

/** Folds trades (in time order) into one candle per touched bucket of a period. */
export function aggregate(period: Period, trades: readonly Trade[]): CandleRow[] {
  const out: CandleRow[] = [];
  let cur: CandleRow | null = null;
  for (const tr of trades) {
    const t = bucketStart(period, tr.time);
    if (!cur || cur.t !== t) {
      cur = { t, o: tr.price, h: tr.price, l: tr.price, c: tr.price, v: tr.qty };
      out.push(cur);
    } else {
      if (tr.price > cur.h) cur.h = tr.price;
      if (tr.price < cur.l) cur.l = tr.price;
      cur.c = tr.price;
      cur.v += tr.qty;
    }
  }
  return out;
}

/** Merges `next` (later trades) into `prev` of the same bucket. */
export function mergeCandles(prev: CandleRow | undefined, next: CandleRow): CandleRow {
  if (!prev) return { ...next };
  return { t: prev.t, o: prev.o, h: Math.max(prev.h, next.h), l: Math.min(prev.l, next.l), c: next.c, v: prev.v + next.v };
}

/**
 * Percent change from open to close with sign and two decimals, rounded half-up
 * on the magnitude, exact in integers: "+1.23", "-0.50", "+0.00".
 */
export function percentChange(open: number, close: number): string {
  if (open <= 0) return "+0.00";
  const diff = BigInt(close - open);
  const neg = diff < 0n;
  const mag = neg ? -diff : diff;
  // hundredths of a percent = diff × 10000 / open, half-up
  const scaled = (mag * 20000n + BigInt(open)) / (2n * BigInt(open));
  const whole = scaled / 100n;
  const frac = (scaled % 100n).toString().padStart(2, "0");
  return `${neg && scaled > 0n ? "-" : "+"}${whole}.${frac}`;
}

export type Window = { open: number; high: number; low: number; volume: number } | null;

export type TickerTicks = { price: number; open: number; high: number; low: number; volume: number; change: string };

/**
 * The 24-hour ticker: last price (the last trade, else the reference price), and
 * open/high/low/volume of the trades in the window. With no trade in the window
 * the ticker is flat at the last price with zero volume: nothing is invented.
 */
export function ticker(last: number, window: Window): TickerTicks {
  if (!window) return { price: last, open: last, high: last, low: last, volume: 0, change: "+0.00" };
  return {
    price: last,
    open: window.open,
    high: Math.max(window.high, last),
    low: Math.min(window.low, last),
    volume: window.volume,
    change: percentChange(window.open, last),
  };
}

/** Folds candles of a shorter period (in time order) into one candle per bucket of `period`. */
export function rollUp(period: Period, candles: readonly CandleRow[]): CandleRow[] {
  const out: CandleRow[] = [];
  let cur: CandleRow | null = null;
  for (const c of candles) {
    const t = bucketStart(period, c.t);
    if (!cur || cur.t !== t) {
      cur = { t, o: c.o, h: c.h, l: c.l, c: c.c, v: c.v };
      out.push(cur);
    } else {
      if (c.h > cur.h) cur.h = c.h;
      if (c.l < cur.l) cur.l = c.l;
      cur.c = c.c;
      cur.v += c.v;
    }
  }
  return out;
}

/** A candle as the chart gets it: `sim` when any of it is simulated history (history.ts). */
export type ChartCandle = CandleRow & { sim: boolean };

/**
 * The market's own candles laid over its simulated history (both oldest first): a bucket with both (the one the
 * history ends in) is one candle, the history's open then the trades' close, and stays marked simulated; the newest
 * `limit` candles.
 */
export function overlay(sim: readonly CandleRow[], own: readonly CandleRow[], limit = Number.POSITIVE_INFINITY): ChartCandle[] {
  const out: ChartCandle[] = [];
  let i = 0;
  let j = 0;
  while (i < sim.length || j < own.length) {
    const s = sim[i];
    const o = own[j];
    if (s && (!o || s.t < o.t)) {
      out.push({ ...s, sim: true });
      i++;
    } else if (o && (!s || o.t < s.t)) {
      out.push({ ...o, sim: false });
      j++;
    } else {
      out.push({ ...mergeCandles(s, o!), sim: true });
      i++;
      j++;
    }
  }
  return out.length > limit ? out.slice(out.length - limit) : out;
}
