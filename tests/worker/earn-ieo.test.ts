import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { IeoOrderView, IeoProjectView } from "../../schema/api/ieo.ts";
import * as tables from "../../schema/db/index.ts";
import { distributeIeoChunk } from "../../worker/domain/earn/ieo.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, fund, seedMoney } from "./money-helpers.ts";

const SOL = 5;
const USDT_UNIT = 1_000_000;
const SOL_UNIT = 100_000_000;
const DAY_MS = 86_400_000;
let operator: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedMoney();
  operator = await createUser({ role: "operator" });
});

/** A project of SOL tokens at 2.5 USDT each, in progress unless told otherwise. */
async function project(opts: { total?: string; start?: number; end?: number; lockDays?: number; min?: string } = {}) {
  const now = Date.now();
  const res = await api<IeoProjectView>("/admin/ieo/project", {
    token: operator.token,
    form: {
      name: "Edge token",
      currency: "SOL",
      pay_currency: "USDT",
      price: "2.5",
      total_amount: opts.total ?? "100",
      min_amount: opts.min ?? "1",
      start_at: String(opts.start ?? now - 60_000),
      end_at: String(opts.end ?? now + 3_600_000),
      lock_days: String(opts.lockDays ?? 0),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

async function buyer(usdt = 1_000) {
  const user = await createUser();
  await fund(user.id, USDT, usdt * USDT_UNIT);
  return user;
}

describe("IEO projects", () => {
  it("are listed with their time status from their dates, and edits are audited", async () => {
    const now = Date.now();
    const live = await project();
    const warm = await project({ start: now + DAY_MS, end: now + 2 * DAY_MS });
    const done = await project({ start: now - 2 * DAY_MS, end: now - DAY_MS });
    const all = await api<{ list: IeoProjectView[] }>("/project");
    const byId = new Map(all.body.message.list.map((p) => [p.id, p]));
    expect([byId.get(live.id)?.time_status, byId.get(warm.id)?.time_status, byId.get(done.id)?.time_status]).toEqual([2, 1, 3]);
    expect(byId.get(live.id)).toMatchObject({
      price: "2.5",
      pay_currency: "USDT",
      currency: "SOL",
      total_amount: "100",
      percentage: "100",
    });
    const inProgress = await api<{ list: IeoProjectView[] }>("/project", { method: "GET", headers: {}, body: undefined });
    expect(inProgress.status).toBe(200);
    const filtered = await api<{ list: IeoProjectView[] }>("/project?status=1");
    expect(filtered.body.message.list.every((p) => p.time_status === 1)).toBe(true);
    const edited = await api<IeoProjectView>("/admin/ieo/project", {
      token: operator.token,
      form: {
        id: String(live.id),
        name: "Edge token v2",
        currency: "SOL",
        pay_currency: "USDT",
        price: "2.5",
        total_amount: "100",
        min_amount: "1",
        start_at: String(live.start_at),
        end_at: String(live.end_at),
      },
    });
    expect(edited.body.message.name).toBe("Edge token v2");
    const audits = await db()
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.subjectId, String(live.id)))
      .all();
    expect(audits.filter((a) => a.subjectType === "ieo_project").map((a) => a.action)).toEqual(["ieo_project_create", "ieo_project_edit"]);
    const user = await createUser();
    expect((await api("/admin/ieo/project", { token: user.token, form: { name: "x" } })).status).toBe(403);
    const badDates = await api("/admin/ieo/project", {
      token: operator.token,
      form: {
        name: "x",
        currency: "SOL",
        pay_currency: "USDT",
        price: "1",
        total_amount: "1",
        min_amount: "1",
        start_at: "1700000000",
        end_at: "1600000000",
      },
    });
    expect([badDates.status, badDates.body.code]).toEqual([400, "IEO_DATES_INVALID"]);
    expect((await api("/project/detail?id=999999")).status).toBe(404);
  });
});

describe("IEO subscription", () => {
  it("holds the project's price × amount in the project's pay coin, whatever price and coin the client sends", async () => {
    const p = await project();
    const user = await buyer();
    const res = await api("/project/order", {
      token: user.token,
      form: { project_id: String(p.id), amount: "10", pay_currency: "BTC", price: "0.0001" },
      headers: { "Idempotency-Key": "ieo-1" },
    });
    expect([res.status, res.body.message]).toEqual([200, "Subscribed: 10 SOL for 25 USDT, delivered after the project ends"]);
    expect(await balance(user.id, USDT)).toEqual({ available: 975 * USDT_UNIT, locked: 25 * USDT_UNIT });
    const replay = await api("/project/order", {
      token: user.token,
      form: { project_id: String(p.id), amount: "10", pay_currency: "BTC", price: "0.0001" },
      headers: { "Idempotency-Key": "ieo-1" },
    });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await balance(user.id, USDT)).toEqual({ available: 975 * USDT_UNIT, locked: 25 * USDT_UNIT });
    const orders = await api<{ list: IeoOrderView[]; total: number }>("/user/project/order", { token: user.token });
    expect(orders.body.message.total).toBe(1);
    expect(orders.body.message.list[0]).toMatchObject({ amount: "10", cost: "25", status: 1, currency: "SOL", pay_currency: "USDT" });
    const positions = await api("/user/project/positions", { token: user.token });
    expect(positions.body.message).toEqual([{ currency: "SOL", amount: "10", pay_currency: "USDT", cost: "25" }]);
    const other = await createUser();
    expect((await api<{ total: number }>("/user/project/order", { token: other.token })).body.message.total).toBe(0);
    expect((await api<IeoProjectView>(`/project/detail?id=${p.id}`)).body.message).toMatchObject({
      sold: "10",
      remaining: "90",
      percentage: "90",
    });
    await expectInvariant();
  });

  it("refuses bad input, amounts below the minimum or above what is left, projects not in progress and short balances", async () => {
    const now = Date.now();
    const p = await project({ total: "20", min: "2" });
    const warm = await project({ start: now + DAY_MS, end: now + 2 * DAY_MS });
    const done = await project({ start: now - 2 * DAY_MS, end: now - DAY_MS });
    const user = await buyer(30);
    const cases: [Record<string, string>, number, string][] = [
      [{ project_id: String(p.id), amount: "-1" }, 400, "INVALID_AMOUNT"],
      [{ project_id: String(p.id), amount: "1" }, 400, "IEO_BELOW_MINIMUM"],
      [{ project_id: String(p.id), amount: "0.000000001" }, 400, "AMOUNT_TOO_PRECISE"],
      [{ project_id: String(p.id), amount: "21" }, 409, "IEO_SOLD_OUT"],
      [{ project_id: String(p.id), amount: "13" }, 409, "INSUFFICIENT_BALANCE"],
      [{ project_id: "999999", amount: "2" }, 404, "NOT_FOUND"],
      [{ project_id: "x", amount: "2" }, 400, "PARAMETER_ERROR"],
      [{ project_id: String(warm.id), amount: "2" }, 409, "IEO_NOT_STARTED"],
      [{ project_id: String(done.id), amount: "2" }, 409, "IEO_FINISHED"],
      [{ project_id: String(p.id), amount: "2", user_id: "1" }, 400, "UNKNOWN_FIELD"],
    ];
    for (const [form, status, code] of cases) {
      const res = await api("/project/order", { token: user.token, form });
      expect([res.status, res.body.code], JSON.stringify(form)).toEqual([status, code]);
    }
    expect(await balance(user.id, USDT)).toEqual({ available: 30 * USDT_UNIT, locked: 0 });
    expect((await api("/project/order", { form: { project_id: String(p.id), amount: "2" } })).status).toBe(401);
  });

  it("sells exactly the last units under concurrency: 15 buyers of 1 for the last 10 get 10 subscriptions", async () => {
    const p = await project({ total: "10" });
    const users = await Promise.all(Array.from({ length: 15 }, () => buyer(100)));
    const answers = await Promise.all(
      users.map((u) => api("/project/order", { token: u.token, form: { project_id: String(p.id), amount: "1" } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "IEO_SOLD_OUT")).toBe(true);
    expect(statuses.length).toBe(15);
    const row = await db().select().from(tables.ieoProjects).where(eq(tables.ieoProjects.id, p.id)).get();
    expect(row!.sold).toBe(10 * SOL_UNIT);
    const held = await Promise.all(users.map((u) => balance(u.id, USDT)));
    expect(held.filter((b) => b.locked === 2_500_000).length).toBe(10);
    expect(held.filter((b) => b.locked === 0 && b.available === 100 * USDT_UNIT).length).toBe(5);
    await expectInvariant();
  });
});

describe("IEO distribution", () => {
  it("delivers the tokens once after the end and the lock period, even when the job runs twice", async () => {
    const now = Date.now();
    const p = await project({ end: now + 60_000, lockDays: 2 });
    const users = await Promise.all([buyer(), buyer()]);
    for (const [i, u] of users.entries())
      await api("/project/order", { token: u.token, form: { project_id: String(p.id), amount: String(4 * (i + 1)) } });
    const house0 = await balance(SYSTEM_ACCOUNTS.house, USDT);
    // After the end but inside the lock period: nothing moves.
    await distributeIeoChunk(db(), now + DAY_MS);
    expect(await balance(users[0]!.id, SOL)).toEqual({ available: 0, locked: 0 });
    const at = p.distribute_at + 1;
    const first = await distributeIeoChunk(db(), at);
    expect(first.processed).toBeGreaterThanOrEqual(2);
    const again = await distributeIeoChunk(db(), at + DAY_MS);
    expect(again.processed).toBe(0);
    expect(await balance(users[0]!.id, SOL)).toEqual({ available: 4 * SOL_UNIT, locked: 0 });
    expect(await balance(users[1]!.id, SOL)).toEqual({ available: 8 * SOL_UNIT, locked: 0 });
    expect(await balance(users[0]!.id, USDT)).toEqual({ available: 990 * USDT_UNIT, locked: 0 });
    expect(await balance(users[1]!.id, USDT)).toEqual({ available: 980 * USDT_UNIT, locked: 0 });
    expect((await balance(SYSTEM_ACCOUNTS.house, USDT)).available - house0.available).toBeGreaterThanOrEqual(30 * USDT_UNIT);
    const orders = await api<{ list: IeoOrderView[] }>("/user/project/order", { token: users[1]!.token });
    expect(orders.body.message.list[0]).toMatchObject({ status: 2, amount: "8" });
    const journals = await db().select().from(tables.journals).where(eq(tables.journals.kind, "ieo_distribute")).all();
    expect(new Set(journals.map((j) => j.refKey)).size).toBe(journals.length);
    await expectInvariant();
  });
});
