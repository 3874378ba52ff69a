import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { requireMarket } from "../../worker/domain/markets/markets.ts";
import { OrderIds } from "../../worker/domain/markets/ids.ts";
import { newOrder, type PreparedOrder, prepareOrder } from "../../worker/domain/markets/order-input.ts";
import { commitOrders } from "../../worker/domain/markets/orders.ts";
import type { MarketConfig } from "../../worker/domain/markets/config.ts";
import { api } from "./helpers.ts";
import { expectInvariant, fund } from "./money-helpers.ts";
import { BTC, USDT, balance, db, marketStub, orderRow, placed, seedMarkets, settle, total, trade, trader } from "./market-helpers.ts";

const BTC_1 = 100_000_000;
const USDT_1 = 1_000_000;
const ETH = 2;

beforeAll(async () => {
  await seedMarkets();
});

/** An order's D1 row and hold, written the way the Market object writes them, without placing it. */
const ids = new OrderIds(63);
async function heldOrder(m: MarketConfig, owner: number, p: PreparedOrder, now = Date.now()) {
  const order = newOrder(owner, p, ids.next(now), now);
  const { outcome } = await commitOrders(db(), m, [order], now);
  expect(outcome.get(order.id)).toBe("held");
  return order;
}

type Hooks = Market["drainHooks"];
const setHooks = (hooks: Hooks, name = "BTC-USDT") =>
  runInDurableObject(marketStub(name), (instance: Market) => {
    instance.drainHooks = hooks;
  });

/**
 * The journals that moved these users' money, as "kind ref_key", sorted; the test's own funding deposits left out.
 * Ref keys are unique, so this is the exact set of journals, with their kinds and counts.
 */
