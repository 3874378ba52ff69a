import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "../../schema/api/mining.ts";
import * as tables from "../../schema/db/index.ts";
import { levelFor, totalUsdt, vipView } from "../../worker/domain/activity/tiers.ts";
import { recomputeVipChunk } from "../../worker/domain/activity/vip.ts";
import { runEarnJobs } from "../../worker/domain/earn/jobs.ts";
import { D } from "../../worker/domain/ledger/amounts.ts";
import { usdtPrices } from "../../worker/domain/pricing/prices.ts";
import { api, createUser } from "./helpers.ts";
import { BTC, USDT, db, fund, plainUser, seedMoney } from "./money-helpers.ts";

const USDT_UNIT = 1_000_000;
const BTC_UNIT = 100_000_000;

/** The model: the highest tier whose threshold (inclusive) the total reaches. */
const model = (total: string, t: [string, string, string]) =>
  new D(total).gte(t[2]) ? 3 : new D(total).gte(t[1]) ? 2 : new D(total).gte(t[0]) ? 1 : 0;

let operator: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedMoney();
  operator = await createUser({ role: "operator" });
  const res = await api("/admin/activity/vip", {
    token: operator.token,
    form: { junior: "1000", intermediate: "10000", senior: "100000" },
  });
  expect(res.status).toBe(200);
});

const levelOf = async (id: number) =>
  (await db().select({ l: tables.users.vipLevel }).from(tables.users).where(eq(tables.users.id, id)).get())!.l;

describe("VIP tiers: the computation", () => {
  it("matches the model at, just below and just above every threshold", () => {
    const t: [string, string, string] = ["1000", "10000", "100000"];
    const thresholds = { 1: new D(t[0]), 2: new D(t[1]), 3: new D(t[2]) };
    for (const total of ["0", "999.99999999", "1000", "1000.00000001", "9999.999999", "10000", "99999.99", "100000", "5000000"]) {
      expect([total, levelFor(new D(total), thresholds)]).toEqual([total, model(total, t)]);
    }
  });

  it("values every account type at the reference price, available and locked, and skips coins without a price", () => {
    const prices = new Map([
      [BTC, new D("95000")],
      [USDT, new D("1")],
    ]);
    const total = totalUsdt(
      [
        { currencyId: USDT, units: 400 * USDT_UNIT, precision: 6 },
        { currencyId: USDT, units: 100 * USDT_UNIT + 1, precision: 6 },
        { currencyId: BTC, units: BTC_UNIT / 100, precision: 8 },
        { currencyId: 999, units: 5, precision: 0 },
      ],
      prices,
    );
    expect(total.toFixed()).toBe("1450.000001");
    const view = vipView(total, { 1: new D(1000), 2: new D(10000), 3: new D(100000) }, 2);
    expect(view).toEqual({
      level: 1,
      total_usdt: "1450.000001",
      tiers: [
        { level: 1, threshold: "1000" },
        { level: 2, threshold: "10000" },
        { level: 3, threshold: "100000" },
      ],
      next: { level: 2, threshold: "10000", remaining: "8549.999999" },
      loan_min_level: 2,
    });
  });
});

describe("GET /activity/vip", () => {
  it("answers the caller's tier and progress, and stores the level (all account types count)", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 9_000 * USDT_UNIT, 2);
    await fund(u.id, USDT, 999 * USDT_UNIT, 3);
    const below = await api<{ level: number; total_usdt: string; next: { remaining: string } }>("/activity/vip", { token: u.token });
    expect(below.status).toBe(200);
    expect(below.body.message).toMatchObject({ level: 1, total_usdt: "9999", next: { level: 2, threshold: "10000", remaining: "1" } });
    expect(await levelOf(u.id)).toBe(1);
    await fund(u.id, USDT, 1 * USDT_UNIT, 4);
    const at = await api<{ level: number }>("/activity/vip", { token: u.token });
    expect(at.body.message).toMatchObject({ level: 2, total_usdt: "10000" });
    expect(await levelOf(u.id)).toBe(2);
  });

  it("needs a session (401) and refuses stray fields (400)", async () => {
    expect((await api("/activity/vip")).status).toBe(401);
    const u = await createUser();
    expect((await api("/activity/vip?user_id=1", { token: u.token })).status).toBe(400);
  });
});

