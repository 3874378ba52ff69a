import { HOUR_MS, PLAN_HOURS } from "../quiz/schedule.ts";
import { sqlInt } from "./sql.ts";

/**
 * The demo's upcoming quiz rounds: this hour's and the next ones on every market the quiz configuration names, with the
 * same keys and times the Quiz objects plan (worker/domain/quiz/rounds.ts planAutoRounds), so either may come first and
 * neither duplicates the other. Read from quiz_settings, so the seed follows the configuration.
 */
export function quizSeedStatements(now: number): string[] {
  const first = Math.floor(now / HOUR_MS) * HOUR_MS;
  const out: string[] = [];
  for (let h = 0; h < PLAN_HOURS; h++) {
    const opens = sqlInt(first + h * HOUR_MS);
    const cutoff = `${opens} + s.guess_minutes * 60000`;
    out.push(
      "INSERT OR IGNORE INTO quiz_rounds (market_id, symbol, currency_id, opens_at, cutoff_at, ends_at, fee_rate, auto_key, created_at) " +
        `SELECT m.id, m.symbol, s.currency_id, ${opens}, ${cutoff}, ${cutoff} + s.run_minutes * 60000, ` +
        `s.fee_rate, 'auto:' || m.id || ':' || ${opens}, ${sqlInt(now)} FROM quiz_settings s JOIN markets m ` +
        `ON m.id IN (SELECT value FROM json_each(s.auto_market_ids)) WHERE s.id = 1 AND ${cutoff} > ${sqlInt(now)};`,
    );
  }
  return out;
}
