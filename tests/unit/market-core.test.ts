import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BTC_USDT as config } from "../../bench/lib/market-config.ts";
import { nodeSql } from "../../bench/lib/node-sql.ts";
import { MarketCore } from "../../durable/spot/core.ts";
import { gridTicks, ladder, plan } from "../../durable/spot/maker.ts";
import { MarketStore } from "../../durable/spot/store.ts";
import { lotsToBase, notionalUnits, withMarkupUp } from "../../worker/domain/markets/config.ts";
import type { OutboxEntry, PlaceOrder } from "../../worker/domain/markets/steps.ts";

/**
 * The market core against a model of the ledger: every hold, fill and release the
 * core hands to settlement is applied to plain balances. Whatever the commands,
 * nothing goes negative, every currency is conserved (fees included), locked funds
 * equal what resting orders still need, and a rebuild from storage gives the same book.
 */

const FEES = -2;
type Account = { available: number; locked: number };

class Ledger {
  readonly acc = new Map<string, Account>();
  get(user: number, cur: number): Account {
    const k = `${user}:${cur}`;
    let a = this.acc.get(k);
    if (!a) {
      a = { available: 0, locked: 0 };
      this.acc.set(k, a);
    }
    return a;
  }
  total(cur: number): number {
    let s = 0;
    for (const [k, a] of this.acc) if (k.endsWith(`:${cur}`)) s += a.available + a.locked;
    return s;
  }
  apply(entry: OutboxEntry): void {
    for (const s of entry.steps) {
      if (s.k === "fill") {
        this.get(s.buy.owner, 3).locked -= s.quoteUnits;
        this.get(s.sell.owner, 3).available += s.quoteUnits - s.sell.fee;
        this.get(FEES, 3).available += s.sell.fee;
        this.get(s.sell.owner, 1).locked -= s.baseUnits;
        this.get(s.buy.owner, 1).available += s.baseUnits - s.buy.fee;
        this.get(FEES, 1).available += s.buy.fee;
        expect(s.buy.fee).toBeGreaterThanOrEqual(0);
        expect(s.sell.fee).toBeGreaterThanOrEqual(0);
      } else if (s.k === "end") {
        const a = this.get(s.owner, s.holdCurrency);
        a.locked -= s.release;
        a.available += s.release;
        expect(s.release).toBeGreaterThanOrEqual(0);
      }
    }
  }
}

type Cmd =
  | { k: "limit"; owner: number; side: "buy" | "sell"; price: number; qty: number; tif: "GTC" | "IOC" | "FOK"; postOnly: boolean }
  | { k: "market"; owner: number; side: "buy" | "sell"; qty: number }
  | { k: "cancel"; owner: number; pick: number }
  | { k: "replay"; pick: number };

const owner = fc.integer({ min: 1, max: 4 });
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant("limit" as const),
      owner,
      side: fc.constantFrom("buy" as const, "sell" as const),
      price: fc.integer({ min: 9_990_000, max: 10_010_000 }).map((p) => Math.round(p / 500) * 500),
      qty: fc.integer({ min: 1, max: 300 }),
      tif: fc.constantFrom("GTC" as const, "GTC" as const, "IOC" as const, "FOK" as const),
      postOnly: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("market" as const),
      owner,
      side: fc.constantFrom("buy" as const, "sell" as const),
      qty: fc.integer({ min: 1, max: 400 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("cancel" as const), owner, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("replay" as const), pick: fc.nat() }) },
);

const START = { base: 1_000 * 100_000_000, quote: 100_000_000 * 1_000_000 };

