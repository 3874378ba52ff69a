import * as z from "zod/mini";
import { toTicks } from "./engine/index.ts";

/**
 * The reference price of a market, behind one interface. Pure: the Market
 * object's alarm calls tick(now) and persists save(); an exchange adapter is fed
 * raw WebSocket messages by the object, which owns the connection.
 *
 *   MARKET_FEED=simulator (default)  geometric random walk from the stored price
 *   MARKET_FEED=binance              Binance public trade / mini-ticker / book-ticker streams
 *   MARKET_FEED=off                  no reference updates (the stored price stays)
 *
 * The reference price values assets (reference_prices) and centres the market
 * maker's quotes. It never fills an order and never becomes a candle or a trade:
 * prices on the book and in the charts come only from orders.
 */

export type FeedKind = "simulator" | "binance" | "off";

export function feedKind(value: string | undefined, environment?: string): FeedKind {
  const v = (value ?? "").trim().toLowerCase();
  const kind: FeedKind = v === "" || v === "simulator" ? "simulator" : v === "binance" || v === "off" ? v : "off";
  // Simulated prices are for local development and tests only: a deployed site never shows them.
  return kind === "simulator" && environment === "production" ? "off" : kind;
}

export interface ReferenceFeed {
  readonly kind: FeedKind;
  /** Moves the feed to `now`; the reference price in ticks, or null when none is known or it went stale. */
  tick(now: number): number | null;
  /** JSON state to persist; the factory restores it. */
  save(): string;
}

// ------------------------------------------------------------------ simulator

// The simulator's model is shared with the stock feeds (durable/stocks): one published random walk.
export { SimulatedFeed, gbmStep } from "../common/random-walk.ts";

/** No updates: the stored reference price stays. */
export class StaticFeed implements ReferenceFeed {
  readonly kind = "off" as const;
  private readonly ticks: number | null;
  constructor(ticks: number | null) {
    this.ticks = ticks;
  }
  tick(): number | null {
    return this.ticks;
  }
  save(): string {
    return "";
  }
}

// ------------------------------------------------------------------ exchange adapter (Binance)

const decimal = z.string().check(z.regex(/^\d{1,20}(?:\.\d{1,20})?$/));
const epochMs = z.number().check(z.int(), z.minimum(1_000_000_000_000), z.maximum(9_999_999_999_999));

const tradeMsg = z.object({
  e: z.literal("trade"),
  E: epochMs,
  s: z.string(),
  t: z.number(),
  p: decimal,
  q: decimal,
  T: epochMs,
});
const miniTickerMsg = z.object({
  e: z.literal("24hrMiniTicker"),
  E: epochMs,
  s: z.string(),
  c: decimal,
  o: decimal,
  h: decimal,
  l: decimal,
  v: decimal,
  q: decimal,
});
/** Book ticker frames carry no event type and no time. */
const bookTickerMsg = z.object({ u: z.number(), s: z.string(), b: decimal, B: decimal, a: decimal, A: decimal });
const combined = z.object({ stream: z.string(), data: z.unknown() });

export type ExchangeTick = { source: "trade" | "ticker" | "book"; symbol: string; price: string; time: number | null };

/**
 * One Binance stream message (raw or combined-stream wrapped) as a price, or null
 * for anything that is not a usable price message: subscription replies, other
 * events, malformed JSON, zero or malformed prices. Book tickers give the mid.
 */
export function parseBinanceMessage(text: string): ExchangeTick | null {
  if (typeof text !== "string" || text.length > 4096) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const wrapped = z.safeParse(combined, json);
  const data = wrapped.success ? wrapped.data.data : json;
  const trade = z.safeParse(tradeMsg, data);
  if (trade.success) return positive({ source: "trade", symbol: trade.data.s, price: trade.data.p, time: trade.data.T });
  const mini = z.safeParse(miniTickerMsg, data);
  if (mini.success) return positive({ source: "ticker", symbol: mini.data.s, price: mini.data.c, time: mini.data.E });
  const book = z.safeParse(bookTickerMsg, data);
  if (book.success) {
    const mid = midpoint(book.data.b, book.data.a);
    return mid ? positive({ source: "book", symbol: book.data.s, price: mid, time: null }) : null;
  }
  return null;
}

function positive(t: ExchangeTick): ExchangeTick | null {
  return /[1-9]/.test(t.price) ? t : null;
}

