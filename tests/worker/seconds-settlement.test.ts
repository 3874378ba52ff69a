import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/accounts.ts";
import { secondsOrders } from "../../schema/db/index.ts";
import { balance, db, seedMarkets, USDT } from "./market-helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { bookedOrder, insideSeconds, recordTrail, result, runSecondsAlarm, secondsStub, secondsTrader, USDT_1 } from "./seconds-helpers.ts";

/**
 * Seconds settlement (issue #11): each order settles at the trail's price in effect at its own handled_at, whenever the
 * alarm runs; paid once whatever fires twice or crashes; void (refunded) when no price was in effect.
 * Trail prices are ticks of 0.01 on SOL/USDT; amounts USDT minor units (6 decimals).
 */

const micro = async (userId: number) => (await balance(userId, USDT, 4)).available;
const settleJournals = async (id: number) =>
  (
    await db()
      .select()
      .from(tables.journals)
      .where(like(tables.journals.refKey, `seconds:${id}:settle`))
      .all()
  ).length;
const entry = (time: number, ticks: number) => ({ time, price: (ticks / 100).toFixed(2).replace(/\.?0+$/, ""), source: "simulator" });

beforeAll(async () => {
  await seedMarkets();
});

describe("seconds settlement on the price trail", () => {
  it("settles every order at the price in effect at its own handled_at, not the time the alarm ran", async () => {
    const user = await secondsTrader(1_000);
    const base = Date.now() - 60_000;
    // Opened at 100.00; at H1 the price in effect is 101.00 (up wins), at H2 it is 100.00 (tie), at H3 99.00.
    await recordTrail([
      [base, 10_000],
      [base + 10_000, 10_100],
      [base + 20_000, 10_000],
      [base + 30_000, 9_900],
      [base + 40_000, 12_345],
    ]);
    const open = entry(base, 10_000);
    const before = await micro(user.id);
    const win = await bookedOrder(user.id, { type: 1, number: 100 * USDT_1, handledAt: base + 15_000, open });
    const tie = await bookedOrder(user.id, { type: 2, number: 50 * USDT_1, handledAt: base + 20_000, open });
    const lossUp = await bookedOrder(user.id, { type: 1, number: 10 * USDT_1, handledAt: base + 39_999, open });
    const winDown = await bookedOrder(user.id, { type: 2, number: 10 * USDT_1, handledAt: base + 39_999, open, profitRatio: "75" });
    const partLoss = await bookedOrder(user.id, { type: 2, number: 20 * USDT_1, handledAt: base + 15_000, open, lossRatio: "40" });
    // Acceptance took number + 0.1 % fee of each.
    const paidIn = [100, 50, 10, 10, 20].reduce((s, n) => s + n * USDT_1 + n * 1_000, 0);
    expect(await micro(user.id)).toBe(before - paidIn);
    await runSecondsAlarm();
    expect(await secondsStub().size()).toBe(0);
    const w = await result(user.token, win.id);
    expect(w).toMatchObject({ status: 3, profit_result: 1, end_price: "101", payout: "220", fact_profits: "120", void: false });
    expect(w.close_entry).toEqual(entry(base + 10_000, 10_100));
    expect(w.open_entry).toEqual(open);
    expect(await result(user.token, tie.id)).toMatchObject({ profit_result: 0, end_price: "100", payout: "50", fact_profits: "0" });
    expect(await result(user.token, lossUp.id)).toMatchObject({ profit_result: -1, end_price: "99", payout: "0", fact_profits: "-10" });
    expect(await result(user.token, winDown.id)).toMatchObject({ profit_result: 1, payout: "17.5", fact_profits: "7.5" });
    expect(await result(user.token, partLoss.id)).toMatchObject({ profit_result: -1, payout: "12", fact_profits: "-8" });
    expect(await micro(user.id)).toBe(before - paidIn + (220 + 50 + 0 + 17.5 + 12) * USDT_1);
    await expectInvariant();
  });

  it("a void order (no price in effect at handled_at) gets its amount and fee back", async () => {
    const user = await secondsTrader(100);
    const base = Date.now() - 3_600_000;
    await recordTrail([[base, 10_000]]);
    const before = await micro(user.id);
    const o = await bookedOrder(user.id, { type: 1, number: 10 * USDT_1, handledAt: base + 10_001, open: entry(base, 10_000) });
    await runSecondsAlarm();
    expect(await result(user.token, o.id)).toMatchObject({
      status: 3,
      void: true,
      profit_result: null,
      close_entry: null,
      payout: "10.01",
    });
    expect(await micro(user.id)).toBe(before);
    await expectInvariant();
  });

  it("an alarm that fires twice settles once", async () => {
    const user = await secondsTrader(100);
    const base = Date.now() - 120_000;
    await recordTrail([
      [base, 10_000],
      [base + 5_000, 10_200],
    ]);
    const o = await bookedOrder(user.id, { type: 1, number: 10 * USDT_1, handledAt: base + 6_000, open: entry(base, 10_000) });
    await runSecondsAlarm();
    const paid = await micro(user.id);
    // The same order due again (an alarm delivered twice with the book not yet updated).
    await insideSeconds((s) => {
      s.book.add(o);
      s.armSettle();
    });
    await runSecondsAlarm();
    expect(await micro(user.id)).toBe(paid);
    expect(await settleJournals(o.id)).toBe(1);
    expect(await secondsStub().size()).toBe(0);
    await expectInvariant();
  });

  it("a crash between the payout and the book's update pays once", async () => {
    const user = await secondsTrader(100);
    const base = Date.now() - 180_000;
    await recordTrail([
      [base, 10_000],
      [base + 5_000, 10_200],
    ]);
    const before = await micro(user.id);
    const o = await bookedOrder(user.id, { type: 1, number: 10 * USDT_1, handledAt: base + 6_000, open: entry(base, 10_000) });
    await insideSeconds((s) => {
      s.settleHooks.afterCommit = () => {
        throw new Error("crash after D1");
      };
    });
    await runSecondsAlarm();
    // Paid in D1, still in the book.
    expect(await secondsStub().size()).toBe(1);
    expect(await micro(user.id)).toBe(before - 10_010_000 + 22 * USDT_1);
    await insideSeconds((s) => {
      s.settleHooks.afterCommit = undefined;
    });
    await runSecondsAlarm();
    expect(await secondsStub().size()).toBe(0);
    expect(await micro(user.id)).toBe(before - 10_010_000 + 22 * USDT_1);
    expect(await settleJournals(o.id)).toBe(1);
    await expectInvariant();
  });

  it("an order D1 has open but the book lost (crash after acceptance) is adopted and settled at its own handled_at", async () => {
    const user = await secondsTrader(100);
    const base = Date.now() - 240_000;
    await recordTrail([
      [base, 10_000],
      [base + 5_000, 9_000],
    ]);
    const o = await bookedOrder(user.id, { type: 2, number: 10 * USDT_1, handledAt: base + 6_000, open: entry(base, 10_000) });
    await insideSeconds((s) => s.book.remove([o.id]));
    expect(await secondsStub().size()).toBe(0);
    await insideSeconds((s) => s.reconcile());
    expect(await secondsStub().size()).toBe(1);
    await runSecondsAlarm();
    expect(await result(user.token, o.id)).toMatchObject({ status: 3, profit_result: 1, end_price: "90", payout: "22" });
    const row = await db().select().from(secondsOrders).where(eq(secondsOrders.id, o.id)).get();
    expect(row!.closeTime).toBe(base + 5_000);
    await expectInvariant();
  });

  it("the house pays the wins and keeps the losses: its balance moves by exactly the stakes minus the payouts", async () => {
    const user = await secondsTrader(100);
    const houseBefore = (await balance(SYSTEM_ACCOUNTS.house, USDT, 2)).available;
    const base = Date.now() - 300_000;
    await recordTrail([
      [base, 10_000],
      [base + 5_000, 10_100],
    ]);
    await bookedOrder(user.id, { type: 1, number: 10 * USDT_1, handledAt: base + 6_000, open: entry(base, 10_000) });
    await bookedOrder(user.id, { type: 2, number: 5 * USDT_1, handledAt: base + 6_000, open: entry(base, 10_000) });
    await runSecondsAlarm();
    expect((await balance(SYSTEM_ACCOUNTS.house, USDT, 2)).available).toBe(houseBefore + 15 * USDT_1 - 22 * USDT_1);
  });
});
