import { and, asc, count, desc, eq, inArray, lte, ne } from "drizzle-orm";
import type { QuizRound, QuizRoundState } from "../../../schema/api/quiz.ts";
import { currencies, quizRounds } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest } from "../errors.ts";
import { fromUnits } from "../ledger/amounts.ts";
import { type MarketConfig, loadMarkets } from "../markets/markets.ts";
import { loadQuizConfig } from "./config.ts";
import { HOUR_MS, PLAN_HOURS } from "./schedule.ts";

/**
 * Quiz rounds in D1: created by operators (audited) or every hour for the markets the configuration names (one per
 * market and hour, keyed "auto:<market>:<hour start>", so planning twice creates nothing twice), read by the page, and
 * settled by the market's Quiz object (settle.ts).
 */

export type RoundRow = typeof quizRounds.$inferSelect;
type Coin = { name: string; precision: number };

/** The shortest an operator's round may take bets, and run after its cut-off. */
export const MIN_WINDOW_MS = 10_000;

export function roundState(r: Pick<RoundRow, "status" | "opensAt" | "cutoffAt">, now: number): QuizRoundState {
  if (r.status === 1) return "over";
  if (r.status === 2) return "unsettled";
  if (now < r.opensAt) return "not_started";
  if (now < r.cutoffAt) return "guessing";
  return "cut_off";
}

const entry = (price: string | null, time: number | null, source: string | null) =>
  price === null || time === null ? null : { price, time, source: source ?? "" };

export function roundView(r: RoundRow, coin: Coin, now: number): QuizRound {
  const units = (n: number) => fromUnits(n, coin.precision);
  return {
    id: r.id,
    match_id: r.marketId,
    symbol: r.symbol,
    currency_name: coin.name,
    opens_at: r.opensAt,
    cutoff_at: r.cutoffAt,
    ends_at: r.endsAt,
    fee_rate: r.feeRate,
    auto: r.autoKey !== null,
    state: roundState(r, now),
    up_pool: units(r.upUnits),
    down_pool: units(r.downUnits),
    cutoff_entry: entry(r.cutoffPrice, r.cutoffTime, r.cutoffSource),
    end_entry: entry(r.endPrice, r.endTime, r.endSource),
    outcome: r.status === 1 ? (r.outcome as 0 | 1 | 2) : null,
    fee: r.feeUnits === null ? null : units(r.feeUnits),
    remainder: r.remainderUnits === null ? null : units(r.remainderUnits),
    settled_at: r.settledAt,
  };
}

const withCoin = (db: Db) =>
  db
    .select({ r: quizRounds, name: currencies.name, precision: currencies.precision })
    .from(quizRounds)
    .leftJoin(currencies, eq(currencies.id, quizRounds.currencyId));

const view = (x: { r: RoundRow; name: string | null; precision: number | null }, now: number) =>
  roundView(x.r, { name: x.name ?? "", precision: x.precision ?? 0 }, now);

export async function roundById(db: Db, id: number): Promise<RoundRow | undefined> {
  return db.select().from(quizRounds).where(eq(quizRounds.id, id)).get();
}

export async function roundViewById(db: Db, id: number, now = Date.now()): Promise<QuizRound | undefined> {
  const x = await withCoin(db).where(eq(quizRounds.id, id)).get();
  return x && view(x, now);
}

/** A page of rounds: `current` (not settled, soonest end first) or `history` (settled, newest end first). */
export async function listRounds(
  db: Db,
  q: { scope: "current" | "history"; marketId?: number; page: number; limit: number },
  now = Date.now(),
): Promise<{ total: number; data: QuizRound[] }> {
  const conds = [q.scope === "current" ? eq(quizRounds.status, 0) : ne(quizRounds.status, 0)];
  if (q.marketId) conds.push(eq(quizRounds.marketId, q.marketId));
  const where = and(...conds);
  const order = q.scope === "current" ? [asc(quizRounds.endsAt), asc(quizRounds.id)] : [desc(quizRounds.endsAt), desc(quizRounds.id)];
  const [rows, total] = await Promise.all([
    withCoin(db)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(quizRounds).where(where).get(),
  ]);
  return { total: total?.n ?? 0, data: rows.map((x) => view(x, now)) };
}

/** Rounds by id, with their coin (the bets list). */
export async function roundViews(db: Db, ids: number[], now = Date.now()): Promise<Map<number, { round: QuizRound; precision: number }>> {
  const out = new Map<number, { round: QuizRound; precision: number }>();
  if (ids.length === 0) return out;
  for (const x of await withCoin(db).where(inArray(quizRounds.id, ids)).all())
    out.set(x.r.id, { round: view(x, now), precision: x.precision ?? 0 });
  return out;
}

