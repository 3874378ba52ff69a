import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import type { PriceTrail } from "../../schema/api/trail.ts";
import { api } from "./helpers.ts";
import { marketStub, seedMarkets } from "./market-helpers.ts";

/** The public price trail (issue #11): every feed tick with a live price is an entry, readable by anyone for a window. */

type Internals = { feedTick(): Promise<void>; core: { reference(): number | null; referenceAt: number | null } };
const tick = (name: string) => runInDurableObject(marketStub(name), (m: Market) => (m as unknown as Internals).feedTick());

beforeAll(async () => {
  await seedMarkets();
});

describe("the price trail", () => {
  it("records each feed tick (time, price, source) and answers it on GET /currency/price_trail", async () => {
    const from = Date.now();
    await tick("SOL-USDT");
    await new Promise((r) => setTimeout(r, 5));
    await tick("SOL-USDT");
    const res = await api<PriceTrail>(`/currency/price_trail?symbol=SOL/USDT&from=${from}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trail = res.body.message;
    expect(trail.symbol).toBe("SOL/USDT");
    expect(trail.from).toBe(from);
    expect(trail.max_age_ms).toBe(10_000);
    expect(trail.entries.length).toBe(2);
    for (const e of trail.entries) {
      expect(e.source).toBe("simulator");
      expect(e.price).toMatch(/^\d+(\.\d+)?$/);
      expect(e.time).toBeGreaterThanOrEqual(from);
    }
    expect(trail.entries[0]!.time).toBeLessThan(trail.entries[1]!.time);
    // The last entry is the market's current reference price, and the one in effect now.
    const now = await marketStub("SOL-USDT").trailAt(Date.now());
    expect(now).toEqual(trail.entries[1]);
    const prices = await marketStub("SOL-USDT").prices();
    expect(prices.reference).toBe(trail.entries[1]!.price);
  });

  it("has no price in effect before its first entry or once it is stale", async () => {
    await tick("XRP-USDT");
    const [first] = await marketStub("XRP-USDT").trailRange(0, Date.now(), 1);
    expect(await marketStub("XRP-USDT").trailAt(first!.time - 1)).toBeNull();
    expect(await marketStub("XRP-USDT").trailAt(first!.time)).toEqual(first);
    const last = (await marketStub("XRP-USDT").trailRange(0, Date.now(), 2000)).at(-1)!;
    expect(await marketStub("XRP-USDT").trailAt(last.time + 10_001)).toBeNull();
  });

  it("refuses a window over an hour, a reversed window, an unknown market and a stray field with 400", async () => {
    const now = Date.now();
    const cases = [
      `symbol=BTC/USDT&from=${now - 3_600_001}&to=${now}`,
      `symbol=BTC/USDT&from=${now}&to=${now - 1}`,
      `symbol=NOPE/USDT`,
      `symbol=BTC/USDT&from=abc`,
      `symbol=BTC/USDT&limit=5`,
    ];
    for (const q of cases) {
      const res = await api(`/currency/price_trail?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.type, q).toBe("error");
    }
  });
});
