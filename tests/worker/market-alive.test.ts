import { createScheduledController, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market, WakeState } from "../../durable/spot/market.ts";
import { PERIODS, type Candle, type QuotationGroup } from "../../schema/api/market.ts";
import * as tables from "../../schema/db/index.ts";
import worker from "../../worker/index.ts";
import { MARKETS_CRON, runMarketsCron } from "../../worker/cron.ts";
import { roomName } from "../../worker/domain/markets/config.ts";
import { clearMarketCache } from "../../worker/domain/markets/markets.ts";
import { SIM_TRADERS } from "../../worker/domain/seed/market-seed.ts";
import { api } from "./helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { db, marketStub, openHolds, placed, seedMarkets, settle, trader } from "./market-helpers.ts";

/**
 * Markets are alive without a visitor (issue #8): the cron wakes every enabled market, the alarm keeps it ticking,
 * a fresh market has simulated history at every period, simulated traders make real trades, and a switched-off market
 * stops but still cancels its owners' orders. Seeded with the market maker and the simulated traders.
 */

const DAY = 86_400_000;
const USDT_1 = 1_000_000;

type Internals = {
  feedTick(): Promise<void>;
  reconcile(): Promise<void>;
  tradersTick(): Promise<void>;
  scheduler: { next(): number | null; has(task: string): boolean };
  core: { reference(): number | null; store: { restingOf(owner: number): unknown[] } };
};
const inside = <T>(name: string, fn: (m: Internals) => T | Promise<T>) =>
  runInDurableObject(marketStub(name), (m: Market) => fn(m as unknown as Internals));

const setEnabled = async (marketId: number, enabled: boolean) => {
  await db().update(tables.markets).set({ enabled }).where(eq(tables.markets.id, marketId));
  clearMarketCache();
};

let makerId = 0;
beforeAll(async () => {
  await seedMarkets({ maker: true, simTraders: true });
  makerId = (await db().select().from(tables.users).where(eq(tables.users.uid, "80000099")).get())!.id;
});

describe("markets run without a visitor", () => {
  it("the every-minute cron wakes every enabled market (its alarm armed) and not a switched-off one", async () => {
    await setEnabled(6, false); // TRX/USDT
    const woken: string[] = [];
    const states: WakeState[] = [];
    const t0 = Date.now();
    const outcome = await runMarketsCron(env, async (symbol) => {
      woken.push(symbol);
      states.push(await marketStub(roomName(symbol)).wake());
    });
    expect(woken).toEqual(["BTC/USDT", "ETH/USDT", "SOL/USDT", "XRP/USDT", "DOGE/USDT"]);
    expect(outcome).toEqual({ woken, failed: [] });
    for (const s of states) {
      expect(s.enabled).toBe(true);
      // Armed for after the wake (not a leftover time): on a loaded machine the five wakes may take seconds.
      expect(s.next).toBeGreaterThanOrEqual(t0);
    }
    // The Worker's scheduled handler runs the same for the every-minute trigger.
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: MARKETS_CRON }), env);
    const alarm = await runInDurableObject(marketStub("ETH-USDT"), (_m: Market, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    await setEnabled(6, true);
  });

  it("a woken market's feed ticks from its alarm alone: the index price moves with no request", async () => {
    await marketStub("XRP-USDT").wake();
    const before = await inside("XRP-USDT", (m) => m.core.reference());
    // A tick of the random walk can land on the same 4-decimal price: the alarm runs until one moves it (at most five ticks).
    let after = before;
    for (let i = 0; i < 5 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 2_300));
      await runDurableObjectAlarm(marketStub("XRP-USDT"));
      after = await inside("XRP-USDT", (m) => m.core.reference());
    }
    expect(before).not.toBeNull();
    expect(after).not.toBe(before);
    const ticker = await marketStub("XRP-USDT").ticker();
    expect(ticker!.index_price).toMatch(/^\d+\.\d{1,4}$/);
    expect(ticker!.index_time).toBeGreaterThan(Date.now() - 10_000);
    // The maker quotes around it.
    const depth = await marketStub("XRP-USDT").depth(20);
    expect(depth.bids).toHaveLength(5);
    expect(depth.asks).toHaveLength(5);
  });

  it("a fresh market has 7 days of simulated history at every period, marked simulated", async () => {
    const now = Date.now();
    const candles = async (period: string, from: number, to: number) => {
      const res = await exports.default.fetch(
        new Request(`http://localhost/api/currency/new_timeshar?symbol=ETH-USDT&period=${period}&from=${from}&to=${to}`),
      );
      expect(res.status, period).toBe(200);
      return ((await res.json()) as { data: Candle[] }).data;
    };
    for (const period of PERIODS) {
      // The week's first hour and its newest candles are there, every one of them simulated.
      const first = await candles(period, now - 7 * DAY + 60_000, now - 7 * DAY + 3_600_000);
      expect(first.length, period).toBeGreaterThan(0);
      expect(
        first.every((c) => c.simulated === true),
        period,
      ).toBe(true);
      const latest = await candles(period, now - 8 * DAY, now);
      expect(latest.at(-1)!.time, period).toBeGreaterThan(period === "1min" ? now - 3 * 60_000 : now - 32 * DAY);
      // The market runs from its first wake (this test's first read): its simulated traders may already have traded
      // into the newest bucket or the next one, which are then live candles; everything before them is history.
      expect(
        latest.slice(0, -2).every((c) => c.simulated === true),
        period,
      ).toBe(true);
    }
    // The 1-minute chart gets its 1,500 newest minutes; the week has 10,080 of them.
    expect(await candles("1min", now - 8 * DAY, now)).toHaveLength(1500);
    expect(await candles("1min", now - 7 * DAY + 60_000, now - 7 * DAY + 3_600_000)).toHaveLength(60);
  });

  it("simulated traders trade through the normal order path: quotation_new shows volume, a change and the index price", async () => {
    const sol = "SOL-USDT";
    await marketStub(sol).wake();
    await inside(sol, (m) => m.feedTick());
    // Orders at the best bid or ask: the 24-hour change moves off zero once a trade lands on another price than the first.
    // A few ticks of the random walk can stay within 0.005 % (shown as +0.00), so halfway the feed jumps 2 % (as
    // POST /dev/steer_price does), and the traders then trade around the new reference price.
    let orders = 0;
    while (orders < 24 || ((await marketStub(sol).ticker())!.change === "+0.00" && orders < 120)) {
      if (orders === 12) {
        const reference = (await marketStub(sol).ticker())!.now_price;
        await marketStub(sol).steer((Number(reference) * 1.02).toFixed(2));
      }
      await inside(sol, (m) => m.tradersTick());
      if (++orders % 4 === 0) await inside(sol, (m) => m.feedTick());
    }
    await settle(sol);
    await inside(sol, (m) => m.feedTick());
    await settle(sol);
    // Their orders are ordinary D1 orders of their seeded accounts, settled through the ledger.
    const ids = (
      await db()
        .select()
        .from(tables.users)
        .where(
          inArray(
            tables.users.uid,
            SIM_TRADERS.map((t) => t.uid),
          ),
        )
    ).map((u) => u.id);
    const rows = await db().select().from(tables.spotOrders).where(inArray(tables.spotOrders.userId, ids));
    expect(rows.filter((r) => r.marketId === 3 && r.status === "filled").length).toBeGreaterThan(10);
    const fills = await db().select().from(tables.spotFills).where(eq(tables.spotFills.marketId, 3));
    expect(fills.length).toBeGreaterThan(10);
    await expectInvariant();

    const q = await api<QuotationGroup[]>("/currency/quotation_new");
    const line = q.body.message[0]!.quotation.find((x) => x.symbol === "SOL/USDT")!;
    expect(Number(line.volume)).toBeGreaterThan(0);
    expect(line.change).not.toBe("+0.00");
    expect(line.change).toMatch(/^[+-]\d+\.\d\d$/);
    expect(line.index_price).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(line.index_time).toBeGreaterThan(Date.now() - 60_000);
    const ticker = await marketStub(sol).ticker();
    expect(line.now_price).toBe(ticker!.now_price);
    expect(line.volume).toBe(ticker!.volume);
  });
});