/** An operator's round, with its audit row in the same batch. Its fee is the configured one now. */
export async function createRound(
  db: Db,
  operatorId: number,
  market: MarketConfig,
  t: { opensAt: number; cutoffAt: number; endsAt: number },
  now = Date.now(),
): Promise<RoundRow> {
  if (t.cutoffAt - Math.max(t.opensAt, now) < MIN_WINDOW_MS) throw badRequest("QUIZ_ROUND_TIMES");
  if (t.endsAt - t.cutoffAt < MIN_WINDOW_MS) throw badRequest("QUIZ_ROUND_TIMES");
  const config = await loadQuizConfig(db);
  const [rows] = await db.batch([
    db
      .insert(quizRounds)
      .values({
        marketId: market.id,
        symbol: market.symbol,
        currencyId: config.currency_id,
        opensAt: t.opensAt,
        cutoffAt: t.cutoffAt,
        endsAt: t.endsAt,
        feeRate: config.fee_rate,
        createdBy: operatorId,
        createdAt: now,
      })
      .returning(),
    auditStatement(
      db,
      {
        actorId: operatorId,
        action: "quiz.round",
        subjectType: "market",
        subjectId: market.symbol,
        detail: { opens_at: t.opensAt, cutoff_at: t.cutoffAt, ends_at: t.endsAt, fee_rate: config.fee_rate },
      },
      now,
    ),
  ]);
  return rows[0]!;
}

/** The hourly rounds of `market` from this hour for PLAN_HOURS, created when missing (when the configuration names it). */
export async function planAutoRounds(db: Db, market: { id: number; symbol: string }, now = Date.now()): Promise<number> {
  const config = await loadQuizConfig(db);
  if (!config.auto_match_ids.includes(market.id)) return 0;
  const first = Math.floor(now / HOUR_MS) * HOUR_MS;
  const values = [];
  for (let h = 0; h < PLAN_HOURS; h++) {
    const opensAt = first + h * HOUR_MS;
    const cutoffAt = opensAt + config.guess_minutes * 60_000;
    if (cutoffAt <= now) continue;
    values.push({
      marketId: market.id,
      symbol: market.symbol,
      currencyId: config.currency_id,
      opensAt,
      cutoffAt,
      endsAt: cutoffAt + config.run_minutes * 60_000,
      feeRate: config.fee_rate,
      autoKey: `auto:${market.id}:${opensAt}`,
      createdAt: now,
    });
  }
  if (values.length === 0) return 0;
  const rows = await db.insert(quizRounds).values(values).onConflictDoNothing().returning({ id: quizRounds.id });
  return rows.length;
}

/** The market's open rounds due by `now` (their end has passed), soonest first. */
export const dueRounds = (db: Db, marketId: number, now: number, limit = 20) =>
  db
    .select()
    .from(quizRounds)
    .where(and(eq(quizRounds.marketId, marketId), eq(quizRounds.status, 0), lte(quizRounds.endsAt, now)))
    .orderBy(asc(quizRounds.endsAt), asc(quizRounds.id))
    .limit(limit)
    .all();

/** When the market's next open round ends (null: none open). */
export async function nextEnd(db: Db, marketId: number): Promise<number | null> {
  const row = await db
    .select({ endsAt: quizRounds.endsAt })
    .from(quizRounds)
    .where(and(eq(quizRounds.marketId, marketId), eq(quizRounds.status, 0)))
    .orderBy(asc(quizRounds.endsAt))
    .limit(1)
    .get();
  return row?.endsAt ?? null;
}

/** Markets whose Quiz object has work: named for automatic rounds, or holding an open round (the cron wakes them). */
export async function quizMarketIds(db: Db): Promise<number[]> {
  const config = await loadQuizConfig(db);
  const open = await db.selectDistinct({ id: quizRounds.marketId }).from(quizRounds).where(eq(quizRounds.status, 0)).all();
  return [...new Set([...config.auto_match_ids, ...open.map((r) => r.id)])];
}

/** The symbols of quizMarketIds' markets (enabled or not: an open round still settles). */
export async function quizSymbols(db: Db): Promise<string[]> {
  const wanted = new Set(await quizMarketIds(db));
  return (await loadMarkets(db)).filter((m) => wanted.has(m.id)).map((m) => m.symbol);
}
