import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { QuizMarket } from "../../durable/quiz/quiz-market.ts";
import type { QuizBet, QuizBetList, QuizConfig, QuizRound, QuizRoundList } from "../../schema/api/quiz.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/accounts.ts";
import { planAutoRounds } from "../../worker/domain/quiz/rounds.ts";
import { api, createUser } from "./helpers.ts";
import { balance, db, seedMarkets, USDT } from "./market-helpers.ts";
import { expectInvariant, fund } from "./money-helpers.ts";
import { recordTrail, SOL, USDT_1 } from "./seconds-helpers.ts";

/**
 * The prediction quiz (issue #11): bets from the exchange account into the pool (-14) while a round takes them, settlement
 * by the market's Quiz object from the trail's prices in effect at the cut-off and the end, pari-mutuel with a 2 % fee,
 * exactly once whatever fires twice or crashes. SOL/USDT (match id 3, tick 0.01), USDT 6 decimals.
 */

type QuizInternals = { settleHooks: { afterCommit?: (round: number, outcome: string) => void } };
const quizStub = () => (env.QuizMarket as DurableObjectNamespace<QuizMarket>).getByName(SOL.name);
const spot = async (userId: number) => (await balance(userId, USDT, 2)).available;
const system = async (id: number) => (await balance(id, USDT, 2)).available;
const key = () => crypto.randomUUID();

async function gambler(usdt = 1_000) {
  const user = await createUser();
  await fund(user.id, USDT, usdt * USDT_1);
  return user;
}

let operator: { id: number; token: string };