describe("a switched-off market", () => {
  it("stops (no feed ticks, maker quotes withdrawn, alarm chain ended) but still cancels its owners' orders", async () => {
    const name = "DOGE-USDT"; // match id 5
    const u = await trader({ usdt: 1_000 * USDT_1 });
    const doge = { currency_id: "7" };
    const a = await placed(u.token, { side: "buy", amount: "100", price: "0.1", ...doge });
    const b = await placed(u.token, { side: "buy", amount: "100", price: "0.11", ...doge });
    await marketStub(name).wake();
    await inside(name, (m) => m.feedTick());
    await settle(name);
    expect((await inside(name, (m) => m.core.store.restingOf(makerId))).length).toBe(10);

    await setEnabled(5, false);
    await inside(name, (m) => m.reconcile());
    await settle(name);
    // The maker withdrew: only the user's two bids are left on the book.
    expect(await inside(name, (m) => m.core.store.restingOf(makerId))).toEqual([]);
    expect(await marketStub(name).depth(20)).toEqual({
      bids: [
        ["0.11", "100"],
        ["0.1", "100"],
      ],
      asks: [],
    });
    // Nothing ticks any more: the feed, the traders and the reconcile are not re-armed, and a stray feed tick places nothing.
    const ref = await inside(name, (m) => m.core.reference());
    await inside(name, (m) => m.feedTick());
    await inside(name, (m) => m.tradersTick());
    await settle(name);
    expect(await inside(name, (m) => m.core.reference())).toBe(ref);
    expect(await inside(name, (m) => ["feed", "reconcile", "traders"].filter((t) => m.scheduler.has(t)))).toEqual([]);
    expect(await inside(name, (m) => m.core.store.restingOf(makerId))).toEqual([]);
    // At most a settlement pass the last cancel asked for is still due; nothing periodic.
    expect(await inside(name, (m) => m.scheduler.next() === null || m.scheduler.has("drain"))).toBe(true);
    // New orders are refused, but both cancel routes work and release the holds.
    const refused = await api("/coin/trade", {
      token: u.token,
      form: { currency_id: "7", legal_id: "3", type: "1", amount: "100", target_price: "0.1" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("UNKNOWN_MARKET");
    const c1 = await api<{ id: number; state: string }>("/coin/cancel", { token: u.token, form: { id: String(a) } });
    expect(c1.status).toBe(200);
    expect(c1.body.message).toEqual({ id: a, state: "cancelled" });
    const c2 = await api<{ id: number; state: string }>("/coin/trade", { method: "PUT", token: u.token, form: { id: String(b) } });
    expect(c2.status).toBe(200);
    expect(c2.body.message).toEqual({ id: b, state: "cancelled" });
    await settle(name);
    expect(await openHolds(u.id)).toBe(0);
    await expectInvariant();

    // Switched back on, the next wake starts it again and the maker quotes.
    await setEnabled(5, true);
    const state = await marketStub(name).wake();
    expect(state.enabled).toBe(true);
    expect(await inside(name, (m) => ["feed", "reconcile"].every((t) => m.scheduler.has(t)))).toBe(true);
    await inside(name, (m) => m.feedTick());
    await settle(name);
    expect((await inside(name, (m) => m.core.store.restingOf(makerId))).length).toBe(10);
  });
});
