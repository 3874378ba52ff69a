import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The prediction quiz (guess): rounds on a market's reference price ("higher or lower at the end than at the cut-off"),
 * bets from the exchange account into the quiz pool (system account -14), settled pari-mutuel from the price trail by the
 * market's Quiz object. Amounts are INTEGER minor units of the round's coin; rates percent as decimal TEXT; times epoch ms.
 */

/** The one row of quiz settings (id 1): fee, bet limits (decimal text in the coin), the coin, automatic rounds. */
export const quizSettings = sqliteTable(
  "quiz_settings",
  {
    id: integer("id").primaryKey(),
    feeRate: text("fee_rate").notNull(),
    minBet: text("min_bet").notNull(),
    maxBet: text("max_bet").notNull(),
    currencyId: integer("currency_id").notNull(),
    /** Markets (match ids, JSON array) that get a round every hour. */
    autoMarketIds: text("auto_market_ids").notNull().default("[]"),
    /** An automatic round takes bets for this many minutes from the hour, then runs this many to its end. */
    guessMinutes: integer("guess_minutes").notNull(),
    runMinutes: integer("run_minutes").notNull(),
  },
  (t) => [
    check("quiz_settings_one", sql`${t.id} = 1`),
    check("quiz_settings_minutes", sql`${t.guessMinutes} BETWEEN 1 AND 1440 AND ${t.runMinutes} BETWEEN 1 AND 1440`),
  ],
);

/**
 * A round. Bets are taken from opens_at until cutoff_at; the round compares the price in effect at ends_at with the one at
 * cutoff_at. up_units / down_units are the pool per side, raised by each bet's batch (guarded on the round taking bets).
 * status: 0 open, 1 over (settled on both prices), 2 unsettled (no price in effect at one of the instants: refunded).
 * outcome: 1 higher, 2 lower, 0 equal prices (refunded); null while open or unsettled. auto_key is unique for automatic rounds.
 */
export const quizRounds = sqliteTable(
  "quiz_rounds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    marketId: integer("market_id").notNull(),
    symbol: text("symbol").notNull(),
    currencyId: integer("currency_id").notNull(),
    opensAt: integer("opens_at").notNull(),
    cutoffAt: integer("cutoff_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    /** The fee of this round, fixed when it is created (percent of the pool). */
    feeRate: text("fee_rate").notNull(),
    autoKey: text("auto_key"),
    createdBy: integer("created_by"),
    upUnits: integer("up_units").notNull().default(0),
    downUnits: integer("down_units").notNull().default(0),
    status: integer("status").notNull().default(0),
    outcome: integer("outcome"),
    cutoffPrice: text("cutoff_price"),
    cutoffTime: integer("cutoff_time"),
    cutoffSource: text("cutoff_source"),
    endPrice: text("end_price"),
    endTime: integer("end_time"),
    endSource: text("end_source"),
    feeUnits: integer("fee_units"),
    remainderUnits: integer("remainder_units"),
    createdAt: integer("created_at").notNull(),
    settledAt: integer("settled_at"),
  },
  (t) => [
    uniqueIndex("quiz_rounds_auto_key").on(t.autoKey),
    index("quiz_rounds_market_due").on(t.marketId, t.status, t.endsAt),
    index("quiz_rounds_ends").on(t.endsAt),
    check("quiz_rounds_times", sql`${t.opensAt} < ${t.cutoffAt} AND ${t.cutoffAt} < ${t.endsAt}`),
    check("quiz_rounds_pools", sql`${t.upUnits} >= 0 AND ${t.downUnits} >= 0`),
    check("quiz_rounds_status", sql`${t.status} IN (0, 1, 2)`),
  ],
);

/**
 * A bet: `amount` left the owner's exchange account for the pool in the journal "quiz:bet:<id>". Settled with the round
 * (journal "quiz:settle:<id>" when it pays anything). status: 0 open, 1 hit, 2 missed, 3 refunded; payout when settled.
 */
export const quizBets = sqliteTable(
  "quiz_bets",
  {
    /** Random (48 bits), made before the batch so the journal and the answer can name it. */
    id: integer("id").primaryKey(),
    roundId: integer("round_id").notNull(),
    userId: integer("user_id").notNull(),
    /** 1 higher, 2 lower. */
    side: integer("side").notNull(),
    amount: integer("amount").notNull(),
    status: integer("status").notNull().default(0),
    payout: integer("payout"),
    createdAt: integer("created_at").notNull(),
    settledAt: integer("settled_at"),
  },
  (t) => [
    index("quiz_bets_round").on(t.roundId, t.id),
    index("quiz_bets_user").on(t.userId, t.createdAt),
    check("quiz_bets_side", sql`${t.side} IN (1, 2)`),
    check("quiz_bets_amount", sql`${t.amount} > 0 AND (${t.payout} IS NULL OR ${t.payout} >= 0)`),
    check("quiz_bets_status", sql`${t.status} BETWEEN 0 AND 3`),
  ],
);

/** Fails a bet's batch (CHECK quiz_guard_round_open) when the round did not take it: not open for bets at that instant. */
export const quizGuard = sqliteTable("quiz_guard", { ok: integer("ok").notNull() }, (t) => [
  check("quiz_guard_round_open", sql`${t.ok} = 1`),
]);
