import type { QuizBet, QuizBetList, QuizConfig, QuizRound, QuizRoundList } from "../../../../schema/api/quiz.ts";
import { get, post, read } from "../../lib/api.ts";
import { currentRoundsRead, quizConfigRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

export type { QuizBet, QuizBetList, QuizConfig, QuizRound, QuizRoundList };
export { possiblePayout } from "../../../../schema/api/quiz-pool.ts";

/** The prediction quiz: configuration, rounds (current and history), bets. */

export const quizConfigQuery: QueryDef<QuizConfig> = {
  key: [Q.quiz, "config"],
  load: () => read<QuizConfig>(quizConfigRead, { silent: true, background: true }),
  staleTime: 60_000,
};

/** Rounds not yet settled, soonest end first; read again every few seconds while shown (the pools move). */
export const currentRoundsQuery: QueryDef<QuizRoundList> = {
  key: [Q.quiz, "rounds", "current"],
  load: () => read<QuizRoundList>(currentRoundsRead, { silent: true, background: true }),
  staleTime: 3_000,
};

export const fetchHistory = (page: number) =>
  get<QuizRoundList>("/guess/rounds", { scope: "history", page, limit: 10 }, { silent: true, background: true });

export const fetchMyBets = (page: number) => get<QuizBetList>("/guess/my_bets", { page, limit: 10 }, { silent: true, background: true });

/** A bet moves the exchange balance and changes the pools and the bets list. */
export const QUIZ_KEYS = [...BALANCE_KEYS, [Q.quiz]];

export const placeQuizBet = mutation(
  (input: { roundId: number; side: 1 | 2; amount: string }, idempotencyKey: string) =>
    post<QuizBet>("/guess/bet", { round_id: input.roundId, side: input.side, amount: input.amount }, { idempotencyKey }),
  QUIZ_KEYS,
);