describe("market core against a ledger model", () => {
  it(
    "never overdraws, conserves every currency, keeps locked = what resting orders need, and rebuilds the same book",
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(fc.array(cmdArb, { minLength: 1, maxLength: 120 }), (cmds) => {
          const sql = nodeSql();
          const store = new MarketStore(sql);
          let now = 1_800_000_000_000;
          const core = new MarketCore({ config, store, now: () => now });
          core.start();
          const ledger = new Ledger();
          for (let u = 1; u <= 4; u++) {
            ledger.get(u, 1).available = START.base;
            ledger.get(u, 3).available = START.quote;
          }
          const placed: PlaceOrder[] = [];
          let nextId = 1;
          let drained = 0;
          const drain = () => {
            for (const row of store.outbox(10_000)) {
              if (row.id <= drained) continue;
              ledger.apply(JSON.parse(row.body) as OutboxEntry);
              drained = row.id;
            }
          };

          for (const cmd of cmds) {
            now += 1000;
            if (cmd.k === "cancel") {
              const mine = placed.filter((o) => o.owner === cmd.owner);
              if (mine.length > 0) core.cancel({ id: mine[cmd.pick % mine.length]!.id, owner: cmd.owner });
            } else if (cmd.k === "replay") {
              if (placed.length > 0) {
                const o = placed[cmd.pick % placed.length]!;
                const size = store.outboxSize();
                const before = core.order(o.id);
                expect(core.place(o)).toEqual(before);
                expect(store.outboxSize()).toBe(size);
              }
            } else {
              let o: PlaceOrder;
              const base = { id: nextId++, owner: cmd.owner, side: cmd.side, qty: cmd.qty, hold: `h${nextId}`, createdAt: now };
              if (cmd.k === "limit") {
                const hold = cmd.side === "buy" ? notionalUnits(config, cmd.price, cmd.qty) : lotsToBase(config, cmd.qty);
                o = {
                  ...base,
                  type: "limit",
                  price: cmd.price,
                  tif: cmd.tif,
                  postOnly: cmd.postOnly && cmd.tif === "GTC",
                  budget: 0,
                  holdUnits: hold,
                };
              } else {
                const top = core.top();
                const against = cmd.side === "buy" ? top.ask : top.bid;
                if (against === null) continue;
                const budget = cmd.side === "buy" ? withMarkupUp(against * cmd.qty, config.marketSlippage) : 0;
                const hold = cmd.side === "buy" ? notionalUnits(config, budget, 1) : lotsToBase(config, cmd.qty);
                o = { ...base, type: "market", price: 0, tif: "IOC", postOnly: false, budget, holdUnits: hold };
              }
              const acc = ledger.get(o.owner, o.side === "buy" ? 3 : 1);
              if (acc.available < o.holdUnits) continue; // the D1 batch would refuse it
              acc.available -= o.holdUnits;
              acc.locked += o.holdUnits;
              placed.push(o);
              core.place(o);
            }
            drain();
            for (const a of ledger.acc.values()) {
              expect(a.available).toBeGreaterThanOrEqual(0);
              expect(a.locked).toBeGreaterThanOrEqual(0);
            }
          }

          // Conservation, fees included.
          expect(ledger.total(1)).toBe(4 * START.base);
          expect(ledger.total(3)).toBe(4 * START.quote);
          // Locked funds are exactly what resting orders still hold.
          const need = new Map<string, number>();
          for (const o of placed) {
            const row = store.getOrder(o.id)!;
            expect(row.consumed).toBeLessThanOrEqual(row.holdUnits);
            if (row.resting) {
              const k = `${row.owner}:${row.side === 0 ? 3 : 1}`;
              need.set(k, (need.get(k) ?? 0) + row.holdUnits - row.consumed);
            }
          }
          for (const [k, a] of ledger.acc) if (!k.startsWith(`${FEES}:`)) expect(a.locked, k).toBe(need.get(k) ?? 0);
          // The book never crosses, and a rebuild from storage gives the same book.
          const top = core.top();
          if (top.bid !== null && top.ask !== null) expect(top.bid).toBeLessThan(top.ask);
          const book = core.book();
          core.rebuild();
          expect(core.book()).toEqual(book);
          // Cancelling everything leaves nothing locked.
          for (const o of placed) core.cancel({ id: o.id, owner: o.owner });
          drain();
          for (const [k, a] of ledger.acc) expect(a.locked, k).toBe(0);
          sql.close();
        }),
        { numRuns: 60 },
      );
    },
  );

  it("writes the order, its fills and the outbox in one transaction: a failed write leaves the book as stored", () => {
    const sql = nodeSql();
    const store = new MarketStore(sql);
    const core = new MarketCore({ config, store, now: () => 1 });
    core.start();
    const sell: PlaceOrder = {
      id: 1,
      owner: 1,
      side: "sell",
      type: "limit",
      price: 100,
      qty: 5,
      tif: "GTC",
      postOnly: false,
      budget: 0,
      hold: "a",
      holdUnits: lotsToBase(config, 5),
      createdAt: 1,
    };
    core.place(sell);
    const before = core.book();
    const outbox = store.outboxSize();
    const original = store.appendOutbox.bind(store);
    store.appendOutbox = () => {
      throw new Error("disk full");
    };
    const buy: PlaceOrder = { ...sell, id: 2, owner: 2, side: "buy", hold: "b", holdUnits: notionalUnits(config, 100, 5) };
    expect(() => core.place(buy)).toThrow("disk full");
    store.appendOutbox = original;
    expect(core.book()).toEqual(before);
    expect(store.getOrder(2)).toBeUndefined();
    expect(store.outboxSize()).toBe(outbox);
    expect(core.place(buy).state).toBe("filled");
  });
});

describe("market maker rule", () => {
  it("quotes levels on both sides one grid step apart around the reference price", () => {
    const q = ladder(9_500_000, { levels: 3, step: "0.0005", qty: 500 });
    expect(gridTicks(9_500_000, "0.0005")).toBe(4_750);
    expect(q.filter((x) => x.side === "buy").map((x) => x.price)).toEqual([9_495_250, 9_490_500, 9_485_750]);
    expect(q.filter((x) => x.side === "sell").map((x) => x.price)).toEqual([9_504_750, 9_509_500, 9_514_250]);
    expect(q.every((x) => x.qty === 500)).toBe(true);
  });

  it("does not move its ladder for price changes inside the grid (no churn every tick)", () => {
    const a = ladder(9_500_000, { levels: 2, step: "0.0005", qty: 1 });
    const b = ladder(9_501_000, { levels: 2, step: "0.0005", qty: 1 });
    expect(b).toEqual(a);
    expect(
      plan(
        b,
        a.map((x, i) => ({ id: i, side: x.side === "buy" ? 0 : 1, price: x.price, qty: x.qty })),
      ),
    ).toEqual({ cancel: [], place: [] });
  });

  it("keeps matching quotes, cancels stale ones and places what is missing", () => {
    const desired = ladder(1_000, { levels: 2, step: "0.01", qty: 10 });
    const resting = [
      { id: 1, side: 0 as const, price: 990, qty: 10 }, // kept
      { id: 2, side: 0 as const, price: 990, qty: 10 }, // duplicate level: cancelled
      { id: 3, side: 1 as const, price: 1_010, qty: 2 }, // mostly filled: replaced
      { id: 4, side: 1 as const, price: 1_500, qty: 10 }, // stale
    ];
    const p = plan(desired, resting);
    expect(p.cancel.sort()).toEqual([2, 3, 4]);
    expect(p.place.map((x) => `${x.side}:${x.price}`).sort()).toEqual(["buy:980", "sell:1010", "sell:1020"]);
  });

  it("never quotes a non-positive price", () => {
    const q = ladder(3, { levels: 5, step: "0.5", qty: 1 });
    expect(q.every((x) => x.price >= 1)).toBe(true);
  });
});
