import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeSql } from "../../bench/lib/node-sql.ts";
import { SecondsBook, type SqlExec } from "../../durable/seconds/book.ts";
import { settleDue } from "../../durable/seconds/settle.ts";
import type { TrailEntry } from "../../schema/api/trail.ts";
import type { Closed, OpenOrder } from "../../worker/domain/seconds/types.ts";
import { type Direction, expectedProfit, feeUnits, payoutUnits, resultOf, settle } from "../../worker/domain/seconds/payoff.ts";
import { priceInEffect, type TrailPoint } from "../../worker/domain/trail/in-effect.ts";

/**
 * The seconds payoff against a model in BigInt arithmetic on hundredths of a percent: fee rounded up, payouts rounded
 * down, tie refunds, void refunds amount and fee. Then 1,000 random orders over a recorded trail settle through the
 * settlement pass to exactly the model's amounts, each paid once although the pass crashes and repeats.
 */

/** Percent text with at most 2 decimals as hundredths of a percent. */
const bp = (pct: string) => {
  const [i, f = ""] = pct.split(".");
  return BigInt(i!) * 100n + BigInt((f + "00").slice(0, 2));
};
const model = {
  fee: (n: number, rate: string) => Number((BigInt(n) * bp(rate) + 9_999n) / 10_000n),
  payout: (n: number, r: 1 | 0 | -1, profit: string, loss: string) => {
    if (r === 0) return n;
    const factor = r === 1 ? 10_000n + bp(profit) : 10_000n - bp(loss) > 0n ? 10_000n - bp(loss) : 0n;
    return Number((BigInt(n) * factor) / 10_000n);
  },
  result: (type: Direction, open: number, close: number): 1 | 0 | -1 => (close === open ? 0 : close > open === (type === 1) ? 1 : -1),
};

const pct = fc
  .tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 99 }))
  .map(([i, f]) => (f ? `${i}.${String(f).padStart(2, "0")}` : `${i}`));
const lossPct = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 99 }))
  .map(([i, f]) => (f && i < 100 ? `${i}.${String(f).padStart(2, "0")}` : `${i}`));
const units = fc.integer({ min: 1, max: 2 ** 45 });
const price = (ticks: number) => (ticks / 100).toFixed(2);

