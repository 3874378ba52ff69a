import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * OTC loans (README, "What the product does today": Loans). Money is INTEGER minor units: `principal`, the interest
 * and the debt in the loan coin (USDT), `collateral_amount` in the collateral coin. Days are UTC day numbers.
 *
 * The collateral is a hold (`hold_id`) from the application on. Exactly one journal `loan:close:<id>` ends a loan:
 * the rejection (hold released), the repayment (debt paid to the loans account, hold released) or the liquidation
 * (collateral to the loans account, any excess back). Interest for day d is the journal `loan:interest:<id>:<d>`
 * (unique), so a job that runs twice or late records each day once. `next_due_day` indexes the daily job.
 */
export const loans = sqliteTable(
  "loans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    collateralCurrencyId: integer("collateral_currency_id").notNull(),
    collateralAmount: integer("collateral_amount").notNull(),
    /** The loan coin (USDT). */
    currencyId: integer("currency_id").notNull(),
    principal: integer("principal").notNull(),
    termDays: integer("term_days").notNull(),
    /** The terms in force at the application, percent per day as canonical text. */
    dailyRatePct: text("daily_rate_pct").notNull(),
    overdueRatePct: text("overdue_rate_pct").notNull(),
    dailyInterest: integer("daily_interest").notNull(),
    overdueInterest: integer("overdue_interest").notNull(),
    holdId: text("hold_id").notNull(),
    status: text("status", { enum: ["pending", "active", "repaid", "liquidated", "rejected"] }).notNull(),
    /** The applicant's language, for the message-centre notices the loan sends. */
    lang: text("lang").notNull().default("en"),
    /** Set at the approval: the first interest day, the first overdue day (start + term). */
    startDay: integer("start_day"),
    dueDay: integer("due_day"),
    /** The last day whose interest was recorded (start_day - 1 before the first). */
    accruedThrough: integer("accrued_through"),
    nextDueDay: integer("next_due_day"),
    accruedInterest: integer("accrued_interest").notNull().default(0),
    /** What closed it: the debt repaid, or at liquidation the collateral taken and the debt left uncovered (loan coin). */
    repaidAmount: integer("repaid_amount").notNull().default(0),
    collateralTaken: integer("collateral_taken").notNull().default(0),
    shortfall: integer("shortfall").notNull().default(0),
    /** The reference price the liquidation used (USDT per collateral coin). */
    liquidationPrice: text("liquidation_price"),
    reviewedBy: integer("reviewed_by"),
    rejectReason: text("reject_reason").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    reviewedAt: integer("reviewed_at"),
    closedAt: integer("closed_at"),
  },
  (t) => [
    uniqueIndex("loans_hold").on(t.holdId),
    index("loans_due").on(t.status, t.nextDueDay),
    index("loans_user").on(t.userId, t.id),
    index("loans_status").on(t.status, t.id),
    check("loans_amounts", sql`${t.principal} > 0 AND ${t.collateralAmount} > 0 AND ${t.termDays} BETWEEN 7 AND 365`),
    check("loans_status", sql`${t.status} IN ('pending', 'active', 'repaid', 'liquidated', 'rejected')`),
    check("loans_totals", sql`${t.accruedInterest} >= 0 AND ${t.repaidAmount} >= 0 AND ${t.shortfall} >= 0`),
    check("loans_collateral_taken", sql`${t.collateralTaken} >= 0 AND ${t.collateralTaken} <= ${t.collateralAmount}`),
  ],
);
