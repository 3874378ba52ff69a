import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ExchangeFeed, SimulatedFeed, binanceStreamUrl, feedKind, nearestTicks, parseBinanceMessage } from "../../durable/spot/feed.ts";
import { Prng } from "../../durable/common/prng.ts";

const recorded = readFileSync(new URL("../fixtures/binance-btcusdt.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "");

describe("exchange feed adapter (Binance public streams), against recorded messages", () => {
  it("parses trades, mini tickers (close) and book tickers (mid), raw or combined-stream wrapped", () => {
    expect(parseBinanceMessage(recorded[1]!)).toEqual({ source: "trade", symbol: "BTCUSDT", price: "95012.34000000", time: 1763800000122 });
    expect(parseBinanceMessage(recorded[4]!)).toEqual({
      source: "ticker",
      symbol: "BTCUSDT",
      price: "95010.00000000",
      time: 1763800001000,
    });
    expect(parseBinanceMessage(recorded[6]!)).toMatchObject({ source: "trade", price: "95007.99000000" });
    expect(parseBinanceMessage(recorded[7]!)).toEqual({ source: "book", symbol: "BTCUSDT", price: "95007.99", time: null });
  });

  it("ignores what is not a usable price: replies, other events, zero, signs, exponents, strings for numbers, bad JSON", () => {
    for (const i of [0, 9, 11, 12, 13, 16, 17]) expect(parseBinanceMessage(recorded[i]!), recorded[i]).toBeNull();
    expect(parseBinanceMessage("x".repeat(5000))).toBeNull();
  });

  it("validates every recorded message in order: symbol, age, jump guard; the price ends at the last good trade", () => {
    const now = 1763800003000;
    const feed = new ExchangeFeed({ symbol: "btcusdt", tickSize: "0.01" });
    expect(feed.tick(now)).toBeNull();
    const verdicts = recorded.map((line) => feed.onMessage(line, now));
    expect(verdicts).toEqual([
      "ignored", // subscription reply
      "accepted",
      "accepted",
      "accepted", // 95012.355 → nearest tick 95012.36
      "accepted", // mini ticker close
      "accepted",
      "accepted", // raw stream
      "accepted", // book ticker mid
      "wrong-symbol",
      "ignored", // zero price
      "jump", // a 99 % drop is a bad print, not a price
      "ignored", // negative
      "ignored", // exponent
      "ignored", // depth update
      "stale", // a trade from a day ago
      "accepted",
      "ignored", // not JSON
      "ignored", // times as strings
    ]);
    expect(feed.tick(now)).toBe(9_500_910);
    // With nothing new for a minute the feed has no price (the market maker then withdraws).
    expect(feed.tick(now + 61_000)).toBeNull();
    // State survives a restart.
    const again = new ExchangeFeed({ symbol: "BTCUSDT", tickSize: "0.01", saved: feed.save() });
    expect(again.tick(now)).toBe(9_500_910);
  });

  it("rounds to the nearest tick, half up", () => {
    expect(nearestTicks("95012.355", "0.01")).toBe(9_501_236);
    expect(nearestTicks("95012.354", "0.01")).toBe(9_501_235);
    expect(nearestTicks("0.324999", "0.00001")).toBe(32_500);
    expect(nearestTicks("7", "1")).toBe(7);
    expect(nearestTicks("7.5", "1")).toBe(8);
  });

  it("is configured by MARKET_FEED: simulator by default (never in production), binance, off; anything else is off", () => {
    expect(feedKind(undefined)).toBe("simulator");
    expect(feedKind("")).toBe("simulator");
    expect(feedKind("Binance")).toBe("binance");
    expect(feedKind("off")).toBe("off");
    expect(feedKind("kraken")).toBe("off");
    // A deployed site never runs on simulated prices, whatever its configuration says.
    expect(feedKind("simulator", "production")).toBe("off");
    expect(feedKind(undefined, "production")).toBe("off");
    expect(feedKind("binance", "production")).toBe("binance");
    expect(feedKind("simulator", "development")).toBe("simulator");
    expect(binanceStreamUrl("BTCUSDT")).toBe("https://stream.binance.com:9443/stream?streams=btcusdt@trade/btcusdt@miniTicker");
  });
});

describe("price simulator", () => {
  it("is deterministic for a seed and continues the same path after save/restore", () => {
    const seed = Prng.seed();
    const a = new SimulatedFeed({ ticks: 9_500_000, time: 0, volatility: 0.6, rng: seed });
    const b = new SimulatedFeed({ ticks: 9_500_000, time: 0, volatility: 0.6, rng: seed });
    const pa: number[] = [];
    const pb: number[] = [];
    for (let i = 1; i <= 50; i++) {
      pa.push(a.tick(i * 1500));
      pb.push(b.tick(i * 1500));
    }
    expect(pa).toEqual(pb);
    const restored = SimulatedFeed.restore(a.save(), { ticks: 1, volatility: 0.6, now: 0 });
    expect(restored.tick(51 * 1500)).toBe(b.tick(51 * 1500));
  });

  it("moves like a geometric random walk with the configured annual volatility, in whole ticks", () => {
    const sigma = 0.8;
    const feed = new SimulatedFeed({ ticks: 100_000_000, time: 0, volatility: sigma, rng: [1, 2, 3, 4] });
    const dtMs = 60_000;
    let prev = 100_000_000;
    const logs: number[] = [];
    for (let i = 1; i <= 20_000; i++) {
      const p = feed.tick(i * dtMs);
      expect(Number.isSafeInteger(p) && p >= 1).toBe(true);
      logs.push(Math.log(p / prev));
      prev = p;
    }
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    const variance = logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1);
    const annualised = Math.sqrt(variance / (dtMs / (365 * 24 * 3600_000)));
    expect(annualised).toBeGreaterThan(sigma * 0.95);
    expect(annualised).toBeLessThan(sigma * 1.05);
  });

  it("after a long sleep moves at most as much as a minute allows, never to zero", () => {
    const feed = new SimulatedFeed({ ticks: 5, time: 0, volatility: 5, rng: [9, 8, 7, 6] });
    for (let i = 1; i < 1000; i++) expect(feed.tick(i * 86_400_000)).toBeGreaterThanOrEqual(1);
  });
});

describe("xoshiro128**", () => {
  it("gives uniform values in (0, 1] and standard normals", () => {
    const rng = new Prng([0x12345678, 0x9abcdef0, 0x0fedcba9, 0x87654321]);
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < 50_000; i++) {
      const u = rng.nextUnit();
      expect(u > 0 && u <= 1).toBe(true);
      const z = rng.nextGaussian();
      sum += z;
      sq += z * z;
    }
    expect(Math.abs(sum / 50_000)).toBeLessThan(0.03);
    expect(Math.abs(sq / 50_000 - 1)).toBeLessThan(0.05);
    // The all-zero state would repeat zero forever; it is nudged off it.
    const zero = new Prng([0, 0, 0, 0]);
    expect([zero.nextU32(), zero.nextU32(), zero.nextU32()].some((v) => v !== 0)).toBe(true);
  });
});
