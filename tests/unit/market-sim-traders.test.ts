import { describe, expect, it } from "vitest";
import { BTC_USDT } from "../../bench/lib/market-config.ts";
import { seedOf } from "../../durable/spot/history.ts";
import { MAX_GAP_MS, MIN_GAP_MS, SimTraderRule, minLots, simTradersAllowed } from "../../durable/spot/sim-traders.ts";
import type { MarketConfig } from "../../worker/domain/markets/config.ts";

/** BTC/USDT with the seed's market maker: 0.05 BTC (500 lots) a level. */
const BTC: MarketConfig = { ...BTC_USDT, maker: { userId: 99, levels: 5, step: "0.0005", qty: "0.05" } };
const DOGE: MarketConfig = {
  ...BTC_USDT,
  symbol: "DOGE/USDT",
  priceDecimals: 5,
  qtyDecimals: 0,
  tickSize: "0.00001",
  lotSize: "1",
  minQty: "1",
};
const REF = 9_500_000; // 95,000.00
const TOP = { bid: REF - 4_750, ask: REF + 4_750 };
const OWNERS = [7, 8];

const orders = (rule: SimTraderRule, n: number, last: number | null, m = BTC) =>
  Array.from({ length: n }, () => rule.nextOrder(m, OWNERS, { ref: REF, last, top: TOP })!);
const lotsOf = (amount: string) => Math.round(Number(amount) * 10_000);

describe("simulated traders: refused in production, like the simulator feed", () => {
  it("run only where the simulator feed runs and never when ENVIRONMENT is production", () => {
    expect(simTradersAllowed("simulator", "development")).toBe(true);
    expect(simTradersAllowed(undefined, "test")).toBe(true);
    expect(simTradersAllowed("simulator", "production")).toBe(false);
    expect(simTradersAllowed(undefined, "production")).toBe(false);
    expect(simTradersAllowed("binance", "development")).toBe(false);
    expect(simTradersAllowed("off", "development")).toBe(false);
  });
});

describe("simulated traders: the published rule", () => {
  it("is deterministic for a seed: the same waits and the same orders", () => {
    const a = new SimTraderRule(seedOf("BTC/USDT/traders"));
    const b = new SimTraderRule(seedOf("BTC/USDT/traders"));
    const run = (r: SimTraderRule) =>
      Array.from({ length: 50 }, () => [r.nextGap(), r.nextOrder(BTC, OWNERS, { ref: REF, last: REF, top: TOP })]);
    expect(run(a)).toEqual(run(b));
    // The state continues the same sequence after a restart.
    const c = new SimTraderRule(a.state());
    expect(c.nextGap()).toBe(b.nextGap());
  });

  it("waits an exponential time with a mean near 5 s, never under 1 s or over 20 s", () => {
    const rule = new SimTraderRule(seedOf("waits"));
    const gaps = Array.from({ length: 4000 }, () => rule.nextGap());
    expect(Math.min(...gaps)).toBe(MIN_GAP_MS);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_GAP_MS);
    const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
    expect(mean).toBeGreaterThan(4_700);
    expect(mean).toBeLessThan(5_500);
  });

  it("takes liquidity with market IOC orders of one of its accounts, between the minimum and one maker level", () => {
    const list = orders(new SimTraderRule(seedOf("sizes")), 2000, REF);
    const lots = list.map((o) => lotsOf(o.input.amount));
    expect(Math.min(...lots)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...lots)).toBe(500); // capped at one level
    const mean = lots.reduce((s, l) => s + l, 0) / lots.length;
    expect(mean).toBeGreaterThan(80);
    expect(mean).toBeLessThan(110);
    for (const o of list) expect(o.input).toMatchObject({ type: "market", tif: "IOC", postOnly: false });
    expect(new Set(list.map((o) => o.owner))).toEqual(new Set(OWNERS));
  });

  it("buys and sells evenly at the index, and leans towards it when the last trade is away (at most 80 : 20)", () => {
    const share = (last: number) =>
      orders(new SimTraderRule(seedOf("lean")), 2000, last).filter((o) => o.input.side === "buy").length / 2000;
    expect(share(REF)).toBeGreaterThan(0.46);
    expect(share(REF)).toBeLessThan(0.54);
    const below = share(REF - 95_000); // last 1 % under the index: buy
    expect(below).toBeGreaterThan(0.76);
    expect(below).toBeLessThan(0.84);
    const above = share(REF + 95_000);
    expect(above).toBeGreaterThan(0.16);
    expect(above).toBeLessThan(0.24);
  });

  it("places nothing without an index price, without accounts, or with nothing on the side it would take", () => {
    const rule = new SimTraderRule(seedOf("none"));
    expect(rule.nextOrder(BTC, OWNERS, { ref: null, last: REF, top: TOP })).toBeNull();
    expect(rule.nextOrder(BTC, [], { ref: REF, last: REF, top: TOP })).toBeNull();
    for (let i = 0; i < 20; i++) expect(rule.nextOrder(BTC, OWNERS, { ref: REF, last: REF, top: { bid: null, ask: null } })).toBeNull();
  });

  it("meets the market's minimum quantity and notional at the price it takes", () => {
    expect(minLots(BTC, REF)).toBe(1);
    // DOGE at 0.32: 4 DOGE (1.28 USDT) is the least that reaches the 1 USDT minimum.
    expect(minLots(DOGE, 32_000)).toBe(4);
    const doge = new SimTraderRule(seedOf("doge"));
    const list = Array.from({ length: 200 }, () =>
      doge.nextOrder(DOGE, OWNERS, { ref: 32_000, last: 32_000, top: { bid: 31_990, ask: 32_010 } })!,
    );
    for (const o of list) expect(Number(o.input.amount)).toBeGreaterThanOrEqual(4);
  });
});