/** (bid + ask) / 2 exactly, as decimal text; null if either side is zero or crossed. */
function midpoint(bid: string, ask: string): string | null {
  const scale = Math.max(fracLen(bid), fracLen(ask)) + 1;
  const b = scaled(bid, scale);
  const a = scaled(ask, scale);
  if (b <= 0n || a <= 0n || b > a) return null;
  const sum = (a + b) / 2n; // exact: one extra decimal place
  const digits = sum.toString().padStart(scale + 1, "0");
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, "");
}
const fracLen = (s: string) => (s.includes(".") ? s.length - s.indexOf(".") - 1 : 0);
function scaled(s: string, scale: number): bigint {
  const [i, f = ""] = s.split(".");
  return BigInt(i! + f.padEnd(scale, "0"));
}

export type ExchangeVerdict = "accepted" | "ignored" | "wrong-symbol" | "stale" | "future" | "jump" | "bad-price";

/**
 * A reference price fed by an exchange's public stream. Messages are validated
 * (symbol, age, clock skew, a jump guard against bad prints) before they move
 * the price; with no accepted message for `staleMs` the feed reports no price,
 * so the market maker stops quoting rather than quote around an old price.
 */
export class ExchangeFeed implements ReferenceFeed {
  readonly kind = "binance" as const;
  private readonly symbol: string;
  private readonly tickSize: string;
  private readonly staleMs: number;
  private readonly maxJump: number;
  private last: number | null = null;
  private lastAt = 0;

  constructor(opts: { symbol: string; tickSize: string; staleMs?: number; maxJump?: number; saved?: string }) {
    this.symbol = opts.symbol.toUpperCase();
    this.tickSize = opts.tickSize;
    this.staleMs = opts.staleMs ?? 60_000;
    this.maxJump = opts.maxJump ?? 0.15;
    if (opts.saved) {
      try {
        const s = JSON.parse(opts.saved) as { last: number; at: number };
        if (Number.isSafeInteger(s.last) && s.last > 0) {
          this.last = s.last;
          this.lastAt = s.at;
        }
      } catch {
        /* start without a price */
      }
    }
  }

  /** Feeds one raw message received at `now`. */
  onMessage(text: string, now: number): ExchangeVerdict {
    const tick = parseBinanceMessage(text);
    if (!tick) return "ignored";
    if (tick.symbol.toUpperCase() !== this.symbol) return "wrong-symbol";
    if (tick.time !== null) {
      if (tick.time < now - this.staleMs) return "stale";
      if (tick.time > now + 10_000) return "future";
    }
    let ticks: number;
    try {
      ticks = nearestTicks(tick.price, this.tickSize);
    } catch {
      return "bad-price";
    }
    if (ticks < 1) return "bad-price";
    const fresh = this.last !== null && now - this.lastAt <= this.staleMs;
    if (fresh && Math.abs(ticks - this.last!) > this.last! * this.maxJump) return "jump";
    this.last = ticks;
    this.lastAt = now;
    return "accepted";
  }

  tick(now: number): number | null {
    if (this.last === null || now - this.lastAt > this.staleMs) return null;
    return this.last;
  }

  save(): string {
    return this.last === null ? "" : JSON.stringify({ last: this.last, at: this.lastAt });
  }
}

/** A price to the nearest tick (half up). */
export function nearestTicks(price: string, tickSize: string): number {
  const down = toTicks(price, tickSize, "down");
  const up = toTicks(price, tickSize, "up");
  if (down === up) return down;
  // Compare price − down·tick with up·tick − price using doubled units: exact via the engine's integer helpers.
  const doubled = toTicks(price, halfOf(tickSize), "down");
  return doubled >= down * 2 + 1 ? up : down;
}

/** tick / 2 as decimal text ("0.01" → "0.005"). */
function halfOf(tickSize: string): string {
  const scale = fracLen(tickSize) + 1;
  const units = scaled(tickSize, scale) / 2n;
  const digits = units.toString().padStart(scale + 1, "0");
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The combined stream URL for one symbol's trades and mini ticker (fetched with Upgrade: websocket). */
export const binanceStreamUrl = (symbol: string): string => {
  const s = symbol.toLowerCase().replace(/[^a-z0-9]/g, "");
  return `https://stream.binance.com:9443/stream?streams=${s}@trade/${s}@miniTicker`;
};
