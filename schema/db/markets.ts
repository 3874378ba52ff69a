import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Markets and spot trading (README, "Design": Money and Durable Objects). The order book itself
 * lives in the per-market Durable Object; D1 keeps the configuration, every
 * order as the user placed it (with its ledger hold), the settled fills, the
 * latest ticker per market (so listings never wake an object) and watchlists.
 * Prices and quantities are canonical decimal TEXT; settled amounts are INTEGER
 * minor units of the currency they are in. Times are epoch ms.
 */

/**
 * One trading pair. `id` is the match id the original client sends. Fees are
 * decimal fractions ("0.001" = 0.1 %), readable through /currency/market_info.
 * price_decimals + qty_decimals may not exceed the quote currency's precision and
 * qty_decimals may not exceed the base's, so every fill settles exactly.
 */
export const markets = sqliteTable(
  "markets",
  {
    id: integer("id").primaryKey(),
    /** Base currency (what is bought and sold). */
    currencyId: integer("currency_id").notNull(),
    /** Quote currency (what it is priced in). */
    legalId: integer("legal_id").notNull(),
    /** "BTC/USDT". */
    symbol: text("symbol").notNull(),
    /** Decimals of the price step (tick): 2 means 0.01. */
    priceDecimals: integer("price_decimals").notNull(),
    /** Decimals of the quantity step (lot): 4 means 0.0001. */
    qtyDecimals: integer("qty_decimals").notNull(),
    minQty: text("min_qty").notNull(),
    /** Smallest price × quantity of an order, in the quote currency. */
    minNotional: text("min_notional").notNull(),
    makerFee: text("maker_fee").notNull(),
    takerFee: text("taker_fee").notNull(),
    /** A market buy holds amount × best ask × (1 + this) of the quote currency and spends at most that. */
    marketSlippage: text("market_slippage").notNull().default("0.05"),
    /** Reference price the feed starts from when it has none yet. */
    startPrice: text("start_price").notNull(),
    /** Annualised volatility of the local price simulator ("0.6" = 60 %). */
    volatility: text("volatility").notNull().default("0.6"),
    /** The symbol on the external exchange feed ("BTCUSDT"); empty: none. */
    feedSymbol: text("feed_symbol").notNull().default(""),
    /** The market-maker account quoting this market (a normal user); null: none. */
    makerUserId: integer("maker_user_id"),
    /** Price levels per side the market maker quotes. */
    makerLevels: integer("maker_levels").notNull().default(5),
    /** Distance between the market maker's levels, and of the first level from the reference price, as a fraction. */
    makerStep: text("maker_step").notNull().default("0.0005"),
    /** Base quantity per market-maker level. */
    makerQty: text("maker_qty").notNull().default("0"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    uniqueIndex("markets_symbol").on(t.symbol),
    uniqueIndex("markets_pair").on(t.currencyId, t.legalId),
    check("markets_decimals", sql`${t.priceDecimals} BETWEEN 0 AND 8 AND ${t.qtyDecimals} BETWEEN 0 AND 8`),
    check("markets_maker_levels", sql`${t.makerLevels} BETWEEN 0 AND 20`),
  ],
);

export const SPOT_ORDER_STATUSES = ["pending", "open", "partial", "filled", "cancelled", "rejected"] as const;
export type SpotOrderStatus = (typeof SPOT_ORDER_STATUSES)[number];

/**
 * A spot order as placed, with the ledger hold that backs it. Written together
 * with the hold in one batch ("pending"); the Market object's outbox moves it on
 * (open, partial, filled, cancelled, rejected). `version` is the market event
 * sequence number of the last change applied, so a re-applied older change never
 * overwrites a newer one. Filled amounts are minor units: base for filled_units,
 * quote for quote_units, and the received currency for fee_units (base for a buy,
 * quote for a sell).
 */
export const spotOrders = sqliteTable(
  "spot_orders",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id").notNull(),
    marketId: integer("market_id").notNull(),
    /** 1 buy, 2 sell (the original's type). */
    side: integer("side").notNull(),
    orderType: text("order_type", { enum: ["limit", "market"] }).notNull(),
    tif: text("tif", { enum: ["GTC", "IOC", "FOK"] }).notNull(),
    postOnly: integer("post_only", { mode: "boolean" }).notNull().default(false),
    /** Limit price, canonical decimal text; "" for a market order. */
    price: text("price").notNull(),
    /** Ordered base quantity, canonical decimal text. */
    amount: text("amount").notNull(),
    holdId: text("hold_id").notNull(),
    holdCurrencyId: integer("hold_currency_id").notNull(),
    holdUnits: integer("hold_units").notNull(),
    filledUnits: integer("filled_units").notNull().default(0),
    quoteUnits: integer("quote_units").notNull().default(0),
    feeUnits: integer("fee_units").notNull().default(0),
    status: text("status", { enum: SPOT_ORDER_STATUSES }).notNull().default("pending"),
    reason: text("reason").notNull().default(""),
    version: integer("version").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("spot_orders_hold").on(t.holdId),
    index("spot_orders_user").on(t.userId, t.status, t.id),
    index("spot_orders_market_status").on(t.marketId, t.status, t.createdAt),
    check("spot_orders_side", sql`${t.side} IN (1, 2)`),
    check("spot_orders_filled", sql`${t.filledUnits} >= 0 AND ${t.quoteUnits} >= 0 AND ${t.feeUnits} >= 0`),
  ],
);

/** A settled trade between two orders. The id "<market>:<seq>" is the settlement's idempotency key. */
export const spotFills = sqliteTable(
  "spot_fills",
  {
    id: text("id").primaryKey(),
    marketId: integer("market_id").notNull(),
    seq: integer("seq").notNull(),
    price: text("price").notNull(),
    qty: text("qty").notNull(),
    baseUnits: integer("base_units").notNull(),
    quoteUnits: integer("quote_units").notNull(),
    /** 1 buy, 2 sell: the side of the order that took liquidity. */
    takerSide: integer("taker_side").notNull(),
    buyOrderId: integer("buy_order_id").notNull(),
    sellOrderId: integer("sell_order_id").notNull(),
    buyUserId: integer("buy_user_id").notNull(),
    sellUserId: integer("sell_user_id").notNull(),
    /** Fee paid by the buyer, base minor units. */
    buyFeeUnits: integer("buy_fee_units").notNull(),
    /** Fee paid by the seller, quote minor units. */
    sellFeeUnits: integer("sell_fee_units").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("spot_fills_market").on(t.marketId, t.seq),
    index("spot_fills_buy_user").on(t.buyUserId, t.createdAt),
    index("spot_fills_sell_user").on(t.sellUserId, t.createdAt),
  ],
);

/** The latest 24-hour ticker per market, copied by the Market object so listings need no object. */
export const marketTickers = sqliteTable("market_tickers", {
  marketId: integer("market_id").primaryKey(),
  /** Last trade price, or the reference price while the market has never traded. */
  price: text("price").notNull(),
  high: text("high").notNull(),
  low: text("low").notNull(),
  /** 24 h base volume. */
  volume: text("volume").notNull(),
  /** Percent with sign, two decimals: "+1.23". */
  change: text("change").notNull(),
  /** The index (reference) price from the market's feed, "" when it has no live one, and when the feed gave it (epoch ms, 0 when none). */
  refPrice: text("ref_price").notNull().default(""),
  refAt: integer("ref_at").notNull().default(0),
  updatedAt: integer("updated_at").notNull(),
});

/** Watchlist ("optional") entries. */
export const userMarkets = sqliteTable(
  "user_markets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    marketId: integer("market_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("user_markets_unique").on(t.userId, t.marketId)],
);
