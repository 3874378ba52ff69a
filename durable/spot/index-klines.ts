import type { Period } from "../../schema/api/market.ts";
import { nearestTicks } from "./feed.ts";
import type { CandleRow } from "./store.ts";

/**
 * The reference feed's own candle history (Binance's public klines REST endpoint), for the chart's index line while a
 * market has too few trades of its own. It is the exchange's price, never the market's trades: the Market object hands
 * it out separately (GET /currency/index_kline) and the chart labels it. Prices are rounded to the market's tick;
 * volumes are the exchange's, so they are left out (0).
 *
 * Response rows: [openTime, "open", "high", "low", "close", "volume", closeTime, ...]; a row that does not parse is
 * skipped, an answer that is not an array is no history.
 */

/** Fewer own candles than this in the window asked for, and the chart gets the index line. */
export const MIN_OWN_CANDLES = 30;
/** The most rows one request returns (the endpoint's own maximum). */
export const KLINES_LIMIT = 1000;

const INTERVALS: Record<Period, string> = {
  "1min": "1m",
  "5min": "5m",
  "15min": "15m",
  "30min": "30m",
  "60min": "1h",
  "1D": "1d",
  "1W": "1w",
  "1M": "1M",
};

/** The newest (up to KLINES_LIMIT) candles of `period` with from <= open time <= to. */
export function binanceKlinesUrl(symbol: string, period: Period, from: number, to: number): string {
  const s = symbol.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const q = new URLSearchParams({ symbol: s, interval: INTERVALS[period], startTime: String(from), endTime: String(to) });
  q.set("limit", String(KLINES_LIMIT));
  return `https://api.binance.com/api/v3/klines?${q}`;
}

const DECIMAL = /^\d{1,20}(?:\.\d{1,20})?$/;
const isTime = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isPrice = (v: unknown): v is string => typeof v === "string" && DECIMAL.test(v) && /[1-9]/.test(v);

/** A klines answer as candles in ticks (volume 0), oldest first. */
export function parseBinanceKlines(json: unknown, tickSize: string): CandleRow[] {
  if (!Array.isArray(json)) return [];
  const out: CandleRow[] = [];
  for (const row of json) {
    if (!Array.isArray(row) || row.length < 6) continue;
    const [t, o, h, l, c] = row as unknown[];
    if (!isTime(t) || !isPrice(o) || !isPrice(h) || !isPrice(l) || !isPrice(c)) continue;
    try {
      const candle = {
        t,
        o: nearestTicks(o, tickSize),
        h: nearestTicks(h, tickSize),
        l: nearestTicks(l, tickSize),
        c: nearestTicks(c, tickSize),
        v: 0,
      };
      if (candle.l < 1 || candle.l > Math.min(candle.o, candle.c) || candle.h < Math.max(candle.o, candle.c)) continue;
      out.push(candle);
    } catch {
      /* a price outside the market's range is skipped */
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

export type KlinesFetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/**
 * Fetches and remembers the index history per window for `ttlMs`, so a chart that many people open costs the exchange
 * one request a minute per period. A failed request is no index line (and is tried again on the next ask).
 */
export class IndexHistory {
  private readonly cache = new Map<string, { at: number; rows: CandleRow[] }>();

  constructor(private readonly opts: { symbol: string; tickSize: string; fetch: KlinesFetch; ttlMs?: number; now?: () => number }) {}

  async candles(period: Period, from: number, to: number): Promise<CandleRow[]> {
    const now = (this.opts.now ?? Date.now)();
    const ttl = this.opts.ttlMs ?? 60_000;
    // Windows that differ by less than the cache time share one answer.
    const key = `${period}:${Math.floor(from / ttl)}:${Math.floor(to / ttl)}`;
    const hit = this.cache.get(key);
    if (hit && now - hit.at < ttl) return hit.rows;
    const res = await this.opts.fetch(binanceKlinesUrl(this.opts.symbol, period, from, to));
    if (!res.ok) throw new Error(`klines answered ${res.status}`);
    const rows = parseBinanceKlines(await res.json(), this.opts.tickSize);
    for (const [k, v] of this.cache) if (now - v.at >= ttl) this.cache.delete(k);
    this.cache.set(key, { at: now, rows });
    return rows;
  }
}
