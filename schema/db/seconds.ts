import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Seconds (micro) contracts: a bet that a market's reference price is higher (up) or lower (down) after a fixed
 * duration, settled from the public price trail only. Configuration is public and edited by operators (audited);
 * orders are written by the market's Seconds object when it accepts them and again when it settles them. Ratios and
 * rates are percent as decimal TEXT ("120" = 120 %); amounts are INTEGER minor units of the pay coin; times epoch ms.
 */

/** One duration a user may pick, with its payout ratios and amount limits (decimal text in the pay coin). */
export const secondsDurations = sqliteTable(
  "seconds_durations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    seconds: integer("seconds").notNull(),
    /** Gain on a win, percent of the amount. */
    profitRatio: text("profit_ratio").notNull(),
    /** Loss on a loss, percent of the amount (100: the whole amount). */
    lossRatio: text("loss_ratio").notNull(),
    minAmount: text("min_amount").notNull(),
    maxAmount: text("max_amount").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [uniqueIndex("seconds_durations_seconds").on(t.seconds), check("seconds_durations_range", sql`${t.seconds} BETWEEN 5 AND 86400`)],
);

/**
 * The one row of seconds settings (id 1): the fee in percent of the amount, the markets (match ids) and pay coins
 * (currency ids) that allow seconds trading as JSON arrays, and the open orders a user may hold per pay coin.
 */
export const secondsSettings = sqliteTable(
  "seconds_settings",
  {
    id: integer("id").primaryKey(),
    feeRate: text("fee_rate").notNull(),
    marketIds: text("market_ids").notNull().default("[]"),
    payCoinIds: text("pay_coin_ids").notNull().default("[]"),
    maxOpenPerCoin: integer("max_open_per_coin").notNull(),
  },
  (t) => [check("seconds_settings_one", sql`${t.id} = 1`), check("seconds_settings_max_open", sql`${t.maxOpenPerCoin} BETWEEN 1 AND 1000`)],
);

/**
 * A seconds order. Written at acceptance (status 1 open) with the trail entry its open price came from, in the batch
 * that takes `number` + `fee` from the owner's micro account; settled (status 3 closed) with the trail entry in effect
 * at `handled_at`, in the batch that pays `payout` (journal "seconds:<id>:settle", so it is paid once).
 * profit_result: 1 win, 0 tie, -1 loss, null while open; void = 1 when no price was in effect at handled_at (amount and
 * fee refunded). fact_profits = payout - number (signed).
 */
export const secondsOrders = sqliteTable(
  "seconds_orders",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id").notNull(),
    marketId: integer("market_id").notNull(),
    symbol: text("symbol").notNull(),
    currencyId: integer("currency_id").notNull(),
    /** 1 up, 2 down. */
    type: integer("type").notNull(),
    seconds: integer("seconds").notNull(),
    number: integer("number").notNull(),
    fee: integer("fee").notNull(),
    profitRatio: text("profit_ratio").notNull(),
    lossRatio: text("loss_ratio").notNull(),
    openPrice: text("open_price").notNull(),
    openTime: integer("open_time").notNull(),
    openSource: text("open_source").notNull(),
    handledAt: integer("handled_at").notNull(),
    /** 1 open, 3 closed (2, closing, is the Seconds object's own state). */
    status: integer("status").notNull().default(1),
    closePrice: text("close_price"),
    closeTime: integer("close_time"),
    closeSource: text("close_source"),
    profitResult: integer("profit_result"),
    void: integer("void").notNull().default(0),
    payout: integer("payout"),
    factProfits: integer("fact_profits"),
    createdAt: integer("created_at").notNull(),
    settledAt: integer("settled_at"),
  },
  (t) => [
    index("seconds_orders_user").on(t.userId, t.status, t.id),
    index("seconds_orders_user_coin").on(t.userId, t.currencyId, t.status),
    check("seconds_orders_type", sql`${t.type} IN (1, 2)`),
    check("seconds_orders_status", sql`${t.status} IN (1, 3)`),
    check("seconds_orders_amounts", sql`${t.number} > 0 AND ${t.fee} >= 0 AND (${t.payout} IS NULL OR ${t.payout} >= 0)`),
  ],
);