async function journalsOf(userIds: number[]): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT j.kind, j.ref_key FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
     WHERE e.user_id IN (${userIds.map(() => "?").join(", ")}) AND j.ref_key NOT LIKE 'test:fund:%'`,
  )
    .bind(...userIds)
    .all<{ kind: string; ref_key: string }>();
  return results.map((r) => `${r.kind} ${r.ref_key}`).sort();
}

describe("settlement: at-least-once drain, exactly-once money", () => {
  // One command with five settlement steps: fill S1, end S1, fill S2, end S2, end of the IOC buy (releases its price improvement).
  const steps = 5;
  for (const mode of ["before", "after"] as const) {
    for (let k = 0; k < steps; k++) {
      it(`a drain that crashes ${mode} step ${k + 1} of ${steps}, then runs again, moves every amount exactly once`, async () => {
        const base = 10_000 + (mode === "before" ? 0 : 100) + k * 10;
        const s1 = await trader({ btc: BTC_1 });
        const s2 = await trader({ btc: BTC_1 });
        const buyer = await trader({ usdt: 1_000 * USDT_1 });
        const fees0 = { btc: await total(SYSTEM_ACCOUNTS.fees, BTC), usdt: await total(SYSTEM_ACCOUNTS.fees, USDT) };
        const s1Order = await placed(s1.token, { side: "sell", amount: "0.001", price: `${base}` });
        const s2Order = await placed(s2.token, { side: "sell", amount: "0.001", price: `${base + 1}` });
        await settle();

        // The hook crashes the drain at step k every time it gets there until the test has looked, so neither the
        // market's own alarm nor this test's can finish the entry behind its back.
        let crashes = 0;
        const crash = (_entry: number, index: number) => {
          if (index !== k) return;
          crashes++;
          throw new Error(`injected crash ${mode} step ${index}`);
        };
        await setHooks(mode === "before" ? { beforeStep: crash } : { afterStep: crash });
        const buy = await placed(buyer.token, { side: "buy", amount: "0.003", price: `${base + 5}`, tif: "IOC" });
        // The crash comes from the market's own alarm or from this one, whichever runs the drain first.
        const crashed = () => crashes > 0; // counted by the hook, inside the object
        for (let i = 0; i < 50 && !crashed(); i++) {
          if (!(await runDurableObjectAlarm(marketStub()))) await new Promise((r) => setTimeout(r, 5));
        }
        expect(crashed()).toBe(true);
        expect(await marketStub().backlog()).toBe(1);
        const atCrash = await journalsOf([s1.id, s2.id, buyer.id]);
        await setHooks({});
        await settle();

        // Each step and the journal it writes: fill S1, end S1 (fully filled: nothing to release), fill S2, end S2
        // (likewise), end of the IOC buy (releases the rest of its hold).
        const order = { s1: await orderRow(s1Order), s2: await orderRow(s2Order), buy: await orderRow(buy) };
        const fills = await db().select().from(tables.spotFills).where(eq(tables.spotFills.buyOrderId, buy));
        const fillOf = (sell: number) => fills.filter((f) => f.sellOrderId === sell).map((f) => `spot_trade spot:fill:${f.id}`);
        const stepJournals = [fillOf(s1Order), [], fillOf(s2Order), [], [`release spot:end:${buy}`]];
        expect(stepJournals.flat()).toHaveLength(3);
        const holds = [order.s1, order.s2, order.buy].map((o) => `hold hold:${o.holdId}`);
        // The drain settles the entry's five steps in one D1 batch: a crash before any of them leaves none in D1; a
        // crash after one (the batch committed, the entry's progress not yet recorded) leaves all five.
        const doneSteps = mode === "before" ? 0 : steps;
        expect(atCrash).toEqual([...holds, ...stepJournals.slice(0, doneSteps).flat()].sort());
        expect(await journalsOf([s1.id, s2.id, buyer.id])).toEqual([...holds, ...stepJournals.flat()].sort());

        // Buyer paid base + base+1 for 0.002 BTC (less the 0.1 % taker fee) and got the rest of the hold back.
        const paid = (base + base + 1) * 1_000; // 0.001 BTC at each price, in USDT units
        expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1 - paid, locked: 0 });
        expect(await balance(buyer.id, BTC)).toEqual({ available: 200_000 - 200, locked: 0 });
        // Sellers got their price minus the 0.08 % maker fee, rounded down.
        expect(await balance(s1.id, USDT)).toEqual({ available: base * 1_000 - Math.floor(base * 1_000 * 0.0008), locked: 0 });
        expect(await balance(s2.id, USDT)).toEqual({ available: (base + 1) * 1_000 - Math.floor((base + 1) * 1_000 * 0.0008), locked: 0 });
        expect(await balance(s1.id, BTC)).toEqual({ available: BTC_1 - 100_000, locked: 0 });
        expect((await total(SYSTEM_ACCOUNTS.fees, BTC)) - fees0.btc).toBe(200);
        expect((await total(SYSTEM_ACCOUNTS.fees, USDT)) - fees0.usdt).toBe(
          Math.floor(base * 1_000 * 0.0008) + Math.floor((base + 1) * 1_000 * 0.0008),
        );
        expect(order.buy).toMatchObject({ status: "cancelled", reason: "ioc-remainder", filledUnits: 200_000, quoteUnits: paid });
        expect(fills.map((f) => f.takerSide)).toEqual([1, 1]);
        await expectInvariant();
      });
    }
  }

  it("the same place call delivered twice is one order: the second answers the first's state", async () => {
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    await placed(seller.token, { side: "sell", amount: "0.002", price: "9000" });
    const m = await requireMarket(db(), "BTC/USDT");
    const order = await heldOrder(
      m,
      buyer.id,
      prepareOrder(m, { side: "buy", type: "limit", price: "9000", amount: "0.001", tif: "GTC", postOnly: false }, null),
    );
    const first = await marketStub().place(order);
    const second = await marketStub().place(order);
    expect(first).toMatchObject({ known: true, state: "filled", filled: 10 });
    expect(second).toEqual(first);
    await settle();
    expect(await balance(buyer.id, BTC)).toEqual({ available: 100_000 - 100, locked: 0 });
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1 - 9 * USDT_1, locked: 0 });
    await expectInvariant();
  });

  it("an order whose place call was lost is re-submitted by the market's reconcile step", async () => {
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    const m = await requireMarket(db(), "BTC/USDT");
    const past = Date.now() - 60_000;
    const order = await heldOrder(
      m,
      buyer.id,
      prepareOrder(m, { side: "buy", type: "limit", price: "1000", amount: "0.01", tif: "GTC", postOnly: false }, null),
      past,
    );
    expect((await orderRow(order.id)).status).toBe("pending");
    await runInDurableObject(marketStub(), async (instance: Market) => {
      await (instance as unknown as { reconcile(): Promise<void> }).reconcile();
    });
    expect((await marketStub().order(order.id)).state).toBe("open");
    await settle();
    expect((await orderRow(order.id)).status).toBe("open");
    expect((await balance(buyer.id, USDT)).locked).toBe(10 * USDT_1);
  });

  it("cancelling an order the market never saw releases its hold, and a late place of it stays cancelled", async () => {
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    const m = await requireMarket(db(), "BTC/USDT");
    const order = await heldOrder(
      m,
      buyer.id,
      prepareOrder(m, { side: "buy", type: "limit", price: "1000", amount: "0.02", tif: "GTC", postOnly: false }, null),
    );
    const res = await api<{ state: string }>("/coin/cancel", { token: buyer.token, form: { id: String(order.id) } });
    expect(res.status).toBe(200);
    expect(res.body.message.state).toBe("cancelled");
    const late = await marketStub().place(order);
    expect(late.state).toBe("cancelled");
    await settle();
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    expect((await orderRow(order.id)).status).toBe("cancelled");
    await expectInvariant();
  });

  it("an order answered just before a restart, its hold not yet written, is written and placed after it", async () => {
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    const m = await requireMarket(db(), "BTC/USDT");
    const order = newOrder(
      buyer.id,
      prepareOrder(m, { side: "buy", type: "limit", price: "1000", amount: "0.01", tif: "GTC", postOnly: false }, null),
      ids.next(),
      Date.now(),
    );
    // Stored as the object stores an accepted order, then the object goes away before writing it.
    await runInDurableObject(marketStub(), (instance: Market) => {
      (instance as unknown as { core: { store: { addIntake(id: number, body: string): void } } }).core.store.addIntake(
        order.id,
        JSON.stringify(order),
      );
    });
    await evictDurableObject(marketStub());
    await marketStub().idle();
    expect((await marketStub().order(order.id)).state).toBe("open");
    await settle();
    expect((await orderRow(order.id)).status).toBe("open");
    expect(await balance(buyer.id, USDT)).toEqual({ available: 990 * USDT_1, locked: 10 * USDT_1 });
    // Written once: a second write of the same order is recognised, not repeated.
    const again = await commitOrders(db(), m, [order]);
    expect(again.outcome.get(order.id)).toBe("held");
    expect((await balance(buyer.id, USDT)).locked).toBe(10 * USDT_1);
    await expectInvariant();
  });

  it("after a restart the market rebuilds the same book from its own storage", async () => {
    const u = await trader({ usdt: 10_000 * USDT_1, btc: BTC_1 });
    for (let i = 0; i < 5; i++) await placed(u.token, { side: "buy", amount: "0.001", price: `${2_000 + i}` });
    for (let i = 0; i < 5; i++) await placed(u.token, { side: "sell", amount: "0.001", price: `${900_000 + i}` });
    const before = await runInDurableObject(marketStub(), (instance: Market) =>
      (instance as unknown as { core: { book(): unknown[]; seq: number } }).core.book(),
    );
    const seqBefore = await runInDurableObject(
      marketStub(),
      (instance: Market) => (instance as unknown as { core: { seq: number } }).core.seq,
    );
    await evictDurableObject(marketStub());
    const after = await runInDurableObject(marketStub(), (instance: Market) =>
      (instance as unknown as { core: { book(): unknown[] } }).core.book(),
    );
    const seqAfter = await runInDurableObject(
      marketStub(),
      (instance: Market) => (instance as unknown as { core: { seq: number } }).core.seq,
    );
    expect(after).toEqual(before);
    expect(seqAfter).toBe(seqBefore);
    // Trading continues where it stopped.
    const taker = await trader({ usdt: 10_000 * USDT_1 });
    const id = await placed(taker.token, { side: "buy", amount: "0.001", price: "900000" });
    await settle();
    expect((await orderRow(id)).status).toBe("filled");
    await expectInvariant();
  });
});

describe("settlement: concurrency", () => {
  it("fifty users racing for the same resting order never oversell it", async () => {
    const seller = await trader();
    await fund(seller.id, ETH, BTC_1); // 1 ETH
    await placed(seller.token, { side: "sell", amount: "1", price: "3000", currency_id: String(ETH) });
    await settle("ETH-USDT");
    const buyers = await Promise.all(Array.from({ length: 50 }, () => trader({ usdt: 5_000 * USDT_1 })));
    const results = await Promise.all(
      buyers.map((b, i) =>
        trade(
          b.token,
          i % 2 === 0
            ? { side: "buy", amount: "1", order_type: "market", currency_id: String(ETH) }
            : { side: "buy", amount: "1", price: "3000", tif: "IOC", currency_id: String(ETH) },
        ),
      ),
    );
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    await settle("ETH-USDT");
    const got = await Promise.all(buyers.map((b) => balance(b.id, ETH)));
    const filled = got.reduce((sum, b) => sum + b.available + b.locked, 0);
    // One ETH sold, less the buyers' fees (0.1 % of what each received).
    expect(filled).toBe(BTC_1 - BTC_1 / 1000);
    expect(got.filter((b) => b.available > 0)).toHaveLength(1);
    expect(await balance(seller.id, ETH)).toEqual({ available: 0, locked: 0 });
    const usdt = await Promise.all(buyers.map((b) => balance(b.id, USDT)));
    expect(usdt.every((b) => b.locked === 0)).toBe(true);
    expect(usdt.reduce((s, b) => s + b.available, 0)).toBe(50 * 5_000 * USDT_1 - 3_000 * USDT_1);
    await expectInvariant();
  });
});

/** The market binding exists in the test env. */
it("binds the Market and MarketRoom objects", () => {
  expect(env.Market).toBeDefined();
  expect(env.MarketRoom).toBeDefined();
});