describe("seconds payoff", () => {
  it("matches the model for any amount, ratio and direction", () => {
    fc.assert(
      fc.property(
        units,
        pct,
        lossPct,
        pct,
        fc.constantFrom<Direction>(1, 2),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (n, profit, loss, rate, type, open, close) => {
          expect(feeUnits(n, rate)).toBe(model.fee(n, rate));
          const r = resultOf(type, price(open), price(close));
          expect(r).toBe(model.result(type, open, close));
          expect(payoutUnits(n, r, profit, loss)).toBe(model.payout(n, r, profit, loss));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("names the sample cases exactly: 120 % win, tie, 100 % and 40 % loss, 0.1 % fee rounded up", () => {
    expect(payoutUnits(100_000_000, 1, "120", "100")).toBe(220_000_000);
    expect(payoutUnits(100_000_000, 0, "120", "100")).toBe(100_000_000);
    expect(payoutUnits(100_000_000, -1, "120", "100")).toBe(0);
    expect(payoutUnits(100_000_000, -1, "120", "40")).toBe(60_000_000);
    expect(payoutUnits(3, 1, "75", "100")).toBe(5); // 5.25 rounds down
    expect(feeUnits(1, "0.1")).toBe(1); // 0.001 rounds up
    expect(feeUnits(10_000_000, "0.1")).toBe(10_000);
    expect(resultOf(2, "100", "99.99")).toBe(1);
    expect(resultOf(1, "100.00", "100")).toBe(0);
    const o = { type: 1 as const, number: 10, fee: 1, openPrice: "100", profitRatio: "120", lossRatio: "100" };
    expect(settle(o, null)).toEqual({ result: null, payout: 10, refundFee: 1, factProfits: 0 });
    expect(settle(o, "101")).toEqual({ result: 1, payout: 22, refundFee: 0, factProfits: 12 });
    expect(expectedProfit(o, "99")).toBe(-10);
    expect(expectedProfit(o, "100.01")).toBe(12);
  });
});

const bookOn = (): SecondsBook => {
  const sql = nodeSql();
  // Durable Object storage runs a statement at exec(), whether or not its rows are read.
  const exec: SqlExec = {
    exec: (q, ...args) => {
      const rows = sql.all(q, ...args);
      return { toArray: () => rows };
    },
  };
  return new SecondsBook(exec);
};

describe("1,000 random seconds orders over a recorded trail", () => {
  it("settle to exactly the model's amounts, each paid once through crashes and repeated passes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 }), async (seed) => {
        const rnd = fc.sample(fc.integer({ min: 0, max: 2 ** 30 }), { seed, numRuns: 6_000 });
        let k = 0;
        const next = (mod: number) => rnd[k++ % rnd.length]! % mod;
        const T0 = 1_800_000_000_000;
        // A trail with ticks every 1-3 s and a few gaps longer than the maximum age (void settlements).
        const trail: TrailPoint[] = [];
        for (let t = T0, p = 10_000; t < T0 + 1_200_000; t += next(7) === 0 ? 12_000 : 1_000 + next(2_000)) {
          p = Math.max(1, p + next(5) - 2);
          trail.push({ time: t, ticks: p, source: "simulator" });
        }
        const entryAt = (t: number): TrailEntry | null => {
          const p = priceInEffect(trail, t);
          return p && { time: p.time, price: price(p.ticks), source: p.source };
        };
        const book = bookOn();
        const orders: OpenOrder[] = [];
        for (let i = 0; orders.length < 1_000; i++) {
          const created = T0 + 5_000 + next(900_000);
          const open = entryAt(created);
          if (!open) continue;
          const seconds = [30, 60, 180, 300][next(4)]!;
          const o: OpenOrder = {
            id: i + 1,
            userId: 1 + next(20),
            marketId: 3,
            symbol: "SOL/USDT",
            currencyId: 3,
            currencyName: "USDT",
            precision: 6,
            type: next(2) === 0 ? 1 : 2,
            seconds,
            number: 1 + next(5_000_000_000),
            fee: 0,
            profitRatio: ["120", "90", "95", "85"][next(4)]!,
            lossRatio: ["100", "40", "12.5"][next(3)]!,
            open,
            createdAt: created,
            handledAt: created + seconds * 1000,
          };
          o.fee = feeUnits(o.number, "0.1");
          orders.push(o);
          book.add(o);
        }
        // D1 as a map of paid order ids; a batch with an id already paid fails whole, like a unique journal key.
        const paid = new Map<number, number>();
        let crashes = 3;
        const deps = {
          book,
          trailAt: async (t: number) => entryAt(t),
          commit: async (list: Closed[]) => {
            if (list.some((c) => paid.has(c.order.id))) throw new Error("duplicate");
            for (const c of list) paid.set(c.order.id, c.settlement.payout + c.settlement.refundFee);
          },
          isDuplicate: (err: unknown) => String(err).includes("duplicate"),
          closedIds: async (ids: number[]) => new Set(ids.filter((id) => paid.has(id))),
          now: () => T0 + 2_000_000,
          afterCommit: () => {
            if (crashes-- > 0) throw new Error("crash");
          },
        };
        for (let pass = 0; pass < 10 && book.size() > 0; pass++) await settleDue(deps).catch(() => undefined);
        expect(book.size()).toBe(0);
        expect(orders.length).toBe(1_000);
        expect(paid.size).toBe(orders.length);
        // The trail's gaps make some orders void, and every outcome occurs.
        const outcomes = new Set(
          orders.map((o) => {
            const c = priceInEffect(trail, o.handledAt);
            return c ? model.result(o.type, Math.round(Number(o.open.price) * 100), c.ticks) : null;
          }),
        );
        expect([...outcomes].sort()).toEqual([-1, 0, 1, null].sort());
        for (const o of orders) {
          const close = priceInEffect(trail, o.handledAt);
          const open = Math.round(Number(o.open.price) * 100);
          const want = close
            ? model.payout(o.number, model.result(o.type, open, close.ticks), o.profitRatio, o.lossRatio)
            : o.number + model.fee(o.number, "0.1");
          expect(paid.get(o.id), `order ${o.id}`).toBe(want);
        }
      }),
      { numRuns: 3 },
    );
  });
});
