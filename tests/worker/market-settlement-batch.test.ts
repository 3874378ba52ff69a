import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { settleAndCommit } from "../../worker/domain/markets/cycle.ts";
import { OrderIds } from "../../worker/domain/markets/ids.ts";
import { requireMarketByPair } from "../../worker/domain/markets/markets.ts";
import { newOrder, prepareOrder } from "../../worker/domain/markets/order-input.ts";
import type { OutboxEntry, Step } from "../../worker/domain/markets/steps.ts";
import { expectInvariant } from "./money-helpers.ts";
import { BTC, USDT, balance, db, marketStub, orderRow, placed, seedMarkets, settle, total, trader } from "./market-helpers.ts";

const BTC_1 = 100_000_000;
const USDT_1 = 1_000_000;

beforeAll(async () => {
  await seedMarkets();
});

const setHooks = (hooks: Market["drainHooks"]) =>
  runInDurableObject(marketStub(), (instance: Market) => {
    instance.drainHooks = hooks;
  });

/** "kind ref_key" of every journal that moved these users' money (their funding left out), sorted. */
async function journalsOf(userIds: number[]): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT j.kind, j.ref_key FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
     WHERE e.user_id IN (${userIds.map(() => "?").join(", ")}) AND j.ref_key NOT LIKE 'test:fund:%'`,
  )
    .bind(...userIds)
    .all<{ kind: string; ref_key: string }>();
  return results.map((r) => `${r.kind} ${r.ref_key}`).sort();
}

describe("settlement in batches of many steps", () => {
  it("a drain that crashes after a five-step batch committed, before its progress, moves every amount once when run again", async () => {
    const s1 = await trader({ btc: BTC_1 });
    const s2 = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    const fees0 = { btc: await total(SYSTEM_ACCOUNTS.fees, BTC), usdt: await total(SYSTEM_ACCOUNTS.fees, USDT) };
    const sell1 = await placed(s1.token, { side: "sell", amount: "0.001", price: "20000" });
    const sell2 = await placed(s2.token, { side: "sell", amount: "0.001", price: "20001" });
    await settle();

    // Fill S1, end S1, fill S2, end S2, end of the IOC buy: one entry, settled in one batch.
    const batches: number[] = [];
    await setHooks({
      afterBatch: (steps) => {
        batches.push(steps.length);
        throw new Error("injected crash after a batch");
      },
    });
    const buy = await placed(buyer.token, { side: "buy", amount: "0.003", price: "20005", tif: "IOC" });
    for (let i = 0; i < 50 && batches.length === 0; i++) {
      if (!(await runDurableObjectAlarm(marketStub()))) await new Promise((r) => setTimeout(r, 5));
    }
    expect(batches[0]).toBe(5);
    // The batch is in D1; the entry is still in the outbox, so the next drain repeats all five steps.
    expect(await marketStub().backlog()).toBe(1);
    const holds = await Promise.all([sell1, sell2, buy].map(async (id) => `hold hold:${(await orderRow(id)).holdId}`));
    const atCrash = await journalsOf([s1.id, s2.id, buyer.id]);
    expect(atCrash.filter((j) => j.startsWith("spot_trade spot:fill:1:"))).toHaveLength(2);
    expect(atCrash.filter((j) => !j.startsWith("spot_trade"))).toEqual([...holds, `release spot:end:${buy}`].sort());

    await setHooks({});
    await settle();
    expect(await journalsOf([s1.id, s2.id, buyer.id])).toEqual(atCrash);
    const paid = (20_000 + 20_001) * 1_000;
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1 - paid, locked: 0 });
    expect(await balance(buyer.id, BTC)).toEqual({ available: 200_000 - 200, locked: 0 });
    expect(await balance(s1.id, USDT)).toEqual({ available: 20_000 * 1_000 - Math.floor(20_000 * 1_000 * 0.0008), locked: 0 });
    expect(await balance(s2.id, USDT)).toEqual({ available: 20_001 * 1_000 - Math.floor(20_001 * 1_000 * 0.0008), locked: 0 });
    expect((await total(SYSTEM_ACCOUNTS.fees, BTC)) - fees0.btc).toBe(200);
    expect(await orderRow(buy)).toMatchObject({ status: "cancelled", reason: "ioc-remainder", filledUnits: 200_000, quoteUnits: paid });
    // The three ends of the batch (two filled sells, the IOC remainder released) share one statement per table.
    for (const id of [sell1, sell2]) expect(await orderRow(id)).toMatchObject({ status: "filled", filledUnits: 100_000 });
    const buyHold = (await orderRow(buy)).holdId;
    expect(await env.DB.prepare("SELECT status, remaining FROM holds WHERE id = ?").bind(buyHold).first()).toEqual({
      status: "released",
      remaining: 0,
    });
    expect(await marketStub().backlog()).toBe(0);
    await expectInvariant();
  });
});

describe("a market cycle: settlement and new orders in one D1 batch (cycle.ts)", () => {
  const ids = new OrderIds(61);
  const buyOrder = async (owner: number, price: string) => {
    const m = await requireMarketByPair(db(), BTC, USDT);
    const now = Date.now();
    const p = prepareOrder(m, { side: "buy", type: "limit", price, amount: "0.001", tif: "GTC", postOnly: false }, null);
    return newOrder(owner, p, ids.next(now), now);
  };

  it("settles steps and holds orders together; run again, the steps are recognised and a short order is refused alone", async () => {
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    const rich = await trader({ usdt: 1_000 * USDT_1 });
    const poor = await trader({ usdt: 1 * USDT_1 });
    await placed(seller.token, { side: "sell", amount: "0.001", price: "21000" });
    await settle();
    // The market decides a fill; its drain is kept from settling it, so the steps are taken from the outbox here.
    await setHooks({
      beforeStep: () => {
        throw new Error("held back by the test");
      },
    });
    await placed(buyer.token, { side: "buy", amount: "0.001", price: "21000" });
    const steps = await runInDurableObject(marketStub(), (_m: Market, state) =>
      state.storage.sql
        .exec<{ body: string }>("SELECT body FROM outbox ORDER BY id")
        .toArray()
        .flatMap((r) => (JSON.parse(r.body) as OutboxEntry).steps as Step[]),
    );
    expect(steps.filter((s) => s.k === "fill")).toHaveLength(1);
    const m = await requireMarketByPair(db(), BTC, USDT);

    const first = await buyOrder(rich.id, "10000");
    const one = await settleAndCommit(db(), m, steps, [first]);
    expect(one.outcome.get(first.id)).toBe("held");
    expect(first.holdUnits).toBe(10 * USDT_1);
    expect(one.available.get(`${rich.id}:${USDT}`)).toBe(990 * USDT_1);
    const paid = 21_000 * 1_000;
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1 - paid, locked: 0 });
    expect((await orderRow(first.id)).status).toBe("pending");

    // The same steps again (a pass repeated after a crash) with one order that fits and one that does not.
    const second = await buyOrder(rich.id, "10000");
    const short = await buyOrder(poor.id, "20000");
    const two = await settleAndCommit(db(), m, steps, [second, short]);
    expect(two.outcome.get(second.id)).toBe("held");
    expect(two.outcome.get(short.id)).toBe("insufficient");
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1 - paid, locked: 0 });
    expect(await balance(rich.id, USDT)).toEqual({ available: 980 * USDT_1, locked: 20 * USDT_1 });
    expect(await balance(poor.id, USDT)).toEqual({ available: USDT_1, locked: 0 });

    await setHooks({});
    await settle();
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1 - paid, locked: 0 });
    await expectInvariant();
  });
});
