import { eq } from "drizzle-orm";
import type * as z from "zod/mini";
import type { QuizConfig, quizConfigRequest } from "../../../schema/api/quiz.ts";
import { currencies, quizSettings } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest } from "../errors.ts";
import { D } from "../ledger/amounts.ts";

/**
 * Quiz configuration: the fee (percent of the pool), the bet limits, the coin, and the markets that get an automatic round
 * every hour (bets for guess_minutes from the hour, then run_minutes to the end). Public (GET /guess/config), edited by
 * operators as one document, every change audited with the previous and new values.
 */

const ids = (json: string): number[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x) && x > 0) : [];
  } catch {
    return [];
  }
};

export async function loadQuizConfig(db: Db): Promise<QuizConfig> {
  const s = await db.select().from(quizSettings).where(eq(quizSettings.id, 1)).get();
  const coinId = s?.currencyId ?? 3;
  const coin = await db.select().from(currencies).where(eq(currencies.id, coinId)).get();
  return {
    fee_rate: s?.feeRate ?? "0",
    min_bet: s?.minBet ?? "0",
    max_bet: s?.maxBet ?? "0",
    currency_id: coinId,
    currency_name: coin?.name ?? "",
    precision: coin?.precision ?? 0,
    auto_match_ids: ids(s?.autoMarketIds ?? "[]"),
    guess_minutes: s?.guessMinutes ?? 50,
    run_minutes: s?.runMinutes ?? 10,
  };
}

const list = (text: string): number[] => [...new Set(text === "" ? [] : text.split(",").map(Number))].sort((a, b) => a - b);

/** Replaces the configuration and writes its audit row in one batch. Rounds already created keep their own fee. */
export async function saveQuizConfig(db: Db, operatorId: number, input: z.infer<typeof quizConfigRequest>, now = Date.now()) {
  const min = new D(input.min_bet);
  if (min.isZero() || min.greaterThan(input.max_bet)) throw badRequest("QUIZ_CONFIG_INVALID", { field: "min_bet" });
  if (input.guess_minutes + input.run_minutes > 1440) throw badRequest("QUIZ_CONFIG_INVALID", { field: "run_minutes" });
  const before = await loadQuizConfig(db);
  const row = {
    feeRate: new D(input.fee_rate).toFixed(),
    minBet: min.toFixed(),
    maxBet: new D(input.max_bet).toFixed(),
    autoMarketIds: JSON.stringify(list(input.auto_match_ids)),
    guessMinutes: input.guess_minutes,
    runMinutes: input.run_minutes,
  };
  await db.batch([
    db
      .insert(quizSettings)
      .values({ id: 1, currencyId: before.currency_id, ...row })
      .onConflictDoUpdate({ target: quizSettings.id, set: row }),
    auditStatement(
      db,
      { actorId: operatorId, action: "quiz.config", subjectType: "setting", subjectId: "quiz", detail: { from: before, to: input } },
      now,
    ),
  ]);
  return loadQuizConfig(db);
}
