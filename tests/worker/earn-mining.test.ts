import { env } from "cloudflare:workers";
import { eq, like, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, dayOf } from "../../schema/api/mining.ts";
import * as tables from "../../schema/db/index.ts";
import { accrueMiningChunk, redeemMining, saveMiningConfig } from "../../worker/domain/earn/mining.ts";
import { runEarnJobs } from "../../worker/domain/earn/jobs.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, fund, seedMoney } from "./money-helpers.ts";

const USDT_UNIT = 1_000_000;
let operator: Awaited<ReturnType<typeof createUser>>;
let configId: number;

/** 30 days at 0.35 % a day, minimum 100 USDT, 0.4 % per remaining day on early redemption. */
beforeAll(async () => {
  await seedMoney();
  await fund(SYSTEM_ACCOUNTS.house, USDT, 1_000_000 * USDT_UNIT);
  operator = await createUser({ role: "operator" });
  const res = await api<{ id: number }>("/admin/mining/config", {
    token: operator.token,
    form: { currency: "USDT", days: "30", daily_rate: "0.35", min_amount: "100", cancel_ratio: "0.4" },
  });
  expect(res.status).toBe(200);
  configId = res.body.message.id;
});

async function depositor(usdt = 10_000) {
  const user = await createUser();
  await fund(user.id, USDT, usdt * USDT_UNIT);
  return user;
}

async function orderOf(userId: number) {
  return db().select().from(tables.miningOrders).where(eq(tables.miningOrders.userId, userId)).get();
}

/** Runs the daily job at `now` until nothing is due. */
async function runJob(now: number) {
  for (let i = 0; i < 1000; i++) if (!(await accrueMiningChunk(db(), now, 50)).more) return;
  throw new Error("job did not finish");
}

const journalsOf = (orderId: number) =>
  db()
    .select({ ref: tables.journals.refKey })
    .from(tables.journals)
    .where(or(like(tables.journals.refKey, `mining:interest:${orderId}:%`), eq(tables.journals.refKey, `mining:close:${orderId}`)))
    .all();

describe("lock mining: configurations", () => {
  it("lists enabled configurations publicly with the operator's terms", async () => {
    const res =
      await api<{ id: number; currency: string; days: number; daily_rate: string; min_amount: string; cancel_ratio: string }[]>(
        "/lh/deposit/config",
      );
    expect(res.status).toBe(200);
    expect(res.body.message.find((c) => c.id === configId)).toMatchObject({
      currency: "USDT",
      days: 30,
      daily_rate: "0.35",
      min_amount: "100",
      cancel_ratio: "0.4",
    });
  });

  it("edits are audited, and only operators may make them (403), with bad rates refused (400)", async () => {
    const user = await createUser();
    const denied = await api("/admin/mining/config", {
      token: user.token,
      form: { currency: "USDT", days: "1", daily_rate: "1", min_amount: "1", cancel_ratio: "1" },
    });
    expect(denied.status).toBe(403);
    const bad = await api("/admin/mining/config", {
      token: operator.token,
      form: { currency: "USDT", days: "7", daily_rate: "101", min_amount: "1", cancel_ratio: "0.1" },
    });
    expect([bad.status, bad.body.code]).toEqual([400, "INVALID_RATE"]);
    const created = await saveMiningConfig(db(), operator.id, {
      currency: "USDT",
      days: 7,
      daily_rate: "0.3",
      min_amount: "10",
      cancel_ratio: "0.2",
      enabled: "0",
      sort: "5",
    });
    const edited = await api<{ enabled: number; daily_rate: string }>("/admin/mining/config", {
      token: operator.token,
      form: {
        id: String(created.id),
        currency: "USDT",
        days: "7",
        daily_rate: "0.31",
        min_amount: "10",
        cancel_ratio: "0.2",
        enabled: "0",
      },
    });
    expect(edited.body.message).toMatchObject({ enabled: 0, daily_rate: "0.31" });
    const audits = await db()
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.subjectId, String(created.id)))
      .all();
    expect(audits.filter((a) => a.subjectType === "mining_config").map((a) => a.action)).toEqual([
      "mining_config_create",
      "mining_config_edit",
    ]);
    const closed = await api("/lh/deposit", { token: user.token, form: { config_id: String(created.id), amount: "10" } });
    expect([closed.status, closed.body.code]).toEqual([409, "MINING_CONFIG_CLOSED"]);
  });
});

