import * as z from "zod/mini";
import type { MarketRoomOutbound, OrderUpdateFrame } from "../../../../schema/api/market.ts";
import { PERIODS } from "../../../../schema/api/periods.ts";
import { spotOrderSchema } from "../../../../schema/api/spot-order.ts";
import { parseFrame } from "../../../../schema/api/realtime.ts";

/**
 * zod schemas for what the market rooms and the user room push about markets.
 * The order is the shared spotOrderSchema; the market room frames are written to
 * the shared MarketRoomOutbound type (the compile-time checks at the bottom fail
 * when the two drift apart). Objects strip unknown keys, so a server that adds a
 * field never breaks a client that does not read it.
 */

const str = () => z.string();
const level = z.tuple([str(), str()]);

const ticker = z.object({
  symbol: str(),
  now_price: str(),
  change: str(),
  high: str(),
  low: str(),
  volume: str(),
  index_price: str(),
  index_time: z.number(),
  time: z.number(),
});

const candle = z.object({
  time: z.number(),
  open: str(),
  high: str(),
  low: str(),
  close: str(),
  volume: str(),
  simulated: z.optional(z.literal(true)),
});

const trade = z.object({ id: str(), price: str(), qty: str(), side: z.enum(["buy", "sell"]), time: z.number() });

export const marketRoomOutbound = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ticker"), ticker }),
  z.object({ type: z.literal("tickers"), tickers: z.array(ticker) }),
  z.object({ type: z.literal("depth"), symbol: str(), depth: z.object({ bids: z.array(level), asks: z.array(level) }), time: z.number() }),
  z.object({ type: z.literal("trades"), symbol: str(), trades: z.array(trade), time: z.number() }),
  z.object({ type: z.literal("kline"), symbol: str(), period: z.enum(PERIODS), candle, time: z.number() }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), code: z.literal("BAD_FRAME") }),
]);

/** The user room's order update, with the shared order schema. */
export const orderFrame = z.object({ type: z.literal("order"), order: spotOrderSchema });

/** Market frames can carry a whole book or a page of trades; anything larger is dropped unread. */
const MAX_FRAME_CHARS = 256 * 1024;

export const parseMarketFrame = <S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> | null =>
  parseFrame(schema, data, MAX_FRAME_CHARS);

// Compile-time checks: the parsed shapes are exactly the shared contract's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameMarket: Same<z.output<typeof marketRoomOutbound>, MarketRoomOutbound> = true;
const sameOrder: Same<z.output<typeof orderFrame>, OrderUpdateFrame> = true;
void sameMarket;
void sameOrder;
