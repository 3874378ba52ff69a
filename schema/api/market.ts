import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";
import { type Period, PERIODS } from "./periods.ts";
import type { OrderStatus, SpotOrder } from "./spot-order.ts";

/**
 * The markets and spot-trading contract shared by the worker, the Market
 * Durable Object, the rooms and the web. Prices and quantities travel as
 * canonical decimal strings; the Market object works in integer ticks and lots.
 */

/** A positive decimal string with at most `maxDecimals` places; rejects NaN, exponents, signs. */
export const decimalString = (maxDecimals = 18) =>
  z.pipe(
    z.string(),
    z.string().check(
      z.regex(new RegExp(`^(?:0|[1-9]\\d{0,17})(?:\\.\\d{1,${maxDecimals}})?$`), { error: "INVALID_AMOUNT" }),
      z.refine((s) => /[1-9]/.test(s), { error: "INVALID_AMOUNT" }),
    ),
  );

export { LOOKBACK_MS, normalizePeriod, PERIOD_ALIASES, PERIODS, type Period } from "./periods.ts";

/** "BTC/USDT" (the original's form) or "BTC-USDT" (the room name form). */
export const symbolField = () =>
  z.pipe(
    z.string(),
    z.pipe(
      z.string().check(z.regex(/^[A-Z0-9]{2,10}[/-][A-Z0-9]{2,10}$/, { error: "UNKNOWN_MARKET" })),
      z.transform((s) => s.replace("-", "/")),
    ),
  );

// ---- requests -------------------------------------------------------------

export const timesharRequest = z.strictObject({
  symbol: symbolField(),
  period: z.string(),
  from: z.optional(z.string().check(z.regex(/^\d{1,13}$/, { error: "PARAMETER_ERROR" }))),
  to: z.optional(z.string().check(z.regex(/^\d{1,13}$/, { error: "PARAMETER_ERROR" }))),
});

export const optionalAddRequest = z.strictObject({ currency_id: id() });
export const optionalDelRequest = z.strictObject({ id: id() });

/**
 * POST /coin/trade. `currency_id` + `legal_id` name the market (base and quote).
 * type 1 buy, 2 sell. A market order omits target_price; a market buy gives
 * `amount` in the base currency like every order (the engine caps it with a
 * quote budget from the held funds).
 */
export const coinTradeRequest = z.strictObject({
  currency_id: id(),
  legal_id: id(),
  type: z.enum(["1", "2"]),
  amount: decimalString(),
  target_price: z.optional(decimalString()),
  order_type: z._default(z.optional(z.enum(["limit", "market"])), "limit"),
  tif: z._default(z.optional(z.enum(["GTC", "IOC", "FOK"])), "GTC"),
  post_only: z._default(z.optional(z.enum(["0", "1"])), "0"),
});
export type CoinTradeRequest = z.output<typeof coinTradeRequest>;

export const coinListRequest = z.strictObject({
  page: page(),
  limit: limit(50, 10),
  currency_id: z.optional(id()),
  legal_id: z.optional(id()),
  /** 1 doing (open), 2 complete (filled or cancelled). */
  status: z._default(z.optional(z.enum(["1", "2"])), "1"),
});

export const coinCancelRequest = z.strictObject({ id: id() });

/** GET /currency/depth and /currency/trades: a market and how many levels or trades (default 20 / 50). */
export const depthRequest = z.strictObject({ symbol: symbolField(), limit: limit(100, 20) });
export const tradesRequest = z.strictObject({ symbol: symbolField(), limit: limit(200, 50) });
export const marketInfoRequest = z.strictObject({ symbol: symbolField() });

/**
 * Coin conversion, currencies by id. POST /user/getTransferFee quotes the prices and, with `number`,
 * a locked quote; POST /user/Transfer confirms that quote by its `quote_id` (with the same coins and number).
 */
export const transferFeeRequest = z.strictObject({ from_currency_id: id(), to_currency_id: id(), number: z.optional(decimalString()) });
export const quoteId = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{1,1000}\.[A-Za-z0-9_-]{43}$/, { error: "QUOTE_INVALID" }));
export const transferRequest = z.strictObject({
  number: decimalString(),
  from_currency_id: id(),
  to_currency_id: id(),
  quote_id: quoteId(),
});

// ---- responses ------------------------------------------------------------

/** One pair in GET /currency/quotation_new (fields the original client reads, plus precisions). */
export type Quotation = {
  id: number; // match id
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  symbol: string; // "BTC/USDT"
  now_price: string;
  change: string; // percent with sign, "+1.23" / "-0.50"
  high: string;
  low: string;
  volume: string; // 24 h base volume
  /** The reference (index) price from the market's feed and when the feed last gave it (epoch ms); "" and 0 when none. */
  index_price: string;
  index_time: number;
  price_precision: number;
  amount_precision: number;
  /** Fractions ("0.001" = 0.1 %), also in GET /currency/market_info. */
  maker_fee: string;
  taker_fee: string;
  logo: string;
};
/** GET /currency/quotation_new answers one group per quote currency. */
export type QuotationGroup = { id: number; name: string; quotation: Quotation[] };