describe("lock mining: deposit", () => {
  it("holds the amount in the change account and opens an order starting tomorrow", async () => {
    const user = await depositor();
    const res = await api("/lh/deposit", {
      token: user.token,
      form: { config_id: String(configId), amount: "1000" },
      headers: { "Idempotency-Key": "dep-1" },
    });
    expect([res.status, res.body.message]).toEqual([200, "Purchase successful"]);
    const replay = await api("/lh/deposit", {
      token: user.token,
      form: { config_id: String(configId), amount: "1000" },
      headers: { "Idempotency-Key": "dep-1" },
    });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await balance(user.id, USDT)).toEqual({ available: 9_000 * USDT_UNIT, locked: 1_000 * USDT_UNIT });
    const order = await orderOf(user.id);
    const today = dayOf(Date.now());
    expect(order).toMatchObject({
      amount: 1_000 * USDT_UNIT,
      dailyInterest: 3_500_000,
      status: 1,
      startDay: today + 1,
      endDay: today + 31,
    });
    const list = await api<{
      list: { id: number; redeem_penalty: string; redeem_return: string; remaining_days: number }[];
      total: number;
    }>("/lh/deposit/order", { token: user.token });
    expect(list.body.message.total).toBe(1);
    expect(list.body.message.list[0]).toMatchObject({ remaining_days: 30, redeem_penalty: "120", redeem_return: "880" });
    const positions = await api("/lh/deposit/positions", { token: user.token });
    expect(positions.body.message).toEqual([{ currency: "USDT", amount: "1000", interest: "0", orders: 1 }]);
    await expectInvariant();
  });

  it("refuses bad input, amounts below the minimum, unknown configurations and short balances, moving nothing", async () => {
    const user = await depositor(500);
    const cases: [Record<string, string>, number, string][] = [
      [{ config_id: String(configId), amount: "-1" }, 400, "INVALID_AMOUNT"],
      [{ config_id: String(configId), amount: "1.1234567" }, 400, "AMOUNT_TOO_PRECISE"],
      [{ config_id: String(configId), amount: "99.99" }, 400, "MINING_BELOW_MINIMUM"],
      [{ config_id: "abc", amount: "100" }, 400, "PARAMETER_ERROR"],
      [{ config_id: "999999", amount: "100" }, 404, "NOT_FOUND"],
      [{ config_id: String(configId), amount: "600" }, 409, "INSUFFICIENT_BALANCE"],
      [{ config_id: String(configId), amount: "100", user_id: "1" }, 400, "UNKNOWN_FIELD"],
    ];
    for (const [form, status, code] of cases) {
      const res = await api("/lh/deposit", { token: user.token, form });
      expect([res.status, res.body.code], JSON.stringify(form)).toEqual([status, code]);
    }
    expect(await balance(user.id, USDT)).toEqual({ available: 500 * USDT_UNIT, locked: 0 });
    expect(await orderOf(user.id)).toBeUndefined();
    expect((await api("/lh/deposit", { form: { config_id: String(configId), amount: "100" } })).status).toBe(401);
  });
});

describe("lock mining: the daily job", () => {
  it("pays one interest row per day even when run twice and late, then returns the principal at the end", async () => {
    const user = await depositor();
    const now = Date.now();
    await api("/lh/deposit", { token: user.token, form: { config_id: String(configId), amount: "1000" } });
    const order = (await orderOf(user.id))!;
    await runJob(now);
    await runJob(now);
    expect(await journalsOf(order.id)).toEqual([]);
    // Ten days late, twice: days 1..9 of the order are over, each paid once.
    await runJob(now + 10 * DAY_MS);
    await runJob(now + 10 * DAY_MS);
    expect((await orderOf(user.id))!.paidThrough).toBe(order.startDay + 8);
    expect((await journalsOf(order.id)).length).toBe(9);
    expect(await balance(user.id, USDT)).toEqual({ available: 9_000 * USDT_UNIT + 9 * 3_500_000, locked: 1_000 * USDT_UNIT });
    // Far past the end: the remaining 21 days, then the principal.
    await runJob(now + 40 * DAY_MS);
    await runJob(now + 41 * DAY_MS);
    const done = (await orderOf(user.id))!;
    expect(done).toMatchObject({ status: 2, outcome: "matured", totalInterest: 30 * 3_500_000, paidThrough: order.endDay - 1, penalty: 0 });
    const refs = (await journalsOf(order.id)).map((j) => j.ref);
    expect(refs.length).toBe(31);
    expect(new Set(refs).size).toBe(31);
    expect(await balance(user.id, USDT)).toEqual({ available: 10_000 * USDT_UNIT + 30 * 3_500_000, locked: 0 });
    await expectInvariant();
  });

  it("a run goes round its jobs until none has more, and a failing job is reported without stopping the others", async () => {
    let calls = 0;
    const result = await runEarnJobs(db(), Date.now, 5_000, [
      { name: "three_chunks", chunk: async () => ({ processed: 2, more: ++calls < 3 }) },
      {
        name: "broken",
        chunk: async () => {
          throw new Error("boom");
        },
      },
    ]);
    expect(result).toEqual({ processed: { three_chunks: 6 }, more: false, failed: [{ job: "broken", error: "boom" }] });
    let clock = 0;
    const endless = await runEarnJobs(db(), () => (clock += 1_000), 2_500, [
      { name: "endless", chunk: async () => ({ processed: 1, more: true }) },
    ]);
    // Each reading of this clock advances it 1 s: the budget of 2.5 s is spent after one chunk, and the run says more is due.
    expect(endless).toEqual({ processed: { endless: 1 }, more: true, failed: [] });
  });

  it("runs in chunks through the EarnJobs object, whose runs report what they paid", async () => {
    const result = await runEarnJobs(db(), () => Date.now() + 3 * DAY_MS);
    expect(result.failed).toEqual([]);
    expect(result.more).toBe(false);
    const stub = env.EarnJobs.getByName("earn") as DurableObjectStub<import("../../durable/earn/earn-jobs.ts").EarnJobs>;
    const kicked = await stub.kick();
    expect(kicked).toMatchObject({ more: false, failed: [] });
    await expectInvariant();
  });
});

