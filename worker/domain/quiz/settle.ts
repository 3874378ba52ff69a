import { eq } from "drizzle-orm";
import { type PoolSettlement, type QuizSide, settlePool, winnerOf } from "../../../schema/api/quiz-pool.ts";
import type { TrailEntry } from "../../../schema/api/trail.ts";
import { quizBets } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { ACCOUNT_TYPES, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../ledger/accounts.ts";
import { type Statement, bound } from "../ledger/batch.ts";
import type { Journal } from "../ledger/journal.ts";
import { DuplicateJournal, commit, errorText, postingStatements } from "../ledger/post.ts";
import { type RoundRow, roundById } from "./rounds.ts";

/**
 * Settling a round, once. The decision is pure (decide): the winner from the trail entries in effect at the cut-off and
 * the end, the pool split by schema/api/quiz-pool.ts. The write is ONE batch: a journal per bet that gets anything back
 * ("quiz:settle:<bet id>", pool to the owner's exchange account), one for the fee and the remainder ("quiz:fee:<round id>",
 * pool to the fees account), the bets' results, and the round's status, guarded on the round still being open with the
 * pools that were read (a guard row fails the batch otherwise).
 *
 * Exactly once: a second run fails on the journal keys and writes nothing. Should the journals exist while the round is
 * still open (its status lost after the payout), the same decision is written again without the journals.
 */

export type BetRow = typeof quizBets.$inferSelect;
export type Prices = { cutoff: TrailEntry | null; end: TrailEntry | null };
export type Decision = {
  round: RoundRow;
  prices: Prices;
  /** 1 over, 2 unsettled (no price in effect at one of the instants). */
  status: 1 | 2;
  outcome: 0 | QuizSide | null;
  pool: PoolSettlement;
  /** Per bet: 1 hit, 2 missed, 3 refunded, and what it is paid. */
  bets: { bet: BetRow; status: 1 | 2 | 3; payout: number }[];
};

export function decide(round: RoundRow, bets: BetRow[], prices: Prices): Decision {
  const priced = prices.cutoff !== null && prices.end !== null;
  const winner = priced ? winnerOf(prices.cutoff!.price, prices.end!.price) : null;
  const pool = settlePool(
    bets.map((b) => ({ id: b.id, side: b.side as QuizSide, amount: b.amount })),
    winner,
    round.feeRate,
  );
  return {
    round,
    prices,
    status: priced ? 1 : 2,
    outcome: priced ? (winner ?? 0) : null,
    pool,
    bets: bets.map((bet) => ({
      bet,
      status: pool.refund ? 3 : bet.side === winner ? 1 : 2,
      payout: pool.payouts.get(bet.id) ?? 0,
    })),
  };
}

const pool = { userId: SYSTEM_ACCOUNTS.quizPool, accountType: SYSTEM_ACCOUNT_TYPE };
const fees = { userId: SYSTEM_ACCOUNTS.fees, accountType: SYSTEM_ACCOUNT_TYPE };

function journals(d: Decision): Journal[] {
  const coin = d.round.currencyId;
  const out: Journal[] = d.bets
    .filter((b) => b.payout > 0)
    .map(({ bet, status, payout }) => ({
      kind: status === 3 ? "quiz_refund" : "quiz_payout",
      refKey: `quiz:settle:${bet.id}`,
      userId: bet.userId,
      memo: { round_id: d.round.id, bet_id: bet.id },
      lines: [
        { ...pool, currencyId: coin, bucket: "available", amount: -payout },
        { userId: bet.userId, accountType: ACCOUNT_TYPES.change, currencyId: coin, bucket: "available", amount: payout },
      ],
    }));
  const kept = d.pool.fee + d.pool.remainder;
  if (kept > 0) {
    out.push({
      kind: "quiz_fee",
      refKey: `quiz:fee:${d.round.id}`,
      userId: null,
      memo: { round_id: d.round.id, fee: d.pool.fee, remainder: d.pool.remainder },
      lines: [
        { ...pool, currencyId: coin, bucket: "available", amount: -kept },
        { ...fees, currencyId: coin, bucket: "available", amount: kept },
      ],
    });
  }
  return out;
}

const col = (i: number) => `json_extract(value, '$[${i}]')`;
const CLOSE_BETS =
  `UPDATE quiz_bets SET status = d.s, payout = d.p, settled_at = ?2 FROM (SELECT ${col(0)} AS id, ${col(1)} AS s, ${col(2)} AS p ` +
  `FROM json_each(?1)) AS d WHERE quiz_bets.id = d.id AND quiz_bets.status = 0`;
const CLOSE_ROUND =
  "UPDATE quiz_rounds SET status = ?2, outcome = ?3, cutoff_price = ?4, cutoff_time = ?5, cutoff_source = ?6, end_price = ?7, " +
  "end_time = ?8, end_source = ?9, fee_units = ?10, remainder_units = ?11, settled_at = ?12 " +
  "WHERE id = ?1 AND status = 0 AND up_units = ?13 AND down_units = ?14";
const ROUND_WAS_OPEN = "INSERT INTO quiz_guard (ok) SELECT 0 WHERE changes() <> 1";

function statusStatements(db: Db, d: Decision, now: number): Statement[] {
  const { cutoff, end } = d.prices;
  const r = d.round;
  return [
    bound(db, CLOSE_BETS, JSON.stringify(d.bets.map((b) => [b.bet.id, b.status, b.payout])), now),
    bound(
      db,
      CLOSE_ROUND,
      r.id,
      d.status,
      d.outcome,
      cutoff?.price ?? null,
      cutoff?.time ?? null,
      cutoff?.source ?? null,
      end?.price ?? null,
      end?.time ?? null,
      end?.source ?? null,
      d.pool.fee,
      d.pool.remainder,
      now,
      r.upUnits,
      r.downUnits,
    ),
    bound(db, ROUND_WAS_OPEN),
  ];
}

export const settleStatements = (db: Db, d: Decision, now: number): Statement[] => [
  ...postingStatements(db, journals(d), now),
  ...statusStatements(db, d, now),
];

export type SettleOutcome = "settled" | "repaired" | "already";

/** Reads the round's bets, decides and writes (see above). Throws when a bet raced in after the read (retry later). */
export async function settleRound(
  db: Db,
  round: RoundRow,
  prices: Prices,
  now = Date.now(),
): Promise<{ outcome: SettleOutcome; decision: Decision }> {
  const bets = await db.select().from(quizBets).where(eq(quizBets.roundId, round.id)).all();
  const decision = decide(round, bets, prices);
  const run = async (statements: Statement[]): Promise<"done" | "duplicate" | "stale"> => {
    try {
      await commit(db, statements);
      return "done";
    } catch (err) {
      if (err instanceof DuplicateJournal) return "duplicate";
      if (errorText(err).includes("quiz_guard_round_open")) return "stale";
      throw err;
    }
  };
  let result = await run(settleStatements(db, decision, now));
  let outcome: SettleOutcome = "settled";
  if (result === "duplicate") {
    result = await run(statusStatements(db, decision, now));
    outcome = "repaired";
  }
  if (result === "stale") {
    const fresh = await roundById(db, round.id);
    if (fresh && fresh.status !== 0) return { outcome: "already", decision };
    throw new Error(`quiz round ${round.id} changed while settling`);
  }
  return { outcome, decision };
}
