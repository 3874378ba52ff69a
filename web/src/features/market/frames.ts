import type { Candle, MarketRoomOutbound, PublicTrade, Ticker } from "../../../../schema/api/market.ts";
import { PERIODS } from "../../../../schema/api/periods.ts";
import { frameJson } from "../../../../schema/api/frame-text.ts";

/**
 * The market rooms' frames, checked by hand rather than with zod: they are read on the first screen of the home,
 * markets and trade pages, where running zod's code for the first time was the longest task after the first paint
 * on a phone (about 150 ms at 4x on home). Each check is keyed by the shared MarketRoomOutbound types, so a field
 * added to a frame fails to compile until it is checked here. Unknown keys pass through unread: a server that adds a
 * field never breaks a client that does not read it.
 */

type Check = (value: unknown) => boolean;
type Fields<T> = { [K in keyof T]-?: Check };
type FrameOf<K extends MarketRoomOutbound["type"]> = Extract<MarketRoomOutbound, { type: K }>;

const text: Check = (v) => typeof v === "string";
const number: Check = (v) => typeof v === "number" && Number.isFinite(v);
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v);
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);
const listOf =
  (item: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(item);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const shape =
  <T>(fields: Fields<T>): Check =>
  (v) =>
    isRecord(v) && Object.keys(fields).every((key) => fields[key as keyof T](v[key]));

const ticker = shape<Ticker>({
  symbol: text,
  now_price: text,
  change: text,
  high: text,
  low: text,
  volume: text,
  index_price: text,
  index_time: number,
  time: number,
});
const candle = shape<Candle>({
  time: number,
  open: text,
  high: text,
  low: text,
  close: text,
  volume: text,
  simulated: optional(oneOf(true)),
});
const trade = shape<PublicTrade>({ id: text, price: text, qty: text, side: oneOf("buy", "sell"), time: number });
const level: Check = (v) => Array.isArray(v) && v.length === 2 && text(v[0]) && text(v[1]);

const frames: { [K in MarketRoomOutbound["type"]]: Check } = {
  ticker: shape<FrameOf<"ticker">>({ type: text, ticker }),
  tickers: shape<FrameOf<"tickers">>({ type: text, tickers: listOf(ticker) }),
  depth: shape<FrameOf<"depth">>({ type: text, symbol: text, depth: shape({ bids: listOf(level), asks: listOf(level) }), time: number }),
  trades: shape<FrameOf<"trades">>({ type: text, symbol: text, trades: listOf(trade), time: number }),
  kline: shape<FrameOf<"kline">>({ type: text, symbol: text, period: oneOf(...PERIODS), candle, time: number }),
  pong: shape<FrameOf<"pong">>({ type: text }),
  error: shape<FrameOf<"error">>({ type: text, code: oneOf("BAD_FRAME") }),
};

/** Market frames can carry a whole book or a page of trades; anything larger is dropped unread. */
export const MAX_MARKET_FRAME_CHARS = 256 * 1024;

/** A market room's frame, or null when it is not text, too big, not JSON or not one of the frames above. */
export function parseMarketRoomFrame(data: unknown): MarketRoomOutbound | null {
  const json = frameJson(data, MAX_MARKET_FRAME_CHARS);
  if (!isRecord(json) || typeof json.type !== "string" || !Object.hasOwn(frames, json.type)) return null;
  return frames[json.type as MarketRoomOutbound["type"]](json) ? (json as MarketRoomOutbound) : null;
}