describe("daily recomputation in chunks", () => {
  it("walks every user in keyset pages once a day, sets each level by the model, and is done until the next day", async () => {
    const prices = await usdtPrices(db());
    expect(prices.get(BTC)?.toFixed()).toBe("95000");
    const made: { id: number; expected: number }[] = [];
    // 0.0105 BTC = 997.5 USDT (level 0); + 2.5 USDT = 1000 (level 1); 0.2 BTC = 19,000 (level 2); 1.1 BTC = 104,500 (level 3).
    for (const [btc, usdt, expected] of [
      [1_050_000, 0, 0],
      [1_050_000, 2_500_000, 1],
      [20_000_000, 0, 2],
      [110_000_000, 0, 3],
    ] as const) {
      const id = await plainUser();
      if (btc) await fund(id, BTC, btc);
      if (usdt) await fund(id, USDT, usdt, 4);
      made.push({ id, expected });
    }
    // A user the job must lower: stored level 3, no money.
    const lowered = await plainUser();
    await db().update(tables.users).set({ vipLevel: 3 }).where(eq(tables.users.id, lowered));
    made.push({ id: lowered, expected: 0 });

    const now = Date.UTC(2031, 0, 5, 0, 10);
    let chunks = 0;
    for (;;) {
      const r = await recomputeVipChunk(db(), now, 2);
      chunks += 1;
      if (!r.more) break;
    }
    expect(chunks).toBeGreaterThan(2);
    for (const m of made) expect([m.id, await levelOf(m.id)]).toEqual([m.id, m.expected]);
    expect(
      await db()
        .select()
        .from(tables.vipRuns)
        .where(eq(tables.vipRuns.day, dayOf(now)))
        .get(),
    ).toMatchObject({ done: true });
    // Done for the day: a later chunk the same day reads nothing; the next day starts over from the first user.
    await db().update(tables.users).set({ vipLevel: 3 }).where(eq(tables.users.id, lowered));
    expect(await recomputeVipChunk(db(), now + 3_600_000, 2)).toEqual({ processed: 0, more: false });
    expect(await levelOf(lowered)).toBe(3);
    for (let i = 0; i < 10_000 && (await recomputeVipChunk(db(), now + 86_400_000, 50)).more; i++);
    expect(await levelOf(lowered)).toBe(0);
  });
});

describe("the earn jobs run the recomputation", () => {
  it("a run of the earn jobs on a new day recomputes every user's level, and the next run that day does nothing for VIP", async () => {
    const rich = await plainUser();
    await fund(rich, USDT, 100_000 * USDT_UNIT);
    const now = Date.UTC(2031, 5, 1, 0, 6);
    const first = await runEarnJobs(db(), () => now);
    expect(first.failed).toEqual([]);
    expect(first.processed.vip_levels).toBeGreaterThan(0);
    expect(await levelOf(rich)).toBe(3);
    const again = await runEarnJobs(db(), () => now + 60_000);
    expect(again.processed.vip_levels).toBe(0);
  });
});

describe("console: thresholds", () => {
  it("are edited by operators only (403), must rise (400), and each change is audited with old and new values", async () => {
    const u = await createUser();
    expect((await api("/admin/activity/vip", { token: u.token, form: { junior: "1", intermediate: "2", senior: "3" } })).status).toBe(403);
    const bad = await api("/admin/activity/vip", { token: operator.token, form: { junior: "10", intermediate: "10", senior: "30" } });
    expect([bad.status, bad.body.code]).toEqual([400, "VIP_THRESHOLDS_ORDER"]);
    const junk = await api("/admin/activity/vip", { token: operator.token, form: { junior: "-1", intermediate: "2", senior: "3" } });
    expect(junk.status).toBe(400);
    const stray = await api("/admin/activity/vip", {
      token: operator.token,
      form: { junior: "1", intermediate: "2", senior: "3", x: "1" },
    });
    expect(stray.status).toBe(400);
    const saved = await api<{ vip: unknown }>("/admin/activity/vip", {
      token: operator.token,
      form: { junior: "500.5", intermediate: "5000", senior: "50000" },
    });
    expect(saved.body.message.vip).toEqual({ junior: "500.5", intermediate: "5000", senior: "50000" });
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "vip_thresholds.update")).all();
    expect(JSON.parse(audit.at(-1)!.detail)).toEqual({ from: ["1000", "10000", "100000"], to: ["500.5", "5000", "50000"] });
    expect(audit.at(-1)!.actorId).toBe(operator.id);
    const cfg = await api<{ vip: unknown }>("/admin/activity/config", { token: operator.token });
    expect(cfg.body.message.vip).toEqual({ junior: "500.5", intermediate: "5000", senior: "50000" });
    // Back to the defaults, so other tests read known thresholds.
    await api("/admin/activity/vip", { token: operator.token, form: { junior: "1000", intermediate: "10000", senior: "100000" } });
  });
});