describe("lock mining: early redemption", () => {
  it("pays the owed days, then returns the amount minus ratio × remaining days × amount", async () => {
    const user = await depositor();
    await api("/lh/deposit", { token: user.token, form: { config_id: String(configId), amount: "1000" } });
    const order = (await orderOf(user.id))!;
    // On the order's 5th day: days 1-4 are owed, 26 days remain: penalty 1000 × 0.4 % × 26 = 104.
    const at = (order.startDay + 4) * DAY_MS + 3600_000;
    const view = await redeemMining(db(), user.id, order.id, () => [], at);
    expect(view).toMatchObject({ status: 2, outcome: "early", penalty: "104", total_interest: "14" });
    expect(await balance(user.id, USDT)).toEqual({ available: (9_000 + 896 + 14) * USDT_UNIT, locked: 0 });
    await runJob(at + 40 * DAY_MS);
    expect((await journalsOf(order.id)).length).toBe(5);
    await expectInvariant();
  });

  it("answers 409 for a redeemed order, 404 for another user's order, 400 for a bad id", async () => {
    const user = await depositor();
    const other = await depositor();
    await api("/lh/deposit", { token: user.token, form: { config_id: String(configId), amount: "200" } });
    const order = (await orderOf(user.id))!;
    const stranger = await api("/lh/deposit/order/cancel", { token: other.token, form: { id: String(order.id) } });
    expect([stranger.status, stranger.body.code]).toEqual([404, "NOT_FOUND"]);
    expect((await api("/lh/deposit/order/cancel", { token: user.token, form: { id: "0" } })).status).toBe(400);
    const first = await api("/lh/deposit/order/cancel", { token: user.token, form: { id: String(order.id) } });
    expect([first.status, first.body.message]).toEqual([200, "Redeemed: 176 USDT returned to your exchange account"]);
    const again = await api("/lh/deposit/order/cancel", { token: user.token, form: { id: String(order.id) } });
    expect([again.status, again.body.code]).toEqual([409, "MINING_ORDER_CLOSED"]);
    await expectInvariant();
  });

  it("an early redemption racing a late job pays each owed day once and closes the order once, with its penalty", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => depositor()));
    for (const u of users) await api("/lh/deposit", { token: u.token, form: { config_id: String(configId), amount: "1000" } });
    const orders = await Promise.all(users.map(async (u) => (await orderOf(u.id))!));
    // On the 11th interest day: days 1-10 are owed, 20 remain, penalty 1000 × 0.4 % × 20 = 80.
    const at = (orders[0]!.startDay + 10) * DAY_MS + 60_000;
    await Promise.all([runJob(at), ...orders.map((o, i) => redeemMining(db(), users[i]!.id, o.id, () => [], at)), runJob(at)]);
    for (const [i, o] of orders.entries()) {
      const row = (await orderOf(users[i]!.id))!;
      expect(row).toMatchObject({ status: 2, outcome: "early", penalty: 80 * USDT_UNIT, totalInterest: 10 * 3_500_000 });
      expect((await journalsOf(o.id)).length).toBe(11);
      expect(await balance(users[i]!.id, USDT)).toEqual({ available: (10_000 - 80) * USDT_UNIT + 10 * 3_500_000, locked: 0 });
    }
    await expectInvariant();
  });

  it("racing the maturity job, exactly one closes the order and the principal moves once", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => depositor()));
    for (const u of users) await api("/lh/deposit", { token: u.token, form: { config_id: String(configId), amount: "1000" } });
    const orders = await Promise.all(users.map(async (u) => (await orderOf(u.id))!));
    const at = orders[0]!.endDay * DAY_MS + 60_000;
    const outcomes = await Promise.allSettled([
      runJob(at),
      ...orders.map((o, i) => redeemMining(db(), users[i]!.id, o.id, () => [], at)),
      runJob(at),
    ]);
    for (const [i, o] of orders.entries()) {
      const row = (await orderOf(users[i]!.id))!;
      expect(row.status).toBe(2);
      expect(row.outcome).toBe("matured");
      expect((await journalsOf(o.id)).length).toBe(31);
      expect(await balance(users[i]!.id, USDT)).toEqual({ available: 10_000 * USDT_UNIT + 30 * 3_500_000, locked: 0 });
    }
    for (const o of outcomes) if (o.status === "rejected") expect(String(o.reason)).toMatch(/MINING_ORDER_CLOSED/);
    await expectInvariant();
  });
});
