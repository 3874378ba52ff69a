import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Invitation rebates. The daily job pays each inviter, for each ended UTC day, a share of the trading fees its invitees
 * paid that day (spot, contracts, seconds), out of the fee account, in one batch per (inviter, day) keyed
 * `rebate:<inviter>:<day>`. The run row is written in the same batch even when nothing is owed, so a day is looked at once.
 */
export const inviteRebateRuns = sqliteTable(
  "invite_rebate_runs",
  {
    inviterId: integer("inviter_id").notNull(),
    /** UTC day number: floor(ms / 86,400,000). */
    day: integer("day").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.inviterId, t.day] })],
);

/** One invitee's fees in one coin on one day and the inviter's rebate of them (never more than the fees). */
export const inviteRebates = sqliteTable(
  "invite_rebates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    inviterId: integer("inviter_id").notNull(),
    inviteeId: integer("invitee_id").notNull(),
    day: integer("day").notNull(),
    currencyId: integer("currency_id").notNull(),
    feeUnits: integer("fee_units").notNull(),
    /** The published share in force when the job ran, decimal text (0.2 is 20 %). */
    rate: text("rate").notNull(),
    rebateUnits: integer("rebate_units").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("invite_rebates_unique").on(t.inviterId, t.day, t.inviteeId, t.currencyId),
    index("invite_rebates_inviter").on(t.inviterId, t.id),
    check("invite_rebates_bounded", sql`${t.rebateUnits} > 0 AND ${t.rebateUnits} <= ${t.feeUnits}`),
  ],
);

/**
 * Coupons issued by operators: a fee discount in percent on spot fills (kind "discount") or a fixed bonus credited on
 * claim (kind "bonus"), for one user (`user_id`) or for everyone (null), valid from `valid_from` until `valid_to` (ms).
 */
export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["discount", "bonus"] }).notNull(),
    /** Whole percent of the fee waived (discount only). */
    discountPct: integer("discount_pct"),
    currencyId: integer("currency_id"),
    /** Minor units of `currency_id` credited on claim (bonus only). */
    bonusUnits: integer("bonus_units"),
    userId: integer("user_id"),
    validFrom: integer("valid_from").notNull(),
    validTo: integer("valid_to").notNull(),
    createdBy: integer("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => {
    const discount = sql`${t.kind} = 'discount' AND ${t.discountPct} BETWEEN 1 AND 100 AND ${t.bonusUnits} IS NULL`;
    const bonus = sql`${t.kind} = 'bonus' AND ${t.bonusUnits} > 0 AND ${t.currencyId} IS NOT NULL AND ${t.discountPct} IS NULL`;
    return [
      index("coupons_user").on(t.userId, t.validTo),
      check("coupons_window", sql`${t.validTo} > ${t.validFrom}`),
      check("coupons_kind", sql`(${discount}) OR (${bonus})`),
    ];
  },
);

/** A user's taken coupon: a claimed bonus, or an activated discount. One per (coupon, user): a second claim inserts nothing. */
export const userCoupons = sqliteTable(
  "user_coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    couponId: integer("coupon_id").notNull(),
    userId: integer("user_id").notNull(),
    takenAt: integer("taken_at").notNull(),
  },
  (t) => [uniqueIndex("user_coupons_unique").on(t.couponId, t.userId), index("user_coupons_user").on(t.userId, t.takenAt)],
);

/**
 * Each use of a discount: the fee waived on one side of one spot fill, written in the fill's settlement batch after its
 * journal (`spot:fill:<id>`), so a fill settled twice records one use.
 */
export const couponUses = sqliteTable(
  "coupon_uses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userCouponId: integer("user_coupon_id").notNull(),
    userId: integer("user_id").notNull(),
    fillId: text("fill_id").notNull(),
    /** 1 buy, 2 sell. */
    side: integer("side").notNull(),
    orderId: integer("order_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    savedUnits: integer("saved_units").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("coupon_uses_fill").on(t.fillId, t.side),
    index("coupon_uses_coupon").on(t.userCouponId),
    index("coupon_uses_order").on(t.orderId),
    check("coupon_uses_saved", sql`${t.savedUnits} > 0`),
  ],
);

/**
 * One row counting every change of the coupons users hold (triggers in migrations/0027_discount_epoch.sql bump it). A
 * Market object keeps the fee discounts it read together with the count, and each settlement batch checks the count
 * first (inserting into the discount_epoch_check view aborts with DISCOUNTS_CHANGED when it moved), so a kept discount
 * is never applied stale (worker/domain/markets/discounts.ts).
 */
export const discountEpoch = sqliteTable("discount_epoch", {
  id: integer("id").primaryKey(),
  n: integer("n").notNull(),
});
