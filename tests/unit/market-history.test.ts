import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PERIODS } from "../../schema/api/market.ts";
import { bucketStart, nextBucket, overlay, rollUp } from "../../durable/spot/candles.ts";
import { HISTORY_DAYS, seedOf, simulateHistory, simulateMinutes } from "../../durable/spot/history.ts";
import { IndexHistory, binanceKlinesUrl, parseBinanceKlines } from "../../durable/spot/index-klines.ts";

const DAY = 86_400_000;
/** 2026-11-22 10:37:25 UTC: not on a minute, an hour or a day. */
const END = Date.UTC(2026, 10, 22, 10, 37, 25);
const OPTS = { startTicks: 9_500_000, volatility: 0.6, end: END, baseLots: 250, seed: seedOf("BTC/USDT") };

describe("simulated history (development and tests only)", () => {
  it("is deterministic: the same market, start and end give the same candles; another market another path", () => {
    const a = simulateMinutes(OPTS);
    expect(simulateMinutes(OPTS)).toEqual(a);
    expect(seedOf("BTC/USDT")).toEqual(seedOf("BTC/USDT"));
    expect(seedOf("ETH/USDT")).not.toEqual(seedOf("BTC/USDT"));
    expect(simulateMinutes({ ...OPTS, seed: seedOf("ETH/USDT") })).not.toEqual(a);
  });

  it("covers 7 days of whole minutes up to the end's minute, without a gap, and closes at the start price", () => {
    const m = simulateMinutes(OPTS);
    const end = bucketStart("1min", END);
    expect(m).toHaveLength(HISTORY_DAYS * 1440);
    expect(m[0]!.t).toBe(end - HISTORY_DAYS * DAY);
    expect(m.at(-1)!.t).toBe(end - 60_000);
    m.forEach((c, i) => {
      if (i > 0) {
        expect(c.t - m[i - 1]!.t).toBe(60_000);
        // Each minute opens where the one before closed.
        expect(c.o).toBe(m[i - 1]!.c);
      }
    });
    expect(m.at(-1)!.c).toBe(OPTS.startTicks);
  });

  it("stays within its bounds: whole ticks in [start/2, start×2], low ≤ open, close ≤ high, volume ≥ 1 lot", () => {
    for (const volatility of [0, 0.6, 1.1, 10]) {
      const m = simulateMinutes({ ...OPTS, volatility });
      const inRange = (p: number) => Number.isSafeInteger(p) && p >= OPTS.startTicks / 2 && p <= OPTS.startTicks * 2;
      const broken = m.filter(
        (c) =>
          ![c.o, c.h, c.l, c.c].every(inRange) ||
          c.l > Math.min(c.o, c.c) ||
          c.h < Math.max(c.o, c.c) ||
          !(Number.isSafeInteger(c.v) && c.v >= 1),
      );
      expect(broken, `volatility ${volatility}`).toEqual([]);
      if (volatility === 0) expect(new Set(m.map((c) => c.c))).toEqual(new Set([OPTS.startTicks]));
    }
    // It moves: BTC's seeded week is not flat, and its volumes average near the base.
    const m = simulateMinutes(OPTS);
    expect(new Set(m.map((c) => c.c)).size).toBeGreaterThan(1000);
    const mean = m.reduce((s, c) => s + c.v, 0) / m.length;
    expect(mean).toBeGreaterThan(200);
    expect(mean).toBeLessThan(300);
    expect(() => simulateMinutes({ ...OPTS, startTicks: 0 })).toThrow(RangeError);
  });

  it("covers 7 days at every period: each period's candles are the roll-up of the minutes, back to the first minute", () => {
    const h = simulateHistory(OPTS);
    const minutes = h.get("1min")!;
    const first = minutes[0]!.t;
    const last = minutes.at(-1)!.t;
    expect([...h.keys()]).toEqual([...PERIODS]);
    for (const p of PERIODS) {
      const list = h.get(p)!;
      expect(list.length, p).toBeGreaterThan(0);
      expect(list[0]!.t, p).toBe(bucketStart(p, first));
      expect(list.at(-1)!.t, p).toBe(bucketStart(p, last));
      // Whole buckets one after another: no gap in the week.
      for (let i = 1; i < list.length; i++) expect(list[i]!.t, p).toBe(nextBucket(p, list[i - 1]!.t));
      expect(
        list.reduce((s, c) => s + c.v, 0),
        p,
      ).toBe(minutes.reduce((s, c) => s + c.v, 0));
      expect(list[0]!.o, p).toBe(minutes[0]!.o);
      expect(list.at(-1)!.c, p).toBe(OPTS.startTicks);
    }
    expect(h.get("60min")).toHaveLength(7 * 24 + 1); // the end is 10:37: the first and last hours are partial
    expect(h.get("1D")).toHaveLength(8);
  });
});

