import { and, count, desc, eq } from "drizzle-orm";
import type { QuizBet, QuizBetState, QuizRound } from "../../../schema/api/quiz.ts";
import type { QuizSide } from "../../../schema/api/quiz-pool.ts";
import { quizBets } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { conflict } from "../errors.ts";
import { ACCOUNT_TYPES, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../ledger/accounts.ts";
import { fromUnits } from "../ledger/amounts.ts";
import { type Statement, bound } from "../ledger/batch.ts";
import { commit, errorText, postingStatements } from "../ledger/post.ts";
import type { RoundRow } from "./rounds.ts";
import { roundViews } from "./rounds.ts";

/**
 * A bet is one batch: the round's pool on its side raised only while the round takes bets (opens_at <= now < cutoff_at,
 * still open), a guard that fails the batch when it did not, the journal "quiz:bet:<id>" moving the amount from the owner's
 * exchange account to the quiz pool (an overdraft fails it through the balance CHECK), the bet row, and the Idempotency-Key's
 * answer. So a bet after the cut-off, or one the balance does not cover, leaves nothing behind.
 */

export const BET_STATES: readonly QuizBetState[] = ["open", "hit", "missed", "refunded"];
const pool = { userId: SYSTEM_ACCOUNTS.quizPool, accountType: SYSTEM_ACCOUNT_TYPE };

/** 48 random bits: made before the batch, so the journal and the answer name the bet. */
export function newBetId(): number {
  const b = crypto.getRandomValues(new Uint8Array(6));
  return b.reduce((n, x) => n * 256 + x, 0) || 1;
}

export type NewBet = { id: number; round: RoundRow; userId: number; side: QuizSide; amount: number; now: number };

const RAISE_POOL =
  "UPDATE quiz_rounds SET up_units = up_units + CASE WHEN ?2 = 1 THEN ?3 ELSE 0 END, " +
  "down_units = down_units + CASE WHEN ?2 = 2 THEN ?3 ELSE 0 END WHERE id = ?1 AND status = 0 AND opens_at <= ?4 AND cutoff_at > ?4";
const ROUND_TOOK_IT = "INSERT INTO quiz_guard (ok) SELECT 0 WHERE changes() <> 1";

export function betStatements(db: Db, b: NewBet, prefix: Statement[]): Statement[] {
  const owner = { userId: b.userId, accountType: ACCOUNT_TYPES.change, currencyId: b.round.currencyId };
  return [
    ...prefix,
    bound(db, RAISE_POOL, b.round.id, b.side, b.amount, b.now),
    bound(db, ROUND_TOOK_IT),
    ...postingStatements(
      db,
      [
        {
          kind: "quiz_bet",
          refKey: `quiz:bet:${b.id}`,
          userId: b.userId,
          memo: { round_id: b.round.id, side: b.side, symbol: b.round.symbol },
          lines: [
            { ...owner, bucket: "available", amount: -b.amount },
            { ...pool, currencyId: b.round.currencyId, bucket: "available", amount: b.amount },
          ],
        },
      ],
      b.now,
    ),
    db.insert(quizBets).values({ id: b.id, roundId: b.round.id, userId: b.userId, side: b.side, amount: b.amount, createdAt: b.now }),
  ];
}

/** Writes a bet (see above): 409 QUIZ_ROUND_CLOSED when the round no longer took bets, 409 INSUFFICIENT_BALANCE. */
export async function placeBet(db: Db, b: NewBet, prefix: Statement[]): Promise<void> {
  try {
    await commit(db, betStatements(db, b, prefix));
  } catch (err) {
    if (errorText(err).includes("quiz_guard_round_open")) throw conflict("QUIZ_ROUND_CLOSED");
    throw err;
  }
}

type BetRow = typeof quizBets.$inferSelect;

export function betView(r: BetRow, round: QuizRound, precision: number): QuizBet {
  return {
    id: r.id,
    round_id: r.roundId,
    side: r.side as QuizSide,
    amount: fromUnits(r.amount, precision),
    state: BET_STATES[r.status]!,
    payout: r.payout === null ? null : fromUnits(r.payout, precision),
    created_at: r.createdAt,
    round,
  };
}

/** A page of the user's bets, newest first, each with its round. */
export async function listBets(
  db: Db,
  userId: number,
  q: { roundId?: number; page: number; limit: number },
  now = Date.now(),
): Promise<{ total: number; data: QuizBet[] }> {
  const conds = [eq(quizBets.userId, userId)];
  if (q.roundId) conds.push(eq(quizBets.roundId, q.roundId));
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(quizBets)
      .where(where)
      .orderBy(desc(quizBets.createdAt), desc(quizBets.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(quizBets).where(where).get(),
  ]);
  const rounds = await roundViews(db, [...new Set(rows.map((r) => r.roundId))], now);
  return {
    total: total?.n ?? 0,
    data: rows.map((r) => {
      const { round, precision } = rounds.get(r.roundId)!;
      return betView(r, round, precision);
    }),
  };
}