/** An operator's round on SOL/USDT taking bets now (opened a second ago, cut-off in a minute, end a minute later). */
async function openRound(): Promise<QuizRound> {
  const now = Date.now();
  const res = await api<QuizRound>("/admin/guess/round", {
    token: operator.token,
    form: { match_id: "3", opens_at: String(now - 1_000), cutoff_at: String(now + 60_000), ends_at: String(now + 120_000) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

const bet = (token: string, round: number, side: "1" | "2", amount: string, headers: Record<string, string> = {}) =>
  api<QuizBet>("/guess/bet", { token, form: { round_id: String(round), side, amount }, headers: { "Idempotency-Key": key(), ...headers } });

/** Moves a round's instants into the past (as if its time had come) and records the trail at them: ticks of 0.01. */
async function endRound(
  id: number,
  cutoffTicks: number | null,
  endTicks: number | null,
  base = Date.now() - 30_000,
): Promise<{ cutoff: number; end: number }> {
  const cutoff = base + 10_000;
  const end = base + 20_000;
  await db().update(tables.quizRounds).set({ opensAt: base, cutoffAt: cutoff, endsAt: end }).where(eq(tables.quizRounds.id, id)).run();
  const entries: [number, number][] = [];
  if (cutoffTicks !== null) entries.push([cutoff - 1_000, cutoffTicks]);
  if (endTicks !== null) entries.push([end - 2_000, endTicks]);
  await recordTrail(entries);
  return { cutoff, end };
}

async function runQuizAlarm(): Promise<void> {
  await quizStub().refresh();
  await runDurableObjectAlarm(quizStub());
}

const round = async (id: number) => (await api<QuizRound>(`/guess/round?id=${id}`)).body.message;
const myBets = async (token: string, roundId?: number) =>
  (await api<QuizBetList>(`/guess/my_bets${roundId ? `?round_id=${roundId}` : ""}`, { token })).body.message;
const journalsLike = async (pattern: string) =>
  (await db().select().from(tables.journals).where(like(tables.journals.refKey, pattern)).all()).length;

beforeAll(async () => {
  await seedMarkets();
  operator = await createUser({ role: "operator" });
});

describe("quiz bets", () => {
  it("a bet moves its amount from the exchange account to the pool and raises its side, in one batch", async () => {
    const r = await openRound();
    const a = await gambler();
    const poolBefore = await system(SYSTEM_ACCOUNTS.quizPool);
    const res = await bet(a.token, r.id, "1", "12.5");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({ round_id: r.id, side: 1, amount: "12.5", state: "open", payout: null });
    expect(res.body.message.round).toMatchObject({ state: "guessing", up_pool: "12.5", down_pool: "0" });
    expect(await spot(a.id)).toBe(1_000 * USDT_1 - 12_500_000);
    expect(await system(SYSTEM_ACCOUNTS.quizPool)).toBe(poolBefore + 12_500_000);
    expect(await round(r.id)).toMatchObject({ up_pool: "12.5", down_pool: "0", state: "guessing", fee_rate: "2" });
    expect((await myBets(a.token, r.id)).data.map((b) => b.id)).toEqual([res.body.message.id]);
    await expectInvariant();
  });

  it("the same Idempotency-Key bets once and answers the first result", async () => {
    const r = await openRound();
    const a = await gambler();
    const k = key();
    const first = await bet(a.token, r.id, "2", "5", { "Idempotency-Key": k });
    const again = await bet(a.token, r.id, "2", "5", { "Idempotency-Key": k });
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await spot(a.id)).toBe(995 * USDT_1);
    expect((await round(r.id)).down_pool).toBe("5");
  });

  it("refuses bad input with a translated 4xx and writes nothing", async () => {
    const r = await openRound();
    const a = await gambler(10);
    const cases: [Record<string, string>, number, string][] = [
      [{ round_id: String(r.id), side: "3", amount: "5" }, 400, "PARAMETER_ERROR"],
      [{ round_id: String(r.id), side: "1", amount: "-5" }, 400, "INVALID_AMOUNT"],
      [{ round_id: String(r.id), side: "1", amount: "0.5" }, 400, "QUIZ_AMOUNT_RANGE"],
      [{ round_id: String(r.id), side: "1", amount: "10001" }, 400, "QUIZ_AMOUNT_RANGE"],
      [{ round_id: String(r.id), side: "1", amount: "1.0000001" }, 400, "AMOUNT_TOO_PRECISE"],
      [{ round_id: String(r.id), side: "1", amount: "11" }, 409, "INSUFFICIENT_BALANCE"],
      [{ round_id: "99999999", side: "1", amount: "5" }, 404, "NOT_FOUND"],
      [{ round_id: String(r.id), side: "1", amount: "5", user_id: "1" }, 400, "UNKNOWN_FIELD"],
    ];
    for (const [form, status, code] of cases) {
      const res = await api("/guess/bet", { token: a.token, form, headers: { "Idempotency-Key": key(), lang: "spa" } });
      expect([res.status, res.body.code], JSON.stringify(form)).toEqual([status, code]);
    }
    const amountRange = await api("/guess/bet", {
      token: a.token,
      form: { round_id: String(r.id), side: "1", amount: "0.5", lang: "spa" },
    });
    expect(amountRange.body.message).toBe("La apuesta debe estar entre 1 y 10000");
    expect(await spot(a.id)).toBe(10 * USDT_1);
    expect(await round(r.id)).toMatchObject({ up_pool: "0", down_pool: "0" });
    expect((await api("/guess/bet", { form: { round_id: String(r.id), side: "1", amount: "5" } })).status).toBe(401);
  });

  it("refuses a bet before the round opens and after its cut-off (409), with nothing written", async () => {
    const a = await gambler(100);
    const now = Date.now();
    const later = await api<QuizRound>("/admin/guess/round", {
      token: operator.token,
      form: { match_id: "3", opens_at: String(now + 60_000), cutoff_at: String(now + 120_000), ends_at: String(now + 180_000) },
    });
    expect(later.body.message.state).toBe("not_started");
    expect((await bet(a.token, later.body.message.id, "1", "5")).body.code).toBe("QUIZ_ROUND_CLOSED");
    const r = await openRound();
    await endRound(r.id, null, null);
    const res = await bet(a.token, r.id, "1", "5");
    expect([res.status, res.body.code]).toEqual([409, "QUIZ_ROUND_CLOSED"]);
    expect(await spot(a.id)).toBe(100 * USDT_1);
  });

  it("the pool guard refuses a bet whose round stopped taking bets between the check and the batch", async () => {
    const { placeBet } = await import("../../worker/domain/quiz/bets.ts");
    const r = await openRound();
    const a = await gambler(100);
    const row = (await db().select().from(tables.quizRounds).where(eq(tables.quizRounds.id, r.id)).get())!;
    // The batch's instant is past the cut-off: the guarded pool update changes nothing, so the whole batch fails.
    await expect(placeBet(db(), { id: 77, round: row, userId: a.id, side: 1, amount: USDT_1, now: r.cutoff_at }, [])).rejects.toMatchObject(
      {
        status: 409,
        code: "QUIZ_ROUND_CLOSED",
      },
    );
    expect(await spot(a.id)).toBe(100 * USDT_1);
    expect(await journalsLike("quiz:bet:77")).toBe(0);
  });

  it("a user's bets list holds only their own bets, whatever round id they ask for", async () => {
    const r = await openRound();
    const a = await gambler();
    const b = await gambler();
    await bet(a.token, r.id, "1", "5");
    expect((await myBets(b.token, r.id)).data).toEqual([]);
    expect((await myBets(b.token)).total).toBe(0);
    expect((await api("/guess/my_bets")).status).toBe(401);
  });
});

describe("quiz settlement", () => {
  it("pays the winning side the pool minus the fee in proportion to its bets, the fee and remainder to fees", async () => {
    const r = await openRound();
    const [a, b, c] = [await gambler(), await gambler(), await gambler()];
    await bet(a.token, r.id, "1", "100");
    await bet(b.token, r.id, "1", "200");
    await bet(c.token, r.id, "2", "700.000001");
    const feesBefore = await system(SYSTEM_ACCOUNTS.fees);
    const poolBefore = await system(SYSTEM_ACCOUNTS.quizPool);
    const t = await endRound(r.id, 10_000, 10_001); // 100.00 -> 100.01: higher wins
    await runQuizAlarm();
    // pool 1000.000001; fee 2 % = 20.00000002 -> 20.000001 (up); share 980: a 326.666666, b 653.333333, remainder 0.000001.
    expect(await spot(a.id)).toBe((900 + 326.666666) * USDT_1);
    expect(await spot(b.id)).toBe((800 + 653.333333) * USDT_1);
    expect(await spot(c.id)).toBe(1_000 * USDT_1 - 700_000_001);
    expect(await system(SYSTEM_ACCOUNTS.fees)).toBe(feesBefore + 20_000_001 + 1);
    expect(await system(SYSTEM_ACCOUNTS.quizPool)).toBe(poolBefore - 1_000_000_001);
    const settled = await round(r.id);
    expect(settled).toMatchObject({ state: "over", outcome: 1, fee: "20.000001", remainder: "0.000001" });
    expect(settled.cutoff_entry).toEqual({ time: t.cutoff - 1_000, price: "100", source: "simulator" });
    expect(settled.end_entry).toEqual({ time: t.end - 2_000, price: "100.01", source: "simulator" });
    expect((await myBets(a.token, r.id)).data[0]).toMatchObject({ state: "hit", payout: "326.666666" });
    expect((await myBets(c.token, r.id)).data[0]).toMatchObject({ state: "missed", payout: "0" });
    const history = (await api<QuizRoundList>("/guess/rounds?scope=history&match_id=3&limit=50")).body.message;
    expect(history.data.map((x) => x.id)).toContain(r.id);
    await expectInvariant();
  });

  it("an alarm that fires twice settles once", async () => {
    const r = await openRound();
    const [a, b] = [await gambler(), await gambler()];
    await bet(a.token, r.id, "1", "10");
    await bet(b.token, r.id, "2", "30");
    await endRound(r.id, 10_000, 9_999); // lower wins
    await runQuizAlarm();
    const after = [await spot(a.id), await spot(b.id), await system(SYSTEM_ACCOUNTS.fees)];
    await runDurableObjectAlarm(quizStub());
    await runQuizAlarm();
    expect([await spot(a.id), await spot(b.id), await system(SYSTEM_ACCOUNTS.fees)]).toEqual(after);
    // pool 40, fee 0.8, b gets 39.2
    expect(after[1]).toBe((970 + 39.2) * USDT_1);
    expect(await journalsLike(`quiz:fee:${r.id}`)).toBe(1);
    await expectInvariant();
  });

  it("a crash after the payout batch, before the object goes on, pays once when the alarm runs again", async () => {
    const r = await openRound();
    const [a, b] = [await gambler(), await gambler()];
    await bet(a.token, r.id, "1", "10");
    await bet(b.token, r.id, "2", "10");
    await endRound(r.id, 10_000, 10_100);
    await runInDurableObject(quizStub(), (q: QuizMarket) => {
      (q as unknown as QuizInternals).settleHooks.afterCommit = () => {
        throw new Error("crash after the payout");
      };
    });
    await runQuizAlarm();
    const paid = await spot(a.id);
    expect(paid).toBe((990 + 19.6) * USDT_1);
    await runInDurableObject(quizStub(), (q: QuizMarket) => {
      (q as unknown as QuizInternals).settleHooks.afterCommit = undefined;
    });
    await runQuizAlarm();
    expect(await spot(a.id)).toBe(paid);
    expect((await round(r.id)).state).toBe("over");
    await expectInvariant();
  });

  it("payouts written but the status lost: the next alarm writes the status only and pays nothing again", async () => {
    const r = await openRound();
    const [a, b] = [await gambler(), await gambler()];
    await bet(a.token, r.id, "1", "10");
    await bet(b.token, r.id, "2", "30");
    await endRound(r.id, 10_000, 10_100);
    await runQuizAlarm();
    const paid = [await spot(a.id), await spot(b.id)];
    // As if the payout had been written and the status update had not.
    await db().update(tables.quizRounds).set({ status: 0, outcome: null, settledAt: null }).where(eq(tables.quizRounds.id, r.id)).run();
    await db().update(tables.quizBets).set({ status: 0, payout: null }).where(eq(tables.quizBets.roundId, r.id)).run();
    await runQuizAlarm();
    expect([await spot(a.id), await spot(b.id)]).toEqual(paid);
    expect(await round(r.id)).toMatchObject({ state: "over", outcome: 1 });
    expect((await myBets(a.token, r.id)).data[0]).toMatchObject({ state: "hit", payout: "39.2" });
    expect(await journalsLike(`quiz:settle:%`)).toBeGreaterThan(0);
    await expectInvariant();
  });

  it("equal prices refund every bet in full, without a fee", async () => {
    const r = await openRound();
    const [a, b] = [await gambler(), await gambler()];
    await bet(a.token, r.id, "1", "10");
    await bet(b.token, r.id, "2", "30");
    const fees = await system(SYSTEM_ACCOUNTS.fees);
    await endRound(r.id, 10_000, 10_000);
    await runQuizAlarm();
    expect([await spot(a.id), await spot(b.id)]).toEqual([1_000 * USDT_1, 1_000 * USDT_1]);
    expect(await system(SYSTEM_ACCOUNTS.fees)).toBe(fees);
    expect(await round(r.id)).toMatchObject({ state: "over", outcome: 0, fee: "0" });
    expect((await myBets(a.token, r.id)).data[0]).toMatchObject({ state: "refunded", payout: "10" });
  });

  it("no price in effect at the end: the round is unsettled and every bet refunded", async () => {
    const r = await openRound();
    const a = await gambler();
    const b = await gambler();
    await bet(a.token, r.id, "1", "10");
    await bet(b.token, r.id, "2", "10");
    // Two hours back, away from the other tests' entries: the cut-off's entry is 11 s older than the end, stale there.
    await endRound(r.id, 10_000, null, Date.now() - 7_200_000);
    await runQuizAlarm();
    expect(await spot(a.id)).toBe(1_000 * USDT_1);
    const settled = await round(r.id);
    expect(settled).toMatchObject({ state: "unsettled", outcome: null, end_entry: null });
    expect(settled.cutoff_entry?.price).toBe("100");
    await expectInvariant();
  });
});

describe("quiz settlement of a large round", () => {
  it("pays 1,100 bets slice by slice, each once, though the run crashes after its first slice", async () => {
    const { settleRound, SETTLE_SLICE } = await import("../../worker/domain/quiz/settle.ts");
    const { post } = await import("../../worker/domain/ledger/post.ts");
    const r = await openRound();
    const users = [await gambler(10_000), await gambler(10_000), await gambler(10_000)];
    // 1,100 bets of 1 to 3 USDT, user i always on side 1 + (i % 2), written as their bets' batches would leave them.
    const rows = Array.from({ length: 1_100 }, (_, k) => {
      const u = k % 3;
      return { id: 5_000_000 + k, userId: users[u]!.id, side: (1 + (u % 2)) as 1 | 2, amount: (1 + (k % 3)) * USDT_1 };
    });
    for (const [u, user] of users.entries()) {
      const total = rows.filter((b) => b.userId === user.id).reduce((s, b) => s + b.amount, 0);
      await post(db(), {
        kind: "quiz_bet",
        refKey: `test:quiz:${r.id}:${u}`,
        userId: user.id,
        memo: {},
        lines: [
          { userId: user.id, currencyId: USDT, accountType: 2, bucket: "available", amount: -total },
          { userId: SYSTEM_ACCOUNTS.quizPool, currencyId: USDT, accountType: 2, bucket: "available", amount: total },
        ],
      });
    }
    const j = (i: number) => `json_extract(value, '$[${i}]')`;
    await env.DB.prepare(
      `INSERT INTO quiz_bets (id, round_id, user_id, side, amount, created_at) ` +
        `SELECT ${j(0)}, ${r.id}, ${j(1)}, ${j(2)}, ${j(3)}, ${Date.now()} FROM json_each(?)`,
    )
      .bind(JSON.stringify(rows.map((b) => [b.id, b.userId, b.side, b.amount])))
      .run();
    const up = rows.filter((b) => b.side === 1).reduce((s, b) => s + b.amount, 0);
    const down = rows.filter((b) => b.side === 2).reduce((s, b) => s + b.amount, 0);
    await db().update(tables.quizRounds).set({ upUnits: up, downUnits: down }).where(eq(tables.quizRounds.id, r.id)).run();
    await endRound(r.id, 10_000, 10_050, Date.now() - 3 * 3_600_000); // higher wins
    const row = (await db().select().from(tables.quizRounds).where(eq(tables.quizRounds.id, r.id)).get())!;
    const prices = {
      cutoff: { time: row.cutoffAt - 1_000, price: "100", source: "simulator" },
      end: { time: row.endsAt - 2_000, price: "100.5", source: "simulator" },
    };
    let batches = 0;
    await expect(
      settleRound(db(), row, prices, Date.now(), () => {
        if (++batches === 1) throw new Error("crash after the first slice");
      }),
    ).rejects.toThrow("crash after the first slice");
    const marked = async () =>
      (await db().select().from(tables.quizBets).where(eq(tables.quizBets.roundId, r.id)).all()).filter((b) => b.status !== 0).length;
    expect(await marked()).toBe(SETTLE_SLICE);
    const again = await settleRound(db(), row, prices, Date.now());
    expect(again.outcome).toBe("settled");
    // Each winning bet's payout: floor((pool - fee) x bet / up), fee = ceil(2 % of the pool); losers get nothing.
    const pool = BigInt(up + down);
    const fee = (pool * 2n + 99n) / 100n;
    const expected = new Map<number, bigint>();
    for (const b of rows) {
      const pay = b.side === 1 ? ((pool - fee) * BigInt(b.amount)) / BigInt(up) : 0n;
      expected.set(b.userId, (expected.get(b.userId) ?? 0n) + pay - BigInt(b.amount));
    }
    for (const user of users) expect(BigInt(await spot(user.id))).toBe(10_000n * BigInt(USDT_1) + expected.get(user.id)!);
    const settled = await db().select().from(tables.quizBets).where(eq(tables.quizBets.roundId, r.id)).all();
    expect(settled.filter((b) => b.status === 0)).toEqual([]);
    expect(await journalsLike(`quiz:settle:500____`)).toBe(rows.filter((b) => b.side === 1).length);
    expect((await round(r.id)).state).toBe("over");
    await expectInvariant();
  });
});

describe("quiz configuration and rounds", () => {
  it("operators add rounds (audited); others get 403; times too short get 400", async () => {
    const user = await createUser();
    const now = Date.now();
    const form = { match_id: "3", opens_at: String(now), cutoff_at: String(now + 60_000), ends_at: String(now + 120_000) };
    expect((await api("/admin/guess/round", { token: user.token, form })).status).toBe(403);
    const short = await api("/admin/guess/round", { token: operator.token, form: { ...form, ends_at: String(now + 65_000) } });
    expect([short.status, short.body.code]).toEqual([400, "QUIZ_ROUND_TIMES"]);
    const unknown = await api("/admin/guess/round", { token: operator.token, form: { ...form, match_id: "999" } });
    expect(unknown.status).toBe(400);
    const ok = await api<QuizRound>("/admin/guess/round", { token: operator.token, form });
    expect(ok.status).toBe(200);
    const audit = await db()
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, "quiz.round"), eq(tables.auditLog.actorId, operator.id)))
      .all();
    expect(audit.length).toBeGreaterThan(0);
    // The object armed its alarm for the round's end (or sooner).
    expect(await quizStub().refresh()).toBeLessThanOrEqual(ok.body.message.ends_at);
  });

  it("the configuration is public, edited by operators as one audited document", async () => {
    const pub = await api<QuizConfig>("/guess/config");
    expect(pub.body.message).toMatchObject({ fee_rate: "2", min_bet: "1", max_bet: "10000", currency_name: "USDT", precision: 6 });
    const form = { fee_rate: "2", min_bet: "1", max_bet: "10000", auto_match_ids: "1,2", guess_minutes: "50", run_minutes: "10" };
    const bad = await api("/admin/guess/config", { token: operator.token, form: { ...form, min_bet: "20000" } });
    expect([bad.status, bad.body.code]).toEqual([400, "QUIZ_CONFIG_INVALID"]);
    expect((await api("/admin/guess/config", { token: operator.token, form: { ...form, fee_rate: "101" } })).status).toBe(400);
    const saved = await api<QuizConfig>("/admin/guess/config", { token: operator.token, form: { ...form, auto_match_ids: "2,1,3" } });
    expect(saved.body.message.auto_match_ids).toEqual([1, 2, 3]);
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "quiz.config")).all();
    expect(audit.length).toBe(1);
    await api("/admin/guess/config", { token: operator.token, form });
  });

  it("hourly rounds are planned once per market and hour, however often planning runs", async () => {
    const now = Date.UTC(2030, 0, 1, 10, 20);
    const market = { id: 1, symbol: "BTC/USDT" };
    expect(await planAutoRounds(db(), market, now)).toBe(3);
    expect(await planAutoRounds(db(), market, now + 60_000)).toBe(0);
    const rows = await db().select().from(tables.quizRounds).where(like(tables.quizRounds.autoKey, "auto:1:%")).all();
    const hour = Date.UTC(2030, 0, 1, 10);
    expect(rows.filter((x) => x.opensAt >= hour).map((x) => [x.opensAt - hour, x.cutoffAt - hour, x.endsAt - hour])).toEqual([
      [0, 50 * 60_000, 60 * 60_000],
      [3_600_000, 110 * 60_000, 120 * 60_000],
      [7_200_000, 170 * 60_000, 180 * 60_000],
    ]);
    // A market the configuration does not name gets none.
    expect(await planAutoRounds(db(), { id: 3, symbol: "SOL/USDT" }, now)).toBe(0);
  });
});