/** `simulated: true` marks a candle that is (partly) simulated history: local development and tests only, never production. */
export type Candle = { time: number; open: string; high: string; low: string; close: string; volume: string; simulated?: true };
/**
 * GET /currency/index_kline: the reference feed's own candle history (an exchange's public klines), drawn as a labelled
 * index line while the market has too few trades of its own; `null` when the market does not need one or has no feed history.
 */
export type IndexKlines = { source: string; candles: Candle[] } | null;
export type DepthLevel = [price: string, qty: string];
export type Depth = { bids: DepthLevel[]; asks: DepthLevel[] };
export type PublicTrade = { id: string; price: string; qty: string; side: "buy" | "sell"; time: number };

// The order shape lives in its own module so the user room (loaded on every page) doesn't pull in this file.
export { ORDER_STATUSES, type OrderStatus, spotOrderSchema, type SpotOrder } from "./spot-order.ts";

/** POST /coin/trade answers the new order's id (the same answer on an Idempotency-Key replay). */
export type CoinTradeResponse = { id: number };
/** POST /coin/cancel (and PUT /coin/trade): the order's state after the cancel. */
export type CoinCancelResponse = { id: number; state: OrderStatus };

/** GET /currency/market_info?symbol=: the market's published rules. Fees are fractions ("0.001" = 0.1 %). */
export type MarketInfo = {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  price_precision: number;
  amount_precision: number;
  tick_size: string;
  lot_size: string;
  min_qty: string;
  min_notional: string;
  maker_fee: string;
  taker_fee: string;
  /** A market buy holds amount × best ask × (1 + this) and spends at most that. */
  market_slippage: string;
};

/**
 * POST /user/getTransferList: the coins that convert (`into`: whether one may convert into it; a coin an operator
 * switched off is still listed while the caller holds some, to convert out of) and the caller's spot balances.
 */
export type TransferList = {
  transfer: { id: number; name: string; fee: string; into: boolean }[];
  /** `display_decimals`: the digits a balance of the coin shows (the same on every page). */
  wallet: { currency: number; currency_name: string; change_balance: string; display_decimals: number }[];
};

/**
 * A locked conversion quote: converting `number` pays `fee_amount` (source coin) and receives exactly `receive`
 * (target coin) when confirmed by POST /user/Transfer with `quote_id` before `expires_at` (epoch ms; `expires_in`
 * ms from the answer, for a countdown that does not trust the device clock).
 */
export type ConversionQuote = {
  quote_id: string;
  number: string;
  fee_amount: string;
  receive: string;
  expires_at: number;
  expires_in: number;
};

/**
 * POST /user/getTransferFee. USDT prices of both coins, `fee` in percent of the amount (charged in the source
 * coin), `rate` to per from; `price_time` when the older of the two live prices was last confirmed (epoch ms) and
 * `price_age` its age in ms; `quote` when `number` was sent.
 */
export type TransferFee = {
  form_price: string;
  to_price: string;
  fee: string;
  rate: string;
  price_time: number;
  price_age: number;
  quote: ConversionQuote | null;
};

// ---- realtime -------------------------------------------------------------

/**
 * Market room: /parties/market-room/<BASE-QUOTE>; the all-markets room is /parties/market-room/ALL.
 * On connect a market room sends its ticker, depth and recent trades; the ALL room its tickers.
 * `time` on a frame is when the Market object published it (epoch ms).
 */
export type Ticker = Pick<Quotation, "symbol" | "now_price" | "change" | "high" | "low" | "volume" | "index_price" | "index_time"> & {
  time: number;
};

export const marketRoomInbound = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ping") }),
  /** Candle updates only for the periods a client asks for (default 1min). */
  z.strictObject({ type: z.literal("subscribe"), periods: z.array(z.enum(PERIODS)).check(z.maxLength(8)) }),
]);
export type MarketRoomInbound = z.infer<typeof marketRoomInbound>;

export type MarketRoomOutbound =
  | { type: "ticker"; ticker: Ticker }
  | { type: "tickers"; tickers: Ticker[] }
  | { type: "depth"; symbol: string; depth: Depth; time: number }
  | { type: "trades"; symbol: string; trades: PublicTrade[]; time: number }
  | { type: "kline"; symbol: string; period: Period; candle: Candle; time: number }
  | { type: "pong" }
  | { type: "error"; code: "BAD_FRAME" };

/** Pushed to the owner's user room whenever one of their orders changes. */
export type OrderUpdateFrame = { type: "order"; order: SpotOrder };
