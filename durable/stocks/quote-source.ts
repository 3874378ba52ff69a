import { Decimal } from "decimal.js";
import * as z from "zod/mini";

/**
 * Where a stock pair's reference price comes from (README, "Design": Stocks), chosen by STOCK_FEED:
 *
 *   STOCK_FEED=simulator (default locally)  the spot simulator's published random walk (shared/random-walk.ts), in hours only
 *   STOCK_FEED=finnhub                      Finnhub's public trade stream (wss://ws.finnhub.io, token FINNHUB_TOKEN)
 *   STOCK_FEED=off                          no updates: the last price stays
 *
 * The simulator is for local development and tests only: a production Worker never prices a stock with it.
 */

export type StockFeedKind = "simulator" | "finnhub" | "off";

export function stockFeedKind(value: string | undefined, environment?: string): StockFeedKind {
  const v = (value ?? "").trim().toLowerCase();
  const kind: StockFeedKind = v === "" || v === "simulator" ? "simulator" : v === "finnhub" ? "finnhub" : "off";
  return kind === "simulator" && environment === "production" ? "off" : kind;
}

// ------------------------------------------------------------------ Finnhub adapter

/** Finnhub sends prices as JSON numbers; a number whose text is not a plain decimal (1e-7, NaN) is no price. */
const price = z.number().check(
  z.positive(),
  z.refine((n) => /^\d{1,12}(?:\.\d{1,12})?$/.test(String(n))),
);
const epochMs = z.number().check(z.int(), z.minimum(1_000_000_000_000), z.maximum(9_999_999_999_999));
const trade = z.object({
  p: price,
  s: z.string().check(z.maxLength(40)),
  t: epochMs,
  v: z.optional(z.number()),
  c: z.optional(z.unknown()),
});
const tradeMessage = z.object({ type: z.literal("trade"), data: z.array(z.unknown()).check(z.maxLength(1000)) });

export type StockQuote = { symbol: string; price: string; time: number };

/**
 * One Finnhub WebSocket message as the newest trade of each symbol it carries, or [] for anything that is not a usable
 * trade message (ping, error, malformed JSON, bad entries, which are skipped one by one).
 */
export function parseFinnhubMessage(text: string): StockQuote[] {
  if (typeof text !== "string" || text.length > 200_000) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const msg = z.safeParse(tradeMessage, json);
  if (!msg.success) return [];
  const newest = new Map<string, StockQuote>();
  for (const entry of msg.data.data) {
    const t = z.safeParse(trade, entry);
    if (!t.success) continue;
    const seen = newest.get(t.data.s);
    if (!seen || t.data.t >= seen.time) newest.set(t.data.s, { symbol: t.data.s, price: String(t.data.p), time: t.data.t });
  }
  return [...newest.values()];
}

/** The stream URL (fetched with Upgrade: websocket) and the frame that subscribes one symbol after it opens. */
export const finnhubStreamUrl = (token: string): string => `https://ws.finnhub.io?token=${encodeURIComponent(token)}`;
export const finnhubSubscribe = (symbol: string): string => JSON.stringify({ type: "subscribe", symbol });

export type QuoteVerdict = "accepted" | "ignored" | "stale" | "future" | "jump" | "bad-price";

/**
 * A stock's reference price fed by the provider's trades, validated as the spot exchange feed is: the symbol, the
 * trade's age and clock skew, and a jump guard against bad prints. With no accepted trade for `staleMs` it reports none.
 */
export class ProviderQuotes {
  private last: number | null = null;
  private lastAt = 0;

  constructor(private readonly opts: { symbol: string; tickSize: string; staleMs?: number; maxJump?: number }) {}

  onMessage(text: string, now: number): QuoteVerdict {
    const quote = parseFinnhubMessage(text).find((q) => q.symbol.toUpperCase() === this.opts.symbol.toUpperCase());
    if (!quote) return "ignored";
    const staleMs = this.opts.staleMs ?? 60_000;
    if (quote.time < now - staleMs) return "stale";
    if (quote.time > now + 10_000) return "future";
    // To the nearest tick, half up (the spot exchange feed's rule).
    const ticks = new Decimal(quote.price).div(this.opts.tickSize).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
    if (!Number.isSafeInteger(ticks) || ticks < 1) return "bad-price";
    const fresh = this.last !== null && now - this.lastAt <= staleMs;
    if (fresh && Math.abs(ticks - this.last!) > this.last! * (this.opts.maxJump ?? 0.2)) return "jump";
    this.last = ticks;
    this.lastAt = now;
    return "accepted";
  }

  /** The price in ticks, or null when none is known or it went stale. */
  tick(now: number): number | null {
    return this.last !== null && now - this.lastAt <= (this.opts.staleMs ?? 60_000) ? this.last : null;
  }
}
