import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminTrader, MyTrader, TraderDetail, TraderListItem } from "../../schema/api/follow.ts";
import * as tables from "../../schema/db/index.ts";
import { syncCopies } from "../../worker/domain/copy/sync.ts";
import { HOUR_MS, traderStatsChunk } from "../../worker/domain/copy/traders.ts";
import { EARN_JOBS, NO_TRAIL, runEarnJobs } from "../../worker/domain/earn/jobs.ts";
import { copyDeps } from "../../worker/routes/lever.ts";
import { LEVER, USDT_1, leverTrader, pairForm, pin, positions, runTriggers, seedContracts, submit, trailTick } from "./contract-helpers.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance } from "./market-helpers.ts";
import { db, expectInvariant } from "./money-helpers.ts";

/** Copy trading: /follow/*, the console's review, and the copy hook driving the contract path. */

let operator: { id: number; token: string };
beforeAll(async () => {
  await seedContracts();
  operator = await createUser({ role: "operator" });
});

const sync = () => syncCopies(db(), copyDeps(env));

/** A funded, verified user who applied and was approved as a trader. */
async function approvedTrader(nickname = "Trader") {
  const user = await leverTrader();
  expect((await api("/follow/apply", { token: user.token, form: { nickname, bio: "Trend following" } })).status).toBe(200);
  const res = await api("/admin/follow/review", { token: operator.token, form: { user_id: String(user.id), action: "approve" } });
  expect(res.status).toBe(200);
  return user;
}

const follow = (token: string, traderId: number, number = "1.5", type = "1") =>
  api<string>("/follow/follow", { token, form: { trader_user_id: String(traderId), number, type } });

/** A GET with query parameters, as the SPA sends them. */
const get = <T>(path: string, token: string, query: Record<string, string> = {}) =>
  api<T>(`${path}?${new URLSearchParams(query).toString()}`, { token });

const copiesOf = (userId: number) => db().select().from(tables.contractPositions).where(eq(tables.contractPositions.userId, userId)).all();

describe("becoming a trader", () => {
  it("an application waits for review; approval is audited and notified; rejection and suspension follow their states", async () => {
    const user = await leverTrader();
    const bad = await api("/follow/apply", { token: user.token, form: { nickname: "x", bio: "" } });
    expect(bad.status).toBe(400);
    expect((await api("/follow/apply", { token: user.token, form: { nickname: "Ana", bio: "Swing", extra: "1" } })).status).toBe(400);
    expect((await api("/follow/apply", { token: user.token, form: { nickname: "Ana", bio: "Swing" } })).status).toBe(200);
    const again = await api("/follow/apply", { token: user.token, form: { nickname: "Ana", bio: "Swing" } });
    expect([again.status, again.body.code]).toEqual([409, "TRADER_APPLY_CLOSED"]);
    expect((await api<MyTrader>("/follow/myTrader", { token: user.token })).body.message).toMatchObject({
      status: "pending",
      nickname: "Ana",
    });

    const notOperator = await api("/admin/follow/review", { token: user.token, form: { user_id: String(user.id), action: "approve" } });
    expect(notOperator.status).toBe(403);
    const unknown = await api("/admin/follow/review", { token: operator.token, form: { user_id: "99999999", action: "approve" } });
    expect(unknown.status).toBe(404);
    const badAction = await api("/admin/follow/review", { token: operator.token, form: { user_id: String(user.id), action: "ban" } });
    expect(badAction.status).toBe(400);

    const pending = await get<{ data: AdminTrader[] }>("/admin/follow/traders", operator.token, { status: "pending" });
    expect(pending.body.message.data.find((t) => t.user_id === user.id)).toMatchObject({
      nickname: "Ana",
      bio: "Swing",
      status: "pending",
    });

    const approve = await api("/admin/follow/review", { token: operator.token, form: { user_id: String(user.id), action: "approve" } });
    expect(approve.status).toBe(200);
    const reject = await api("/admin/follow/review", { token: operator.token, form: { user_id: String(user.id), action: "reject" } });
    expect([reject.status, reject.body.code]).toEqual([409, "TRADER_REVIEW_STATE"]);
    expect(
      (await api("/admin/follow/review", { token: operator.token, form: { user_id: String(user.id), action: "suspend" } })).status,
    ).toBe(200);
    const audit = await db()
      .select({ action: tables.auditLog.action })
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.subjectType, "follow_trader"), eq(tables.auditLog.subjectId, String(user.id))))
      .all();
    expect(audit.map((a) => a.action).sort()).toEqual(["trader_approve", "trader_suspend"]);
    const notes = await db().select().from(tables.notifications).where(eq(tables.notifications.userId, user.id)).all();
    expect(notes.map((n) => n.title)).toEqual(["You are now a trader"]);
    // A suspended trader is not listed and cannot be followed.
    const follower = await leverTrader();
    const res = await follow(follower.token, user.id);
    expect(res.status).toBe(404);
  });
});

