import { beforeAll, describe, expect, it } from "vitest";
import { priceInEffect, type TrailPoint } from "../../worker/domain/trail/in-effect.ts";
import { balance, seedMarkets, USDT } from "./market-helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { bookedOrder, recordTrail, result, runSecondsAlarm, secondsStub, secondsTrader } from "./seconds-helpers.ts";

/**
 * Random seconds orders over a recorded trail, settled through the real object and D1 in several alarm runs: every order
 * pays exactly what a model in integer arithmetic says, the owners' micro balances move by exactly that, and the ledger
 * invariant holds after every run. (The 1,000-order version against the pure settlement pass is in
 * tests/unit/seconds-payoff.test.ts.)
 */

const ORDERS = 150;
const micro = async (userId: number) => (await balance(userId, USDT, 4)).available;
/** Payout in minor units: percent ratios as integers, rounded down; tie refunds; void refunds amount and fee. */
const model = (type: 1 | 2, number: number, fee: number, open: number, close: number | null, profit: number, loss: number) => {
  if (close === null) return number + fee;
  if (close === open) return number;
  const win = close > open === (type === 1);
  return Math.floor((number * (win ? 100 + profit : Math.max(0, 100 - loss))) / 100);
};

beforeAll(async () => {
  await seedMarkets();
});

describe("random seconds orders over a recorded trail", () => {
  it(`${ORDERS} orders settle to the model's amounts, with the ledger invariant after every alarm run`, async () => {
    let seed = 20_261_123;
    const rnd = (mod: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % mod;
    };
    const users = [await secondsTrader(5_000), await secondsTrader(5_000), await secondsTrader(5_000)];
    // A trail over ten minutes, an hour ago, ticking every 1-3 s with a few gaps longer than the maximum age.
    const T0 = Date.now() - 3_600_000;
    const trail: TrailPoint[] = [];
    for (let t = T0, p = 10_000; t < T0 + 600_000; t += rnd(9) === 0 ? 15_000 : 1_000 + rnd(2_000)) {
      p = Math.max(1, p + rnd(5) - 2);
      trail.push({ time: t, ticks: p, source: "simulator" });
    }
    await recordTrail(trail.map((p) => [p.time, p.ticks]));
    const price = (ticks: number) => (ticks / 100).toFixed(2).replace(/\.?0+$/, "");
    const before = new Map<number, number>();
    for (const u of users) before.set(u.id, await micro(u.id));
    const expected = new Map<number, number>();
    const placed: { id: number; token: string; want: number }[] = [];
    while (placed.length < ORDERS) {
      const openAt = T0 + 2_000 + rnd(500_000);
      const open = priceInEffect(trail, openAt);
      if (!open) continue;
      const user = users[rnd(users.length)]!;
      const [profit, loss] = (
        [
          [120, 100],
          [90, 40],
          [75, 12],
        ] as const
      )[rnd(3)]!;
      const type = rnd(2) === 0 ? 1 : 2;
      const number = 1_000_000 + rnd(50_000_000);
      const handledAt = openAt + [30, 60, 180][rnd(3)]! * 1000;
      const o = await bookedOrder(user.id, {
        type,
        number,
        handledAt,
        open: { time: open.time, price: price(open.ticks), source: "simulator" },
        profitRatio: String(profit),
        lossRatio: String(loss),
      });
      const close = priceInEffect(trail, handledAt);
      const want = model(type, number, o.fee, open.ticks, close?.ticks ?? null, profit, loss);
      expected.set(user.id, (expected.get(user.id) ?? 0) - number - o.fee + want);
      placed.push({ id: o.id, token: user.token, want });
      // Settle in several runs, some while orders are still being booked.
      if (placed.length % 50 === 0) {
        await runSecondsAlarm();
        await expectInvariant();
      }
    }
    await runSecondsAlarm();
    await expectInvariant();
    expect(await secondsStub().size()).toBe(0);
    for (const p of placed) {
      const r = await result(p.token, p.id);
      expect(r.status).toBe(3);
      expect(Math.round(Number(r.payout) * 1_000_000), `order ${p.id}`).toBe(p.want);
    }
    for (const u of users) expect(await micro(u.id)).toBe(before.get(u.id)! + expected.get(u.id)!);
  });
});
