import { describe, expect, it } from "vitest";
import type { MarketRoomOutbound } from "../../schema/api/market.ts";
import { MAX_MARKET_FRAME_CHARS, parseMarketRoomFrame } from "../../web/src/features/market/frames.ts";

const ticker = {
  symbol: "BTC-USDT",
  now_price: "50000.00",
  change: "1.25",
  high: "51000.00",
  low: "49000.00",
  volume: "12.5",
  index_price: "50010.00",
  index_time: 1_700_000_000_000,
  time: 1_700_000_000_500,
};
const candle = { time: 1_700_000_000_000, open: "1", high: "2", low: "0.5", close: "1.5", volume: "3" };

const valid: MarketRoomOutbound[] = [
  { type: "ticker", ticker },
  { type: "tickers", tickers: [ticker, { ...ticker, symbol: "ETH-USDT" }] },
  { type: "tickers", tickers: [] },
  { type: "depth", symbol: "BTC-USDT", depth: { bids: [["49999", "0.1"]], asks: [["50001", "0.2"]] }, time: 1 },
  { type: "trades", symbol: "BTC-USDT", trades: [{ id: "7", price: "50000", qty: "0.1", side: "sell", time: 2 }], time: 3 },
  { type: "kline", symbol: "BTC-USDT", period: "1min", candle, time: 4 },
  { type: "kline", symbol: "BTC-USDT", period: "1D", candle: { ...candle, simulated: true }, time: 4 },
  { type: "pong" },
  { type: "error", code: "BAD_FRAME" },
];

const parse = (frame: unknown) => parseMarketRoomFrame(JSON.stringify(frame));

describe("market room frames, checked without zod", () => {
  it("reads every frame the rooms send", () => {
    for (const frame of valid) expect(parse(frame)).toEqual(frame);
  });

  it("keeps a field the client does not know (a newer server never breaks an older page)", () => {
    expect(parse({ type: "ticker", ticker: { ...ticker, funding: "0.01" }, extra: 1 })).toMatchObject({ type: "ticker", ticker });
  });

  it("drops a frame with a field missing, of the wrong type or out of its set", () => {
    const { now_price: _dropped, ...noPrice } = ticker;
    const bad: unknown[] = [
      { type: "ticker", ticker: noPrice },
      { type: "ticker", ticker: { ...ticker, now_price: 50000 } },
      { type: "ticker", ticker: { ...ticker, time: "1" } },
      { type: "tickers", tickers: [ticker, null] },
      { type: "tickers", tickers: ticker },
      { type: "depth", symbol: "BTC-USDT", depth: { bids: [["1"]], asks: [] }, time: 1 },
      { type: "depth", symbol: "BTC-USDT", depth: { bids: [["1", 2]], asks: [] }, time: 1 },
      { type: "trades", symbol: "BTC-USDT", trades: [{ id: "7", price: "1", qty: "1", side: "short", time: 2 }], time: 3 },
      { type: "kline", symbol: "BTC-USDT", period: "2min", candle, time: 4 },
      { type: "kline", symbol: "BTC-USDT", period: "1min", candle: { ...candle, simulated: false }, time: 4 },
      { type: "error", code: "OTHER" },
      { type: "order", order: {} },
      { type: "toString" },
      { type: "__proto__" },
      { ticker },
      [{ type: "pong" }],
      null,
      "pong",
    ];
    for (const frame of bad) expect(parse(frame), JSON.stringify(frame)).toBeNull();
  });

  it("drops what is not JSON text, and text longer than the limit unread", () => {
    expect(parseMarketRoomFrame("{not json")).toBeNull();
    expect(parseMarketRoomFrame(new ArrayBuffer(4))).toBeNull();
    expect(parseMarketRoomFrame(undefined)).toBeNull();
    const big = { type: "tickers", tickers: Array.from({ length: 2_000 }, () => ticker) };
    expect(JSON.stringify(big).length).toBeGreaterThan(MAX_MARKET_FRAME_CHARS);
    expect(parse(big)).toBeNull();
  });

  it("refuses numbers JSON cannot carry as finite (a time of 1e999 reads as Infinity)", () => {
    expect(parseMarketRoomFrame('{"type":"pong"}')).toEqual({ type: "pong" });
    expect(parseMarketRoomFrame(`{"type":"depth","symbol":"X","depth":{"bids":[],"asks":[]},"time":1e999}`)).toBeNull();
  });
});
