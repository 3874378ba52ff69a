import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { expectInvariant } from "./money-helpers.ts";
import { BTC, USDT, balance, marketStub, orderRow, placed, seedMarkets, settle, total, trader } from "./market-helpers.ts";

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
    expect(await marketStub().backlog()).toBe(0);
    await expectInvariant();
  });
});
