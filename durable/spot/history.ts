import { PERIODS, type Period } from "../../schema/api/market.ts";
import type { MarketConfig } from "../../worker/domain/markets/config.ts";
import { toLots } from "../../worker/domain/markets/units.ts";
import { Prng, type PrngState } from "../common/prng.ts";
import { bucketStart, rollUp } from "./candles.ts";
import { gbmStep } from "./feed.ts";
import type { CandleRow } from "./store.ts";

/**
 * Simulated price history for a fresh local market, so its chart has something to show at every period from the first
 * start. Development and tests only: the Market object generates it only when its feed is the simulator, which
 * feedKind refuses in production. Pure and deterministic: the same market, start price and end give the same candles.
 *
 * The walk is the simulator's own model (gbmStep), run backwards in time from the start price, so the newest
 * simulated candle closes exactly where the live feed begins. Each minute is SUBSTEPS steps (its open, high, low and
 * close come from them); prices stay within [start / 2, start × 2] (a step past a bound stops at it). Volumes are
 * lognormal around `baseLots` per minute. Every stored candle of this history is marked simulated.
 */

export const HISTORY_DAYS = 7;
const MINUTE = 60_000;
const SUBSTEPS = 6;
/** Spread of the per-minute volume (lognormal σ); the mean stays `baseLots`. */
const VOLUME_SIGMA = 0.6;

export type HistoryOptions = {
  /** The price the history ends at (the market's start or reference price), in ticks. */
  startTicks: number;
  /** Annualised volatility of the simulator. */
  volatility: number;
  /** The history covers [end − days, end); `end` is rounded down to a minute. */
  end: number;
  /** Mean volume per minute, in lots (at least 1). */
  baseLots: number;
  seed: PrngState;
  days?: number;
};

/** One-minute candles, oldest first, covering `days` up to `end` without a gap. */
export function simulateMinutes(o: HistoryOptions): CandleRow[] {
  if (!Number.isSafeInteger(o.startTicks) || o.startTicks < 1) throw new RangeError("history needs a positive start price");
  const end = bucketStart("1min", o.end);
  const count = (o.days ?? HISTORY_DAYS) * 1440;
  const lo = Math.max(1, Math.floor(o.startTicks / 2));
  const hi = o.startTicks * 2;
  const sigma = o.volatility >= 0 && o.volatility <= 10 ? o.volatility : 0;
  const baseLots = Math.max(1, Math.round(o.baseLots));
  const rng = new Prng(o.seed);
  const out: CandleRow[] = new Array(count);
  let close = o.startTicks;
  for (let i = count - 1; i >= 0; i--) {
    let p = close;
    let h = p;
    let l = p;
    for (let s = 0; s < SUBSTEPS; s++) {
      p = Math.min(hi, Math.max(lo, gbmStep(p, sigma, MINUTE / SUBSTEPS, rng.nextGaussian())));
      if (p > h) h = p;
      if (p < l) l = p;
    }
    const v = Math.max(1, Math.round(baseLots * Math.exp(VOLUME_SIGMA * rng.nextGaussian() - (VOLUME_SIGMA * VOLUME_SIGMA) / 2)));
    out[i] = { t: end - (count - i) * MINUTE, o: p, h, l, c: close, v };
    close = p;
  }
  return out;
}

/** The history at every period: the one-minute candles and their roll-ups. */
export function simulateHistory(o: HistoryOptions): Map<Period, CandleRow[]> {
  const minutes = simulateMinutes(o);
  const out = new Map<Period, CandleRow[]>();
  for (const p of PERIODS) out.set(p, p === "1min" ? minutes : rollUp(p, minutes));
  return out;
}

/** A fixed PRNG state from a name (FNV-1a, then splitmix32): each market gets its own, the same every time. */
export function seedOf(name: string): PrngState {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    h = (h + 0x9e3779b9) >>> 0;
    let z = h;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    words.push((z ^ (z >>> 16)) >>> 0);
  }
  return [words[0]!, words[1]!, words[2]!, words[3]!];
}

/** A market's history as the Market object stores it: from its start price, volumes around half a maker level a minute. */
export function marketHistory(m: MarketConfig, startTicks: number, end: number): Map<Period, CandleRow[]> {
  const level = m.maker ? lotsOrNull(m.maker.qty, m.lotSize) : null;
  const baseLots = level ? level / 2 : 10 * Math.max(1, lotsOrNull(m.minQty, m.lotSize) ?? 1);
  return simulateHistory({ startTicks, volatility: Number(m.volatility) || 0, end, baseLots, seed: seedOf(m.symbol) });
}

function lotsOrNull(qty: string, lotSize: string): number | null {
  try {
    const l = toLots(qty, lotSize, "down");
    return l > 0 ? l : null;
  } catch {
    return null;
  }
}
