import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Copy trading (README, "Design": Copy trading). A trader is a user whose application an operator approved; followers
 * copy the trader's own contract positions by a fixed multiple or fixed lots. A copy is a contract position with
 * order_type 2 and follow_order_id = the trader's position (contract_positions), opened and closed by the contract path.
 */

export const TRADER_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type TraderStatus = (typeof TRADER_STATUSES)[number];

/** One row per user who applied; the statistics are computed hourly from the trader's closed positions (stats_hour). */
export const followTraders = sqliteTable(
  "follow_traders",
  {
    userId: integer("user_id").primaryKey(),
    nickname: text("nickname").notNull(),
    bio: text("bio").notNull(),
    status: text("status", { enum: TRADER_STATUSES }).notNull(),
    createdAt: integer("created_at").notNull(),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: integer("reviewed_by"),
    /** USDT minor units: Σ P/L and Σ margin of closed own positions, and Σ P/L of those closed yesterday (UTC). */
    profitUnits: integer("profit_units").notNull().default(0),
    marginUnits: integer("margin_units").notNull().default(0),
    yesterdayUnits: integer("yesterday_units").notNull().default(0),
    closedCount: integer("closed_count").notNull().default(0),
    profitCount: integer("profit_count").notNull().default(0),
    riseCount: integer("rise_count").notNull().default(0),
    fallCount: integer("fall_count").notNull().default(0),
    openCount: integer("open_count").notNull().default(0),
    /** Start (ms) of the hour the statistics were computed in; 0 never. */
    statsHour: integer("stats_hour").notNull().default(0),
  },
  (t) => [
    check("follow_traders_status", sql`${t.status} IN ('pending', 'approved', 'rejected', 'suspended')`),
    index("follow_traders_status_idx").on(t.status, t.userId),
    index("follow_traders_stats").on(t.statsHour),
  ],
);

/** 1 fixed multiple of the trader's lots, 2 fixed lots. */
export const FOLLOW_TYPES = { multiple: 1, lots: 2 } as const;

/** A follow: status 1 active, 0 cancelled. `number` is a decimal with at most 2 places, above 0 and at most 5. */
export const follows = sqliteTable(
  "follows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    followerId: integer("follower_id").notNull(),
    traderId: integer("trader_id").notNull(),
    type: integer("type").notNull(),
    number: text("number").notNull(),
    status: integer("status").notNull(),
    createdAt: integer("created_at").notNull(),
    cancelledAt: integer("cancelled_at"),
    /** The follower's language when following: a skipped-copy notice is written in it. */
    lang: text("lang").notNull().default("en"),
  },
  (t) => [
    uniqueIndex("follows_one_active")
      .on(t.followerId, t.traderId)
      .where(sql`status = 1`),
    index("follows_trader").on(t.traderId, t.status),
    check("follows_type", sql`${t.type} IN (1, 2)`),
    check("follows_status", sql`${t.status} IN (0, 1)`),
    check("follows_not_self", sql`${t.followerId} <> ${t.traderId}`),
  ],
);

/** A trader position a follow did not copy (the follower's margin did not cover it); the notice is sent with it, once. */
export const followSkips = sqliteTable(
  "follow_skips",
  {
    followId: integer("follow_id").notNull(),
    traderPositionId: integer("trader_position_id").notNull(),
    reason: text("reason").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.followId, t.traderPositionId] })],
);
