import { Hono } from "hono";
import type { QuizMarket } from "../../durable/quiz/quiz-market.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import {
  type QuizBet,
  type QuizBetList,
  type QuizConfig,
  type QuizRound,
  type QuizRoundList,
  quizBetRequest,
  quizBetsRequest,
  quizConfigRequest,
  quizRoundCreateRequest,
  quizRoundRequest,
  quizRoundsRequest,
} from "../../schema/api/quiz.ts";
import { badRequest, conflict, notFound } from "../domain/errors.ts";
import { fromUnits, toUnits } from "../domain/ledger/amounts.ts";
import { roomName } from "../domain/markets/config.ts";
import { marketById } from "../domain/markets/markets.ts";
import { listBets, newBetId, placeBet } from "../domain/quiz/bets.ts";
import { loadQuizConfig, saveQuizConfig } from "../domain/quiz/config.ts";
import { createRound, listRounds, roundById, roundView, roundViewById } from "../domain/quiz/rounds.ts";
import { requireCurrency, userAmount } from "../domain/wallet/currencies.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/**
 * The prediction quiz (guess), /guess/*: public configuration and rounds with their pools, bets from the exchange account
 * (Idempotency-Key), the user's bets. Operators edit the configuration and add rounds (audited); the market's QuizMarket
 * object settles them.
 */

const quizStub = (env: AppEnv["Bindings"], symbol: string) =>
  (env.QuizMarket as DurableObjectNamespace<QuizMarket>).getByName(roomName(symbol));

export const quizRoutes = new Hono<AppEnv>()
  .get("/guess/config", async (c) => {
    parse(c, noFieldsSchema);
    return ok<QuizConfig>(c, await loadQuizConfig(c.var.db));
  })
  .get("/guess/rounds", async (c) => {
    const input = parse(c, quizRoundsRequest);
    const page = await listRounds(c.var.db, { scope: input.scope, marketId: input.match_id, page: input.page, limit: input.limit });
    return ok<QuizRoundList>(c, { ...page, page: input.page, limit: input.limit });
  })
  .get("/guess/round", async (c) => {
    const input = parse(c, quizRoundRequest);
    const round = await roundViewById(c.var.db, input.id);
    if (!round) throw notFound();
    return ok<QuizRound>(c, round);
  })
  .post(
    "/guess/bet",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, quizBetRequest);
      const round = await roundById(c.var.db, input.round_id);
      if (!round) throw notFound();
      const now = Date.now();
      if (round.status !== 0 || now < round.opensAt || now >= round.cutoffAt) throw conflict("QUIZ_ROUND_CLOSED");
      const [config, coin] = await Promise.all([loadQuizConfig(c.var.db), requireCurrency(c.var.db, round.currencyId)]);
      const amount = userAmount(coin, input.amount);
      if (amount < toUnits(config.min_bet, coin.precision, "up") || amount > toUnits(config.max_bet, coin.precision, "down")) {
        throw badRequest("QUIZ_AMOUNT_RANGE", { min: config.min_bet, max: config.max_bet });
      }
      const id = newBetId();
      const side = input.side === "1" ? 1 : 2;
      // The answer is stored with the bet (Idempotency-Key), so it shows the pools as this bet leaves them.
      const after = {
        ...round,
        upUnits: round.upUnits + (side === 1 ? amount : 0),
        downUnits: round.downUnits + (side === 2 ? amount : 0),
      };
      const answer: QuizBet = {
        id,
        round_id: round.id,
        side,
        amount: fromUnits(amount, coin.precision),
        state: "open",
        payout: null,
        created_at: now,
        round: roundView(after, coin, now),
      };
      await placeBet(c.var.db, { id, round, userId: c.var.user.id, side, amount, now }, idem.record(answer));
      return ok<QuizBet>(c, answer);
    }),
  )
  .get("/guess/my_bets", requireUser, async (c) => {
    const input = parse(c, quizBetsRequest);
    const page = await listBets(c.var.db, c.var.user.id, { roundId: input.round_id, page: input.page, limit: input.limit });
    return ok<QuizBetList>(c, { ...page, page: input.page, limit: input.limit });
  })
  // Operator console -------------------------------------------------------------
  .post("/admin/guess/config", requireUser, requireOperator, async (c) => {
    const input = parse(c, quizConfigRequest);
    return ok<QuizConfig>(c, await saveQuizConfig(c.var.db, c.var.user.id, input));
  })
  .post("/admin/guess/round", requireUser, requireOperator, async (c) => {
    const input = parse(c, quizRoundCreateRequest);
    const market = await marketById(c.var.db, input.match_id);
    if (!market) throw badRequest("UNKNOWN_MARKET");
    const row = await createRound(c.var.db, c.var.user.id, market, {
      opensAt: input.opens_at,
      cutoffAt: input.cutoff_at,
      endsAt: input.ends_at,
    });
    await quizStub(c.env, market.symbol).refresh();
    return ok<QuizRound>(c, (await roundViewById(c.var.db, row.id))!);
  });
