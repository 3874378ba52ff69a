import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Earn products (README, "Design": Earn). Money on orders is INTEGER minor units of the order's currency;
 * rates are canonical decimal TEXT in percent. Days are UTC day numbers (floor(epoch ms / 86,400,000)).
 */

/** Lock-mining configurations per coin: an operator's offer (edited in the console, audited). */
export const miningConfigs = sqliteTable(
  "mining_configs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    currencyId: integer("currency_id").notNull(),
    days: integer("days").notNull(),
    /** Daily yield in percent ("0.35" is 0.35 % a day). */
    dailyRatePct: text("daily_rate_pct").notNull(),
    /** Minimum single amount, canonical decimal text in the currency. */
    minAmount: text("min_amount").notNull(),
    /** Early-redemption ratio in percent per remaining day ("0.4"). */
    cancelRatioPct: text("cancel_ratio_pct").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    sort: integer("sort").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [check("mining_configs_days", sql`${t.days} BETWEEN 1 AND 3650`)],
);

/**
 * Lock-mining orders. The principal is a hold (hold_id) from the deposit until maturity or early redemption, which
 * share one journal key (`mining:close:<id>`), so exactly one of them ever happens. Interest for day d is the journal
 * `mining:interest:<id>:<d>` (unique), so a job that runs twice or late pays each day once. `next_due_day` is the day
 * the next step (the next day's interest, or the principal at `end_day`) becomes due: the daily job's index.
 */
export const miningOrders = sqliteTable(
  "mining_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    configId: integer("config_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    amount: integer("amount").notNull(),
    days: integer("days").notNull(),
    dailyRatePct: text("daily_rate_pct").notNull(),
    cancelRatioPct: text("cancel_ratio_pct").notNull(),
    /** One day's interest in minor units, rounded down at the deposit (the same every day). */
    dailyInterest: integer("daily_interest").notNull(),
    holdId: text("hold_id").notNull(),
    /** 1 in progress, 2 redeemed. */
    status: integer("status").notNull().default(1),
    /** "matured" or "early" once redeemed. */
    outcome: text("outcome"),
    /** The first interest day (the day after the deposit) and the day the principal returns (start + days). */
    startDay: integer("start_day").notNull(),
    endDay: integer("end_day").notNull(),
    /** The last day whose interest was paid (start_day - 1 before the first). */
    paidThrough: integer("paid_through").notNull(),
    nextDueDay: integer("next_due_day").notNull(),
    totalInterest: integer("total_interest").notNull().default(0),
    penalty: integer("penalty").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    closedAt: integer("closed_at"),
  },
  (t) => [
    uniqueIndex("mining_orders_hold").on(t.holdId),
    index("mining_orders_due").on(t.status, t.nextDueDay),
    index("mining_orders_user").on(t.userId, t.id),
    check("mining_orders_amount", sql`${t.amount} > 0`),
    check("mining_orders_status", sql`${t.status} IN (1, 2)`),
    check("mining_orders_paid", sql`${t.paidThrough} >= ${t.startDay} - 1 AND ${t.paidThrough} <= ${t.endDay} - 1`),
    check("mining_orders_totals", sql`${t.totalInterest} >= 0 AND ${t.penalty} >= 0 AND ${t.penalty} <= ${t.amount}`),
  ],
);

/**
 * IEO projects. The price (in the pay coin per whole token) and the pay coin are the project's, never the client's.
 * `sold` counts token minor units subscribed; the CHECK makes a subscription beyond `total_amount` fail its whole batch,
 * so concurrent buyers of the last units get exactly what fits. Tokens are distributed from `end_at + lock_days`.
 */
export const ieoProjects = sqliteTable(
  "ieo_projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** The token issued (a currency, so it is credited like any coin). */
    currencyId: integer("currency_id").notNull(),
    payCurrencyId: integer("pay_currency_id").notNull(),
    /** Pay-coin amount per whole token, canonical decimal text. */
    price: text("price").notNull(),
    /** Token minor units on offer and subscribed. */
    totalAmount: integer("total_amount").notNull(),
    sold: integer("sold").notNull().default(0),
    /** Smallest subscription, token minor units. */
    minAmount: integer("min_amount").notNull(),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    lockDays: integer("lock_days").notNull().default(0),
    description: text("description").notNull().default(""),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("ieo_projects_sold", sql`${t.sold} >= 0 AND ${t.sold} <= ${t.totalAmount}`),
    check("ieo_projects_dates", sql`${t.startAt} < ${t.endAt}`),
    check("ieo_projects_amounts", sql`${t.totalAmount} > 0 AND ${t.minAmount} > 0 AND ${t.lockDays} >= 0`),
  ],
);

/** IEO subscriptions: the cost is held (hold_id) until the distribution consumes it and credits the tokens, once. */
export const ieoOrders = sqliteTable(
  "ieo_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    projectId: integer("project_id").notNull(),
    /** Token minor units. */
    amount: integer("amount").notNull(),
    /** Pay-coin minor units held. */
    cost: integer("cost").notNull(),
    holdId: text("hold_id").notNull(),
    /** When the tokens become due (the project's end plus its lock period), for the distribution job's index. */
    distributeAt: integer("distribute_at").notNull(),
    /** 1 subscribed (cost held), 2 distributed. */
    status: integer("status").notNull().default(1),
    createdAt: integer("created_at").notNull(),
    distributedAt: integer("distributed_at"),
  },
  (t) => [
    uniqueIndex("ieo_orders_hold").on(t.holdId),
    index("ieo_orders_due").on(t.status, t.distributeAt),
    index("ieo_orders_user").on(t.userId, t.id),
    check("ieo_orders_amounts", sql`${t.amount} > 0 AND ${t.cost} > 0`),
    check("ieo_orders_status", sql`${t.status} IN (1, 2)`),
  ],
);
