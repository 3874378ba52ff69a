import { eq, inArray } from "drizzle-orm";
import { type PoolSettlement, type QuizSide, settlePool, winnerOf } from "../../../schema/api/quiz-pool.ts";
import type { TrailEntry } from "../../../schema/api/trail.ts";
import { journals, quizBets } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { ACCOUNT_TYPES, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../ledger/accounts.ts";
import { type Statement, bound, jsonColumn as col } from "../ledger/batch.ts";
import type { Journal } from "../ledger/journal.ts";
import { DuplicateJournal, commit, errorText, postingStatements } from "../ledger/post.ts";
import { type RoundRow, roundById } from "./rounds.ts";

/**
 * Settling a round, once. The decision is pure (decide): the winner from the trail entries in effect at the cut-off and
 * the end, the pool split by schema/api/quiz-pool.ts. The writes: per slice of bets one batch with a journal per bet that
 * gets anything back ("quiz:settle:<bet id>", pool to the owner's exchange account) and the bets' results (guarded on
 * each bet still open); then one batch with the fee and the remainder ("quiz:fee:<round id>", pool to the fees account)
 * and the round's status, guarded on the round still being open with the pools that were read (a guard row fails the
 * batch otherwise). Bets are taken only before the cut-off and a round settles after its end, so the bets read are all.
 *
 * Exactly once: the decision is the same on every run (same bets, same trail answers), every payment has a unique key,
 * and a batch that fails on one is written again without the journals that exist, so a second run, or a run after a
 * crash between any two batches, pays only what is missing and marks what is not marked yet.
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

/** Bets paid per D1 batch: their rows travel as JSON parameters, which D1 caps in size. */
export const SETTLE_SLICE = 500;

type BetResult = Decision["bets"][number];
const betKey = (id: number) => `quiz:settle:${id}`;

function betJournals(d: Decision, list: BetResult[]): Journal[] {
  const coin = d.round.currencyId;
  return list
    .filter((b) => b.payout > 0)
    .map(({ bet, status, payout }) => ({
      kind: status === 3 ? "quiz_refund" : "quiz_payout",
      refKey: betKey(bet.id),
      userId: bet.userId,
      memo: { round_id: d.round.id, bet_id: bet.id },
      lines: [
        { ...pool, currencyId: coin, bucket: "available", amount: -payout },
        { userId: bet.userId, accountType: ACCOUNT_TYPES.change, currencyId: coin, bucket: "available", amount: payout },
      ],
    }));
}

function feeJournals(d: Decision): Journal[] {
  const kept = d.pool.fee + d.pool.remainder;
  if (kept === 0) return [];
  return [
    {
      kind: "quiz_fee",
      refKey: `quiz:fee:${d.round.id}`,
      userId: null,
      memo: { round_id: d.round.id, fee: d.pool.fee, remainder: d.pool.remainder },
      lines: [
        { ...pool, currencyId: d.round.currencyId, bucket: "available", amount: -kept },
        { ...fees, currencyId: d.round.currencyId, bucket: "available", amount: kept },
      ],
    },
  ];
}

const CLOSE_BETS =
  `UPDATE quiz_bets SET status = d.s, payout = d.p, settled_at = ?2 FROM (SELECT ${col(0)} AS id, ${col(1)} AS s, ${col(2)} AS p ` +
  `FROM json_each(?1)) AS d WHERE quiz_bets.id = d.id AND quiz_bets.status = 0`;
const CLOSE_ROUND =
  "UPDATE quiz_rounds SET status = ?2, outcome = ?3, cutoff_price = ?4, cutoff_time = ?5, cutoff_source = ?6, end_price = ?7, " +
  "end_time = ?8, end_source = ?9, fee_units = ?10, remainder_units = ?11, settled_at = ?12 " +
  "WHERE id = ?1 AND status = 0 AND up_units = ?13 AND down_units = ?14";
const ROUND_WAS_OPEN = "INSERT INTO quiz_guard (ok) SELECT 0 WHERE changes() <> 1";

/** A slice of bets: the payouts it has not been paid yet (`paid` holds bets whose journal exists) and the bets' results. */
function sliceStatements(db: Db, d: Decision, list: BetResult[], paid: Set<number>, now: number): Statement[] {
  return [
    ...postingStatements(
      db,
      betJournals(
        d,
        list.filter((b) => !paid.has(b.bet.id)),
      ),
      now,
    ),
    bound(db, CLOSE_BETS, JSON.stringify(list.map((b) => [b.bet.id, b.status, b.payout])), now),
  ];
}

function roundStatements(db: Db, d: Decision, now: number): Statement[] {
  const { cutoff, end } = d.prices;
  const r = d.round;
  return [
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

/** Of these bets, the ones whose settlement journal exists (paid before). */
async function paidBets(db: Db, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 90) {
    const keys = ids.slice(i, i + 90).map(betKey);
    for (const r of await db.select({ refKey: journals.refKey }).from(journals).where(inArray(journals.refKey, keys)).all()) {
      out.add(Number(r.refKey.slice("quiz:settle:".length)));
    }
  }
  return out;
}

export type SettleOutcome = "settled" | "repaired" | "already";

/**
 * Reads the round's bets, decides, and writes: the bets still open in slices of SETTLE_SLICE (each one batch: their
 * payouts and results), then the fee and the round's status (one batch). A slice or the last batch that fails on a journal
 * key is written again without the journals that exist, so a run after a crash anywhere pays only what is missing.
 * Throws when the pools do not add up to the bets read (a bet on its way; the alarm retries).
 */
export async function settleRound(
  db: Db,
  round: RoundRow,
  prices: Prices,
  now = Date.now(),
  /** Tests crash here, after each batch is written. */
  afterBatch?: () => void,
): Promise<{ outcome: SettleOutcome; decision: Decision }> {
  const bets = await db.select().from(quizBets).where(eq(quizBets.roundId, round.id)).all();
  const decision = decide(round, bets, prices);
  const sum = (side: number) => bets.filter((b) => b.side === side).reduce((s, b) => s + b.amount, 0);
  if (sum(1) !== round.upUnits || sum(2) !== round.downUnits) {
    const fresh = await roundById(db, round.id);
    if (fresh && fresh.status !== 0) return { outcome: "already", decision };
    throw new Error(`quiz round ${round.id}: pools and bets differ`);
  }
  let outcome: SettleOutcome = "settled";
  const open = decision.bets.filter((b) => b.bet.status === 0);
  for (let i = 0; i < open.length; i += SETTLE_SLICE) {
    const slice = open.slice(i, i + SETTLE_SLICE);
    try {
      await commit(db, sliceStatements(db, decision, slice, new Set(), now));
    } catch (err) {
      if (!(err instanceof DuplicateJournal)) throw err;
      outcome = "repaired";
      const paid = await paidBets(
        db,
        slice.map((b) => b.bet.id),
      );
      await commit(db, sliceStatements(db, decision, slice, paid, now));
    }
    afterBatch?.();
  }
  const last = async (withFee: boolean): Promise<"done" | "duplicate" | "stale"> => {
    try {
      await commit(db, [...(withFee ? postingStatements(db, feeJournals(decision), now) : []), ...roundStatements(db, decision, now)]);
      return "done";
    } catch (err) {
      if (err instanceof DuplicateJournal) return "duplicate";
      if (errorText(err).includes("quiz_guard_round_open")) return "stale";
      throw err;
    }
  };
  let result = await last(true);
  if (result === "duplicate") {
    outcome = "repaired";
    result = await last(false);
  }
  if (result === "stale") {
    const fresh = await roundById(db, round.id);
    if (fresh && fresh.status !== 0) return { outcome: "already", decision };
    throw new Error(`quiz round ${round.id} changed while settling`);
  }
  return { outcome, decision };
}
