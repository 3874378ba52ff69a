import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Dual products (README, "Design": Dual products). Money is INTEGER minor units of the order's pay coin (the product's
 * coin for a call, USDT for a put); APR and the linked (strike) price are canonical decimal TEXT. Times are epoch ms.
 */

/**
 * An operator's offer (console, audited). `purchased_number` is raised by each purchase in its own batch; the CHECK
 * refuses a batch that would sell beyond `total_number`, so concurrent buyers of the last shares get exactly what fits.
 * Every order of a product settles at `settle_at` (the subscription's end plus the holding days).
 */
export const dualProducts = sqliteTable(
  "dual_products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** The product's coin (BTC, ETH): what a call is paid in and what either pays below the linked price. */
    currencyId: integer("currency_id").notNull(),
    /** "call" or "put". */
    type: text("type").notNull(),
    /** Annual rate in percent ("36.5" is 36.5 % a year). */
    aprPct: text("apr_pct").notNull(),
    /** The linked (strike) price in USDT. */
    exercisePrice: text("exercise_price").notNull(),
    /** Amount per share in the pay coin, canonical decimal text. */
    perPrice: text("per_price").notNull(),
    totalNumber: integer("total_number").notNull(),
    purchasedNumber: integer("purchased_number").notNull().default(0),
    /** Shares one user may hold of this product. */
    userLimit: integer("user_limit").notNull(),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    days: integer("days").notNull(),
    settleAt: integer("settle_at").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("dual_products_sold", sql`${t.purchasedNumber} >= 0 AND ${t.purchasedNumber} <= ${t.totalNumber}`),
    check("dual_products_type", sql`${t.type} IN ('call', 'put')`),
    check("dual_products_dates", sql`${t.startAt} < ${t.endAt} AND ${t.settleAt} >= ${t.endAt}`),
    check("dual_products_terms", sql`${t.days} BETWEEN 1 AND 3650 AND ${t.userLimit} > 0 AND ${t.totalNumber} > 0`),
  ],
);

/**
 * Shares each user holds of a product, written by a guarded upsert in the purchase's batch: the row carries the
 * product's limit at that moment and the CHECK fails the whole batch when the user would go beyond it.
 */
export const dualHoldings = sqliteTable(
  "dual_holdings",
  {
    userId: integer("user_id").notNull(),
    productId: integer("product_id").notNull(),
    num: integer("num").notNull(),
    userLimit: integer("user_limit").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), check("dual_holdings_limit", sql`${t.num} > 0 AND ${t.num} <= ${t.userLimit}`)],
);

/**
 * Dual orders. The cost moves to the dual account at purchase (journal kind `dual_buy`); settlement pays the payout from
 * the dual account under `dual:settle:<id>`
 * (unique), so a job that runs twice or late pays once. Status 1 purchased, 2 settlementing (no price in effect yet,
 * retried at `next_try_at`), 3 success, 4 fail (the settlement instant left the price trail: the cost is refunded).
 * The terms are copied from the product at purchase, so an operator's later edit changes no open order.
 */
export const dualOrders = sqliteTable(
  "dual_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    productId: integer("product_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    payCurrencyId: integer("pay_currency_id").notNull(),
    type: text("type").notNull(),
    num: integer("num").notNull(),
    /** Pay-coin minor units moved to the dual account. */
    cost: integer("cost").notNull(),
    aprPct: text("apr_pct").notNull(),
    exercisePrice: text("exercise_price").notNull(),
    days: integer("days").notNull(),
    settleAt: integer("settle_at").notNull(),
    nextTryAt: integer("next_try_at").notNull(),
    status: integer("status").notNull().default(1),
    /** The reference price in effect at settle_at and its trail time, once settled. */
    settlePrice: text("settle_price"),
    priceTime: integer("price_time"),
    payoutCurrencyId: integer("payout_currency_id"),
    payout: integer("payout"),
    createdAt: integer("created_at").notNull(),
    settledAt: integer("settled_at"),
  },
  (t) => [
    index("dual_orders_due").on(t.status, t.nextTryAt),
    index("dual_orders_user").on(t.userId, t.id),
    index("dual_orders_product").on(t.productId),
    check("dual_orders_amounts", sql`${t.num} > 0 AND ${t.cost} > 0 AND (${t.payout} IS NULL OR ${t.payout} >= 0)`),
    check("dual_orders_status", sql`${t.status} IN (1, 2, 3, 4)`),
  ],
);
