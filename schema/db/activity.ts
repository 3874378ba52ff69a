import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Activities: VIP tiers and the couple link. One configuration row (id 1, inserted by the migration), edited by
 * operators and audited. Amounts are canonical decimal TEXT: thresholds in USDT, deposits and the reward in their coin.
 */
export const activityConfig = sqliteTable(
  "activity_config",
  {
    id: integer("id").primaryKey(),
    /** Total balance in USDT from which each tier applies (junior 1, intermediate 2, senior 3); ascending. */
    vipJunior: text("vip_junior").notNull(),
    vipIntermediate: text("vip_intermediate").notNull(),
    vipSenior: text("vip_senior").notNull(),
    coupleEnabled: integer("couple_enabled", { mode: "boolean" }).notNull().default(true),
    /** The coin whose confirmed deposits since linking count, and the least each side must have deposited. */
    coupleDepositCurrencyId: integer("couple_deposit_currency_id").notNull(),
    coupleMinDepositA: text("couple_min_deposit_a").notNull(),
    coupleMinDepositB: text("couple_min_deposit_b").notNull(),
    /** What each member of a qualifying pair may claim once, paid from the house account. */
    coupleRewardCurrencyId: integer("couple_reward_currency_id").notNull(),
    coupleRewardAmount: text("couple_reward_amount").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [check("activity_config_single", sql`${t.id} = 1`)],
);

/**
 * A couple-link request from A (requester) to B (partner). Pending until B confirms (linked, for ever) or declines,
 * or A withdraws it (cancelled). One pending request per requester.
 */
export const coupleLinks = sqliteTable(
  "couple_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requesterId: integer("requester_id").notNull(),
    partnerId: integer("partner_id").notNull(),
    status: text("status", { enum: ["pending", "linked", "declined", "cancelled"] })
      .notNull()
      .default("pending"),
    createdAt: integer("created_at").notNull(),
    respondedAt: integer("responded_at"),
  },
  (t) => [
    uniqueIndex("couple_links_one_pending")
      .on(t.requesterId)
      .where(sql`status = 'pending'`),
    index("couple_links_partner").on(t.partnerId, t.status),
    index("couple_links_status").on(t.status, t.id),
    check("couple_links_not_self", sql`${t.requesterId} <> ${t.partnerId}`),
  ],
);

/**
 * Who is linked: one row per member of a confirmed link, written in the confirming batch. The primary key is what makes
 * "one link per account" hold under concurrent confirmations: a second link of the same account fails the whole batch.
 * Rows are never deleted (a link is irrevocable).
 */
export const coupleMembers = sqliteTable("couple_members", {
  userId: integer("user_id").primaryKey(),
  linkId: integer("link_id").notNull(),
  linkedAt: integer("linked_at").notNull(),
});

/** The daily VIP recomputation's progress: users up to `cursor` (by id) are done for `day` (UTC day number). */
export const vipRuns = sqliteTable("vip_runs", {
  day: integer("day").primaryKey(),
  cursor: integer("cursor").notNull().default(0),
  done: integer("done", { mode: "boolean" }).notNull().default(false),
});