describe("/follow/follow and /follow/cancel", () => {
  it("refuses bad numbers, unknown traders, oneself, traders following, a third follow and a duplicate", async () => {
    const a = await approvedTrader("Ann");
    const b = await approvedTrader("Bea");
    const c = await approvedTrader("Cid");
    const follower = await leverTrader();
    for (const number of ["0", "5.01", "1.234", "abc", "-1"]) {
      const res = await follow(follower.token, a.id, number);
      expect([res.status, res.body.code]).toEqual([400, "FOLLOW_NUMBER_INVALID"]);
    }
    expect((await follow(follower.token, a.id, "1", "3")).status).toBe(400);
    expect((await follow(follower.token, 99999999)).status).toBe(404);
    const self = await follow(follower.token, follower.id);
    expect([self.status, self.body.code]).toEqual([409, "FOLLOW_SELF"]);
    const traderFollows = await follow(a.token, b.id);
    expect([traderFollows.status, traderFollows.body.code]).toEqual([409, "FOLLOW_TRADER_CANNOT_FOLLOW"]);

    const ok = await follow(follower.token, a.id, "2", "2");
    expect([ok.status, ok.body.message]).toEqual([200, "You now follow Ann"]);
    const dup = await follow(follower.token, a.id);
    expect([dup.status, dup.body.code]).toEqual([409, "FOLLOW_ALREADY"]);
    expect((await follow(follower.token, b.id)).status).toBe(200);
    const third = await follow(follower.token, c.id);
    expect([third.status, third.body.code]).toEqual([409, "FOLLOW_LIMIT"]);

    const list = await api<{ data: TraderListItem[] }>("/follow/index", { token: follower.token });
    const rowA = list.body.message.data.find((t) => t.id === a.id);
    expect(rowA).toMatchObject({ nickname: "Ann", is_followed: 1, follow_num: 1, correct_rate: "0.00", total_profits: "0" });
    const detail = await get<TraderDetail>("/follow/traderDetail", follower.token, { trader_user_id: String(a.id) });
    expect(detail.body.message).toMatchObject({ is_followed: 1, follow: { type: 2, number: "2.00" }, can_follow: true });
    const detailC = await get<TraderDetail>("/follow/traderDetail", follower.token, { trader_user_id: String(c.id) });
    expect(detailC.body.message).toMatchObject({ is_followed: 0, follow: null, can_follow: false });

    // Cancelling a trader one does not follow is 404; the caller's own follow cancels once.
    expect((await api("/follow/cancel", { token: follower.token, form: { follow_user_id: String(c.id) } })).status).toBe(404);
    expect((await api("/follow/cancel", { token: follower.token, form: { follow_user_id: "abc" } })).status).toBe(400);
    expect((await api("/follow/cancel", { token: follower.token, form: { follow_user_id: String(a.id) } })).status).toBe(200);
    expect((await api("/follow/cancel", { token: follower.token, form: { follow_user_id: String(a.id) } })).status).toBe(404);
    expect((await follow(follower.token, c.id)).status).toBe(200);
    // A follower cannot apply as a trader.
    const apply = await api("/follow/apply", { token: follower.token, form: { nickname: "Me", bio: "" } });
    expect([apply.status, apply.body.code]).toEqual([409, "TRADER_APPLY_FOLLOWING"]);
  });

  it("three concurrent follows of three traders: exactly two succeed, the third is refused with the limit", async () => {
    const traders = await Promise.all(["Xia", "Yan", "Zed"].map((n) => approvedTrader(n)));
    const follower = await leverTrader();
    const answers = await Promise.all(traders.map((t) => follow(follower.token, t.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe("FOLLOW_LIMIT");
    const rows = await db().select().from(tables.follows).where(eq(tables.follows.followerId, follower.id)).all();
    expect(rows.filter((r) => r.status === 1)).toHaveLength(2);
  });

  it("answers 404 for the detail and history of a user who is not an approved trader, and 401 without a session", async () => {
    const user = await leverTrader();
    expect((await get("/follow/traderDetail", user.token, { trader_user_id: String(user.id) })).status).toBe(404);
    expect((await get("/follow/historyTrade", user.token, { trader_user_id: String(user.id) })).status).toBe(404);
    expect((await api("/follow/index")).status).toBe(401);
    expect((await get("/follow/index", user.token, { page: "0" })).status).toBe(400);
  });
});

describe("copies follow the trader through the contract path", () => {
  it("opens the copy sized by the rule, refuses its manual close, and closes it when the trader closes", async () => {
    await pin("95000");
    const trader = await approvedTrader("Opener");
    const follower = await leverTrader();
    expect((await follow(follower.token, trader.id, "1.5", "1")).status).toBe(200);
    const open = await submit(trader.token, {});
    expect(open.status).toBe(200);
    await sync();
    const [copy] = await copiesOf(follower.id);
    // 3 lots × 1.5 = 4.50 → 4 lots at the trader's multiple, at the live reference + spread.
    expect(copy).toMatchObject({
      orderType: 2,
      followOrderId: open.body.message.id,
      lots: 4,
      multiple: 10,
      side: 1,
      status: 1,
      openPrice: "95000.5",
    });
    // 95000.5 × 0.04 = 3800.02: margin 380.002, fee 1.90001
    expect(await balance(follower.id, USDT, LEVER)).toEqual({ available: 10_000 * USDT_1 - 380_002_000 - 1_900_010, locked: 0 });
    const manual = await api("/lever/close", { token: follower.token, form: { id: String(copy!.id) } });
    expect([manual.status, manual.body.code]).toEqual([409, "CONTRACT_COPIED"]);
    const my = await api<{ open: { id: number; nickname: string; order_type: number }[] }>("/follow/my", { token: follower.token });
    expect(my.body.message.open).toEqual([expect.objectContaining({ id: copy!.id, nickname: "Opener", order_type: 2 })]);

    await pin("96000");
    expect((await api("/lever/close", { token: trader.token, form: { id: String(open.body.message.id) } })).status).toBe(200);
    await sync();
    const [closed] = await copiesOf(follower.id);
    // (96000 − 95000.5) × 0.04 = 39.98
    expect(closed).toMatchObject({ status: 3, closeReason: "copy", closeRef: "96000", pnlUnits: 39_980_000 });
    expect(await balance(follower.id, USDT, LEVER)).toEqual({ available: 10_000 * USDT_1 - 1_900_010 + 39_980_000, locked: 0 });
    await expectInvariant();
  });

  it("copies each trader position exactly once however often the hook runs, and never one opened before the follow", async () => {
    await pin("95000");
    const trader = await approvedTrader("Once");
    const before = await submit(trader.token, { share: "2" });
    const follower = await leverTrader();
    expect((await follow(follower.token, trader.id, "1", "2")).status).toBe(200);
    const after = await submit(trader.token, { share: "2", type: "2" });
    await Promise.all([sync(), sync(), sync()]);
    await sync();
    const copies = await copiesOf(follower.id);
    expect(copies.map((c) => [c.followOrderId, c.lots, c.side])).toEqual([[after.body.message.id, 1, 2]]);
    const journals = await db()
      .select()
      .from(tables.journals)
      .where(eq(tables.journals.refKey, `contract:open:${follower.id}:copy:${after.body.message.id}`))
      .all();
    expect(journals).toHaveLength(1);
    expect(before.status).toBe(200);
    await expectInvariant();
  });

  it("a follower without enough margin gets one skipped-copy notice and no position", async () => {
    await pin("95000");
    const trader = await approvedTrader("Big");
    const follower = await leverTrader(50 * USDT_1);
    expect((await follow(follower.token, trader.id, "5", "1")).status).toBe(200);
    const open = await submit(trader.token, {});
    await sync();
    await sync();
    expect(await copiesOf(follower.id)).toEqual([]);
    expect(await balance(follower.id, USDT, LEVER)).toEqual({ available: 50 * USDT_1, locked: 0 });
    const notes = await db().select().from(tables.notifications).where(eq(tables.notifications.userId, follower.id)).all();
    expect(notes.map((n) => [n.title, n.content])).toEqual([
      [
        "Copy skipped: not enough margin",
        "Big opened BTC/USDT; copying 15 lots needed more than your lever balance, so no copy was opened.",
      ],
    ]);
    const skips = await db().select().from(tables.followSkips).where(eq(tables.followSkips.traderPositionId, open.body.message.id)).all();
    expect(skips.map((s) => s.reason)).toEqual(["INSUFFICIENT_BALANCE"]);
    await expectInvariant();
  });

  it("self-hold makes the copy the follower's own: it stays open when the trader closes and the follower closes it", async () => {
    await pin("95000");
    const trader = await approvedTrader("Holder");
    const follower = await leverTrader();
    const stranger = await leverTrader();
    expect((await follow(follower.token, trader.id, "1", "1")).status).toBe(200);
    const open = await submit(trader.token, {});
    await sync();
    const [copy] = await copiesOf(follower.id);
    const other = await api("/follow/selfHolding", { token: stranger.token, form: { transaction_id: String(copy!.id) } });
    expect(other.status).toBe(404);
    expect((await api("/follow/selfHolding", { token: follower.token, form: { transaction_id: "x" } })).status).toBe(400);
    const held = await api<string>("/follow/selfHolding", { token: follower.token, form: { transaction_id: String(copy!.id) } });
    expect([held.status, held.body.message]).toEqual([200, "The position is now your own: close it yourself when you wish"]);
    const twice = await api("/follow/selfHolding", { token: follower.token, form: { transaction_id: String(copy!.id) } });
    expect([twice.status, twice.body.code]).toEqual([409, "FOLLOW_NOT_COPY"]);

    await api("/lever/close", { token: trader.token, form: { id: String(open.body.message.id) } });
    await sync();
    expect((await positions(follower.token)).map((p) => [p.id, p.order_type, p.status])).toEqual([[copy!.id, 1, 1]]);
    expect((await api("/lever/close", { token: follower.token, form: { id: String(copy!.id) } })).status).toBe(200);
    await expectInvariant();
  });

  it("a cancelled follow copies nothing new, and its open copy still closes with the trader", async () => {
    await pin("95000");
    const trader = await approvedTrader("Leaver");
    const follower = await leverTrader();
    await follow(follower.token, trader.id, "1", "1");
    const first = await submit(trader.token, {});
    await sync();
    await api("/follow/cancel", { token: follower.token, form: { follow_user_id: String(trader.id) } });
    await submit(trader.token, {});
    await sync();
    expect((await copiesOf(follower.id)).map((c) => c.followOrderId)).toEqual([first.body.message.id]);
    await api("/lever/batch_close", { token: trader.token, form: { ...pairForm, type: "0" } });
    await sync();
    expect((await copiesOf(follower.id)).map((c) => [c.status, c.closeReason])).toEqual([[3, "copy"]]);
  });
});

describe("the copy job", () => {
  it("closes a copy whose trader position a take-profit closed, as an earn job; without the runtime's deps it waits", async () => {
    await pin("95000");
    const trader = await approvedTrader("Trigger");
    const follower = await leverTrader();
    await follow(follower.token, trader.id, "1", "1");
    const open = await submit(trader.token, { target_profit_price: "96000" });
    await sync();
    await trailTick("96100");
    await runTriggers();
    const [traderRow] = await copiesOf(trader.id);
    expect([traderRow!.status, traderRow!.closeReason]).toEqual([3, "take_profit"]);
    // The job list without the runtime (as other jobs' tests run it) leaves the copy open.
    await runEarnJobs(db(), Date.now, 5_000, EARN_JOBS, NO_TRAIL);
    expect((await copiesOf(follower.id)).map((c) => c.status)).toEqual([1]);
    await pin("96100");
    const run = await runEarnJobs(db(), Date.now, 5_000, EARN_JOBS, { ...NO_TRAIL, copy: copyDeps(env) });
    expect(run.failed).toEqual([]);
    const [copy] = await copiesOf(follower.id);
    expect([copy!.followOrderId, copy!.status, copy!.closeReason, copy!.closeRef]).toEqual([open.body.message.id, 3, "copy", "96100"]);
    await expectInvariant();
  });
});

describe("trader statistics", () => {
  it("are computed from closed own positions once an hour and published on the detail and history", async () => {
    await pin("95000");
    const trader = await approvedTrader("Stats");
    const viewer = await leverTrader();
    const win = await submit(trader.token, {});
    const loss = await submit(trader.token, { type: "2" });
    await submit(trader.token, {});
    await pin("95100");
    await api("/lever/close", { token: trader.token, form: { id: String(win.body.message.id) } });
    await api("/lever/close", { token: trader.token, form: { id: String(loss.body.message.id) } });
    const now = Date.now();
    expect((await traderStatsChunk(db(), now)).processed).toBeGreaterThanOrEqual(1);
    const detail = await get<TraderDetail>("/follow/traderDetail", viewer.token, { trader_user_id: String(trader.id) });
    // long: (95100 − 95000.5) × 0.03 = 2.985; short: (94999.5 − 95100) × 0.03 = −3.015
    expect(detail.body.message.data).toMatchObject({
      total_profits: "-0.03",
      profitCount: 1,
      riseCount: 1,
      fallCount: 1,
      correct_rate: "50.00",
      position_count: 1,
      total_count: 3,
      yesterday_profits: "0",
      stats_at: Math.floor(now / HOUR_MS) * HOUR_MS,
    });
    // -0.03 / (285.0015 + 284.9985) = -0.00526 % → rounded down to -0.00
    expect(detail.body.message.data.total_income_rate).toBe("0.00");
    // A second run in the same hour changes nothing, even after another close.
    await api("/lever/close", { token: trader.token, form: { id: String((await positions(trader.token))[0]!.id) } });
    await traderStatsChunk(db(), now + 1000);
    const same = await get<TraderDetail>("/follow/traderDetail", viewer.token, { trader_user_id: String(trader.id) });
    expect(same.body.message.data.total_count).toBe(3);
    expect(same.body.message.data.position_count).toBe(1);
    // The loss closed "yesterday" (UTC) as seen from the next hour: yesterday's profit is exactly its P/L.
    const dayStart = Math.floor((now + HOUR_MS) / 86_400_000) * 86_400_000;
    await db()
      .update(tables.contractPositions)
      .set({ closedAt: dayStart - 1 })
      .where(eq(tables.contractPositions.id, loss.body.message.id));
    await traderStatsChunk(db(), now + HOUR_MS);
    const next = await get<TraderDetail>("/follow/traderDetail", viewer.token, { trader_user_id: String(trader.id) });
    expect(next.body.message.data).toMatchObject({ position_count: 0, total_count: 3, profitCount: 2, yesterday_profits: "-3.015" });

    const history = await get<{ data: { id: number; profits: string; close_price: string }[] }>("/follow/historyTrade", viewer.token, {
      trader_user_id: String(trader.id),
    });
    expect(history.body.message.data).toHaveLength(3);
    expect(history.body.message.data.find((h) => h.id === loss.body.message.id)).toMatchObject({ profits: "-3.015", close_price: "95100" });
  });
});