describe("candles: roll-up and the own candles over the history", () => {
  const c = (t: number, o: number, h: number, l: number, cl: number, v: number) => ({ t, o, h, l, c: cl, v });

  it("rolls minutes up into a period: first open, highest high, lowest low, last close, summed volume", () => {
    const list = [c(0, 10, 12, 9, 11, 1), c(60_000, 11, 15, 11, 14, 2), c(300_000, 14, 14, 13, 13, 5)];
    expect(rollUp("5min", list)).toEqual([c(0, 10, 15, 9, 14, 3), c(300_000, 14, 14, 13, 13, 5)]);
    expect(rollUp("5min", [])).toEqual([]);
  });

  it("lays own candles over simulated ones: a shared bucket is one candle marked simulated; the newest `limit` kept", () => {
    const sim = [c(0, 10, 12, 9, 11, 4), c(60_000, 11, 13, 10, 12, 4)];
    const own = [c(60_000, 12, 20, 12, 19, 1), c(120_000, 19, 19, 18, 18, 2)];
    expect(overlay(sim, own)).toEqual([
      { ...sim[0]!, sim: true },
      { t: 60_000, o: 11, h: 20, l: 10, c: 19, v: 5, sim: true },
      { ...own[1]!, sim: false },
    ]);
    expect(overlay(sim, own, 2).map((x) => x.t)).toEqual([60_000, 120_000]);
    expect(overlay([], own)).toEqual(own.map((x) => ({ ...x, sim: false })));
  });
});

describe("index line: the exchange's klines REST endpoint (Binance), against a recorded answer", () => {
  const fixture = JSON.parse(readFileSync(new URL("../fixtures/binance-klines-btcusdt-1h.json", import.meta.url), "utf8")) as unknown;

  it("builds the request for a period and window", () => {
    expect(binanceKlinesUrl("btcusdt", "60min", 1763794800000, 1763820000000)).toBe(
      "https://api.binance.com/api/v3/klines?symbol=BTCUSDT&interval=1h&startTime=1763794800000&endTime=1763820000000&limit=1000",
    );
    expect(binanceKlinesUrl("ETHUSDT", "1M", 0, 1)).toContain("interval=1M");
    expect(binanceKlinesUrl("ETHUSDT", "1W", 0, 1)).toContain("interval=1w");
    expect(binanceKlinesUrl("ETHUSDT", "1min", 0, 1)).toContain("interval=1m&");
  });

  it("parses rows into candles in ticks (nearest tick), skipping zero prices, string times and impossible highs", () => {
    expect(parseBinanceKlines(fixture, "0.01")).toEqual([
      { t: 1763794800000, o: 9488001, h: 9512000, l: 9481135, c: 9500210, v: 0 },
      { t: 1763798400000, o: 9500210, h: 9521055, l: 9495000, c: 9519044, v: 0 },
      { t: 1763802000000, o: 9519044, h: 9519999, l: 9472012, c: 9475556, v: 0 },
      { t: 1763805600000, o: 9475556, h: 9481200, l: 9460000, c: 9479000, v: 0 },
      { t: 1763816400000, o: 9488000, h: 9505000, l: 9486601, c: 9503120, v: 0 },
    ]);
    for (const bad of [null, {}, "[]", [[1]], [["x"]]]) expect(parseBinanceKlines(bad, "0.01")).toEqual([]);
  });

  it("asks the exchange once per window and minute, and reports a failed answer as an error", async () => {
    const urls: string[] = [];
    let now = 1763820000000;
    let status = 200;
    const history = new IndexHistory({
      symbol: "BTCUSDT",
      tickSize: "0.01",
      now: () => now,
      fetch: async (url) => {
        urls.push(url);
        return { ok: status === 200, status, json: async () => fixture };
      },
    });
    const first = await history.candles("60min", 1763794800000, now);
    expect(first).toHaveLength(5);
    expect(await history.candles("60min", 1763794800000, now + 1_000)).toBe(first);
    expect(urls).toHaveLength(1);
    now += 60_000;
    status = 503;
    await expect(history.candles("60min", 1763794800000, now)).rejects.toThrow("klines answered 503");
    expect(urls).toHaveLength(2);
  });
});
