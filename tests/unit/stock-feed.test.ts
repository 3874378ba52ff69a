import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ProviderQuotes, parseFinnhubMessage, stockFeedKind } from "../../durable/stocks/quote-source.ts";
import { changeText, nextStats } from "../../durable/stocks/session-stats.ts";

/** Frames in the shape Finnhub's trade stream sends (wss://ws.finnhub.io): pings, trade batches, an error, a cut frame. */
const frames = readFileSync(new URL("../fixtures/finnhub-stocks.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n");

describe("Finnhub adapter", () => {
  it("parses each trade frame to the newest trade per symbol and ignores pings, errors and cut frames", () => {
    expect(frames.map((f) => parseFinnhubMessage(f))).toEqual([
      [],
      [{ symbol: "AAPL", price: "228.505", time: 1763999400131 }],
      [
        { symbol: "MSFT", price: "512.3", time: 1763999400412 },
        { symbol: "AAPL", price: "228.6", time: 1763999400455 },
      ],
      // zero and negative prices and a 11-digit (seconds-like) time are skipped one by one
      [],
      [{ symbol: "TSLA", price: "342", time: 1763999401002 }],
      [],
      [],
    ]);
  });

  it("feeds a stock's price from its own symbol only, to the nearest cent, and goes stale without trades", () => {
    const q = new ProviderQuotes({ symbol: "AAPL", tickSize: "0.01", staleMs: 60_000 });
    const now = 1763999401000;
    expect(frames.map((f) => q.onMessage(f, now))).toEqual(["ignored", "accepted", "accepted", "ignored", "ignored", "ignored", "ignored"]);
    expect(q.tick(now)).toBe(22860);
    expect(q.tick(now + 60_001)).toBeNull();
  });

  it("refuses stale, future and jumping prints", () => {
    const q = new ProviderQuotes({ symbol: "AAPL", tickSize: "0.01", staleMs: 60_000, maxJump: 0.2 });
    const frame = (p: number, t: number) => JSON.stringify({ type: "trade", data: [{ p, s: "AAPL", t, v: 1 }] });
    const now = 1763999401000;
    expect(q.onMessage(frame(228.5, now - 60_001), now)).toBe("stale");
    expect(q.onMessage(frame(228.5, now + 10_001), now)).toBe("future");
    expect(q.onMessage(frame(228.5, now), now)).toBe("accepted");
    expect(q.onMessage(frame(300, now), now)).toBe("jump");
    expect(q.onMessage(frame(0.0000001, now), now)).toBe("ignored");
    // 228.505 rounds half up to 228.51
    expect(q.onMessage(frame(228.505, now), now)).toBe("accepted");
    expect(q.tick(now)).toBe(22851);
  });

  it("config picks the adapter; the simulator never runs in production", () => {
    expect(stockFeedKind(undefined, "development")).toBe("simulator");
    expect(stockFeedKind("simulator", "production")).toBe("off");
    expect(stockFeedKind(undefined, "production")).toBe("off");
    expect(stockFeedKind(" FinnHub ", "production")).toBe("finnhub");
    expect(stockFeedKind("yahoo", "development")).toBe("off");
  });
});

describe("session stats", () => {
  it("keeps the session's high and low and the change against the previous session's last price", () => {
    let s = nextStats(null, 1, 10000);
    expect(changeText(s)).toBe("+0.00");
    s = nextStats(s, 1, 10250);
    s = nextStats(s, 1, 9900);
    expect(s).toEqual({ session: 1, prevClose: null, high: 10250, low: 9900, last: 9900 });
    s = nextStats(s, 2, 10098);
    expect(s).toEqual({ session: 2, prevClose: 9900, high: 10098, low: 10098, last: 10098 });
    expect(changeText(s)).toBe("+2.00");
    expect(changeText(nextStats(s, 2, 9850))).toBe("-0.51");
    expect(changeText(nextStats(s, 2, 9900))).toBe("+0.00");
  });
});
