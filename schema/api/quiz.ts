import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";
import { decimalText } from "./money.ts";
import type { TrailEntry } from "./trail.ts";

/**
 * The prediction quiz (guess), /guess/*. A round asks whether a market's reference price will be higher or lower at
 * `ends_at` than at `cutoff_at`; bets are taken from `opens_at` until the cut-off. Amounts are decimal text in the round's
 * coin, the fee percent of the pool, times epoch ms. Every settled round carries the two trail entries it was decided on.
 * The money rule is schema/api/quiz-pool.ts.
 */

/** Percent with at most 4 decimals, 0 to 100. */
const percentText = () => z.string().check(z.regex(/^(?:100(?:\.0{1,4})?|\d{1,2}(?:\.\d{1,4})?)$/, { error: "PARAMETER_ERROR" }));
const epochMs = () => z.pipe(id(), z.number().check(z.minimum(1_000_000_000_000), z.maximum(9_999_999_999_999)));

/** The states the spec lists: not started, guessing, cut off, over, unsettled. */
export type QuizRoundState = "not_started" | "guessing" | "cut_off" | "over" | "unsettled";
/** A bet: open until its round settles, then hit, missed or refunded (equal prices, no price, one-sided pool). */
export type QuizBetState = "open" | "hit" | "missed" | "refunded";

export type QuizConfig = {
  fee_rate: string;
  min_bet: string;
  max_bet: string;
  currency_id: number;
  currency_name: string;
  precision: number;
  auto_match_ids: number[];
  guess_minutes: number;
  run_minutes: number;
};

export type QuizRound = {
  id: number;
  match_id: number;
  symbol: string;
  currency_name: string;
  opens_at: number;
  cutoff_at: number;
  ends_at: number;
  fee_rate: string;
  auto: boolean;
  state: QuizRoundState;
  /** Pool per side (decimal text): 1 higher, 2 lower. */
  up_pool: string;
  down_pool: string;
  /** The trail entries in effect at the cut-off and the end; null until settled or when none was. */
  cutoff_entry: TrailEntry | null;
  end_entry: TrailEntry | null;
  /** 1 higher, 2 lower, 0 equal prices; null while open or when unsettled. */
  outcome: 0 | 1 | 2 | null;
  fee: string | null;
  remainder: string | null;
  settled_at: number | null;
};

export type QuizBet = {
  id: number;
  round_id: number;
  side: 1 | 2;
  amount: string;
  state: QuizBetState;
  payout: string | null;
  created_at: number;
  round: QuizRound;
};

export type QuizRoundList = { total: number; page: number; limit: number; data: QuizRound[] };
export type QuizBetList = { total: number; page: number; limit: number; data: QuizBet[] };

/** GET /guess/rounds: `current` lists rounds not yet settled (soonest end first), `history` settled ones (newest first). */
export const quizRoundsRequest = z.strictObject({
  scope: z._default(z.optional(z.enum(["current", "history"], { error: "PARAMETER_ERROR" })), "current"),
  match_id: z.optional(id()),
  page: page(),
  limit: limit(50, 10),
});

export const quizRoundRequest = z.strictObject({ id: id() });

/** POST /guess/bet (Idempotency-Key). */
export const quizBetRequest = z.strictObject({
  round_id: id(),
  /** 1 higher, 2 lower. */
  side: z.enum(["1", "2"], { error: "PARAMETER_ERROR" }),
  amount: decimalText(),
});

export const quizBetsRequest = z.strictObject({
  round_id: z.optional(id()),
  page: page(),
  limit: limit(50, 10),
});

/** POST /admin/guess/config: the whole document. */
export const quizConfigRequest = z.strictObject({
  fee_rate: percentText(),
  min_bet: decimalText(),
  max_bet: decimalText(),
  auto_match_ids: z.string().check(z.regex(/^\d{1,6}(?:,\d{1,6}){0,99}$|^$/, { error: "PARAMETER_ERROR" })),
  guess_minutes: z.pipe(id(), z.number().check(z.maximum(1440))),
  run_minutes: z.pipe(id(), z.number().check(z.maximum(1440))),
});

/** POST /admin/guess/round: an operator's round on a market; its fee is the configured one at creation. */
export const quizRoundCreateRequest = z.strictObject({
  match_id: id(),
  opens_at: epochMs(),
  cutoff_at: epochMs(),
  ends_at: epochMs(),
});
