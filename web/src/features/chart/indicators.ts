/**
 * Chart indicators as pure functions over plain JS numbers.
 *
 * These values are for plotting only: the chart converts candle prices to JS
 * numbers to place pixels on its canvas, and nothing here ever feeds a
 * balance, an order or a displayed amount. Money stays in decimal.js
 * (web/src/lib/decimal.ts).
 *
 * Every function returns an array as long as its input; a position without
 * enough history is `null` (nothing is drawn there).
 */

export type Series = (number | null)[];
export type HLC = { high: number; low: number; close: number };

/** A series of `length` nulls. fill(), not Array.from with a callback: a fifth of the time, and a live frame recomputes every line. */
const empty = (length: number): Series => new Array<number | null>(length).fill(null);

/** Simple moving average: the mean of the last `n` values. */
export function sma(values: readonly number[], n: number): Series {
  const out: Series = empty(values.length);
  if (n <= 0) return out;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= n) sum -= values[i - n]!;
    if (i >= n - 1) out[i] = sum / n;
  }
  return out;
}

/**
 * Exponential moving average with alpha = 2 / (n + 1), seeded with the simple
 * average of the first `n` values (so the first value is at index n - 1).
 * Leading nulls in the input (an EMA of an EMA, as MACD's signal line) are skipped.
 */
export function ema(values: readonly (number | null)[], n: number): Series {
  const out: Series = empty(values.length);
  if (n <= 0) return out;
  const alpha = 2 / (n + 1);
  let seen = 0;
  let seedSum = 0;
  let prev: number | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (prev === null) {
      seen += 1;
      seedSum += v;
      if (seen === n) {
        prev = seedSum / n;
        out[i] = prev;
      }
      continue;
    }
    prev = alpha * v + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}

export type Bollinger = { mid: Series; upper: Series; lower: Series };

/** Bollinger bands: the n-period SMA, plus and minus k population standard deviations of the same window. */
export function boll(values: readonly number[], n = 20, k = 2): Bollinger {
  const mid = sma(values, n);
  const upper: Series = empty(values.length);
  const lower: Series = empty(values.length);
  for (let i = n - 1; i < values.length; i++) {
    const m = mid[i]!;
    let sq = 0;
    for (let j = i - n + 1; j <= i; j++) sq += (values[j]! - m) ** 2;
    const sd = Math.sqrt(sq / n);
    upper[i] = m + k * sd;
    lower[i] = m - k * sd;
  }
  return { mid, upper, lower };
}

export type Macd = { dif: Series; dea: Series; hist: Series };

/** MACD: DIF = EMA(fast) − EMA(slow), DEA = EMA(signal) of DIF, histogram = DIF − DEA. */
export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): Macd {
  const f = ema(values, fast);
  const s = ema(values, slow);
  const dif: Series = values.map((_, i) => (f[i] === null || s[i] === null ? null : f[i]! - s[i]!));
  const dea = ema(dif, signal);
  const hist: Series = values.map((_, i) => (dif[i] === null || dea[i] === null ? null : dif[i]! - dea[i]!));
  return { dif, dea, hist };
}

/**
 * Relative strength index with Wilder's smoothing: the first average gain and
 * loss are plain means of the first `n` changes (value at index n), then
 * avg = (prev × (n − 1) + current) / n. No losses gives 100; no movement at all gives 50.
 */
export function rsi(values: readonly number[], n = 14): Series {
  const out: Series = empty(values.length);
  if (n <= 0 || values.length <= n) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= n; i++) {
    const d = values[i]! - values[i - 1]!;
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= n;
  loss /= n;
  const value = () => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  out[n] = value();
  for (let i = n + 1; i < values.length; i++) {
    const d = values[i]! - values[i - 1]!;
    gain = (gain * (n - 1) + Math.max(d, 0)) / n;
    loss = (loss * (n - 1) + Math.max(-d, 0)) / n;
    out[i] = value();
  }
  return out;
}

export type Kdj = { k: Series; d: Series; j: Series };

/**
 * KDJ (stochastic): RSV = (close − lowest low) / (highest high − lowest low) × 100 over
 * `n` bars (50 when the range is flat); K = ((m1 − 1) × K' + RSV) / m1,
 * D = ((m2 − 1) × D' + K) / m2, both starting from 50; J = 3K − 2D.
 */
export function kdj(bars: readonly HLC[], n = 9, m1 = 3, m2 = 3): Kdj {
  const len = bars.length;
  const k: Series = empty(len);
  const d: Series = empty(len);
  const j: Series = empty(len);
  let pk = 50;
  let pd = 50;
  for (let i = n - 1; i < len; i++) {
    let hi = -Infinity;
    let lo = Infinity;
    for (let x = i - n + 1; x <= i; x++) {
      hi = Math.max(hi, bars[x]!.high);
      lo = Math.min(lo, bars[x]!.low);
    }
    const rsv = hi === lo ? 50 : ((bars[i]!.close - lo) / (hi - lo)) * 100;
    pk = ((m1 - 1) * pk + rsv) / m1;
    pd = ((m2 - 1) * pd + pk) / m2;
    k[i] = pk;
    d[i] = pd;
    j[i] = 3 * pk - 2 * pd;
  }
  return { k, d, j };
}
