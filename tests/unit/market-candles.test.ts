import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregate, bucketStart, mergeCandles, nextBucket, percentChange, ticker } from "../../durable/spot/candles.ts";
import { normalizePeriod } from "../../schema/api/market.ts";
import { MarketStore, type CandleRow } from "../../durable/spot/store.ts";
import { PERIODS, type Period } from "../../schema/api/market.ts";
import { nodeSql } from "../../bench/lib/node-sql.ts";

const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => Date.UTC(y, m - 1, d, h, min, s);

describe("candle buckets (UTC)", () => {
  it("starts minutes, hours and days on their boundaries", () => {
    const t = utc(2026, 11, 22, 13, 47, 31) + 250;
    expect(bucketStart("1min", t)).toBe(utc(2026, 11, 22, 13, 47));
    expect(bucketStart("5min", t)).toBe(utc(2026, 11, 22, 13, 45));
    expect(bucketStart("15min", t)).toBe(utc(2026, 11, 22, 13, 45));
    expect(bucketStart("30min", t)).toBe(utc(2026, 11, 22, 13, 30));
    expect(bucketStart("60min", t)).toBe(utc(2026, 11, 22, 13));
    expect(bucketStart("1D", t)).toBe(utc(2026, 11, 22));
  });

  it("starts weeks on Monday and months on the 1st, including leap days and year ends", () => {
    expect(bucketStart("1W", utc(2024, 1, 4, 12))).toBe(utc(2024, 1, 1)); // Thursday → Monday
    expect(bucketStart("1W", utc(2024, 1, 7, 23, 59, 59))).toBe(utc(2024, 1, 1)); // Sunday night
    expect(bucketStart("1W", utc(2024, 1, 8))).toBe(utc(2024, 1, 8)); // Monday 00:00
    expect(bucketStart("1W", utc(1970, 1, 1))).toBe(utc(1969, 12, 29));
    expect(bucketStart("1M", utc(2024, 2, 29, 18))).toBe(utc(2024, 2, 1));
    expect(nextBucket("1M", utc(2024, 12, 1))).toBe(utc(2025, 1, 1));
    expect(nextBucket("1W", utc(2024, 1, 1))).toBe(utc(2024, 1, 8));
  });

  it("every instant falls in [start, next start) for every period", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: utc(2100, 1, 1) }), fc.constantFrom(...PERIODS), (t, p) => {
        const start = bucketStart(p, t);
        expect(start).toBeLessThanOrEqual(t);
        expect(nextBucket(p, start)).toBeGreaterThan(t);
        expect(bucketStart(p, start)).toBe(start);
      }),
    );
  });

  it("accepts the original client's period aliases and refuses the rest", () => {
    expect(normalizePeriod("1H")).toBe("60min");
    expect(normalizePeriod("1day")).toBe("1D");
    expect(normalizePeriod("1week")).toBe("1W");
    expect(normalizePeriod("1mon")).toBe("1M");
    expect(normalizePeriod("15min")).toBe("15min");
    expect(normalizePeriod("1Y")).toBeNull();
    expect(normalizePeriod("toString")).toBeNull();
  });
});

type T = { price: number; qty: number; time: number };

/** The obvious model: group by bucket, first/last/max/min/sum. */
function model(period: Period, trades: T[]): CandleRow[] {
  const groups = new Map<number, T[]>();
  for (const t of trades) {
    const b = bucketStart(period, t.time);
    groups.set(b, [...(groups.get(b) ?? []), t]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, g]) => ({
      t,
      o: g[0]!.price,
      c: g[g.length - 1]!.price,
      h: Math.max(...g.map((x) => x.price)),
      l: Math.min(...g.map((x) => x.price)),
      v: g.reduce((s, x) => s + x.qty, 0),
    }));
}

const tradesArb = fc
  .array(
    fc.record({
      price: fc.integer({ min: 1, max: 10_000 }),
      qty: fc.integer({ min: 1, max: 1000 }),
      dt: fc.integer({ min: 0, max: 40 * 86_400_000 }),
    }),
    {
      maxLength: 60,
    },
  )
  .map((xs) => {
    let time = utc(2026, 1, 30);
    return xs.map((x) => ({ price: x.price, qty: x.qty, time: (time += Math.floor(x.dt / 7)) }));
  });

describe("candles aggregate trades correctly", () => {
  it("folds trades into the same candles as the model, for every period", () => {
    fc.assert(
      fc.property(tradesArb, (trades) => {
        for (const p of PERIODS) expect(aggregate(p, trades)).toEqual(model(p, trades));
      }),
    );
  });

  it("gives the same stored candles when trades arrive in many commands as in one (the market's storage merge)", () => {
    fc.assert(
      fc.property(tradesArb, fc.integer({ min: 1, max: 5 }), (trades, chunk) => {
        const store = new MarketStore(nodeSql());
        store.init();
        for (let i = 0; i < trades.length; i += chunk) {
          const part = trades.slice(i, i + chunk);
          store.transaction(() => {
            for (const p of PERIODS) for (const c of aggregate(p, part)) store.mergeCandle(p, c);
          });
        }
        for (const p of PERIODS) {
          const stored = store.candles(p, 0, Number.MAX_SAFE_INTEGER, 10_000).map((c) => ({ ...c }));
          expect(stored).toEqual(model(p, trades));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("mergeCandles keeps the open, widens high and low, takes the later close and adds volume", () => {
    const a = { t: 0, o: 10, h: 12, l: 9, c: 11, v: 5 };
    expect(mergeCandles(a, { t: 0, o: 20, h: 20, l: 8, c: 15, v: 2 })).toEqual({ t: 0, o: 10, h: 20, l: 8, c: 15, v: 7 });
    expect(mergeCandles(undefined, a)).toEqual(a);
  });
});

describe("24-hour ticker", () => {
  it("computes the change in percent with two decimals, half up, exactly", () => {
    expect(percentChange(100, 101)).toBe("+1.00");
    expect(percentChange(300, 299)).toBe("-0.33");
    expect(percentChange(3, 2)).toBe("-33.33");
    expect(percentChange(200_000, 200_001)).toBe("+0.00");
    expect(percentChange(200_000, 199_999)).toBe("+0.00");
    expect(percentChange(8, 9)).toBe("+12.50");
    expect(percentChange(0, 5)).toBe("+0.00");
    expect(percentChange(9_500_000, 19_000_000)).toBe("+100.00");
  });

  it("is flat with zero volume when nothing traded in the window: nothing is invented", () => {
    expect(ticker(500, null)).toEqual({ price: 500, open: 500, high: 500, low: 500, volume: 0, change: "+0.00" });
    expect(ticker(110, { open: 100, high: 120, low: 90, volume: 7 })).toEqual({
      price: 110,
      open: 100,
      high: 120,
      low: 90,
      volume: 7,
      change: "+10.00",
    });
  });
});
