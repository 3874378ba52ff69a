import { describe, expect, it } from "vitest";
import type { Candle, PublicTrade, Ticker } from "../../schema/api/market.ts";
import { mergeCandle, mergeTrades } from "../../web/src/features/market/live.ts";
import { applyMarketFrame, candlesQuery, depthQuery, tradesQuery } from "../../web/src/features/market/market-data.ts";
import { queryClient } from "../../web/src/lib/query/client.ts";

const trade = (id: string, time: number): PublicTrade => ({ id, price: "100", qty: "1", side: "buy", time });
const candle = (time: number, close: string): Candle => ({ time, open: "1", high: "2", low: "1", close, volume: "3" });
const ticker = (symbol: string, time: number): Ticker => ({
  symbol,
  now_price: "1",
  index_price: "1",
  index_time: time,
  change: "0",
  high: "1",
  low: "1",
  volume: "0",
  time,
});

describe("live market frames laid over what was read", () => {
  it("trades merge by id, newest first, at most 30", () => {
    const merged = mergeTrades([trade("a", 1), trade("b", 2)], [trade("b", 2), trade("c", 3)]);
    expect(merged.map((t) => t.id)).toEqual(["c", "b", "a"]);
    const many = Array.from({ length: 40 }, (_, i) => trade(String(i), i));
    expect(mergeTrades(null, many)).toHaveLength(30);
    expect(mergeTrades(null, many)[0]!.id).toBe("39");
  });

  it("a candle replaces the current bar, appends a newer one and ignores an older one", () => {
    const list = [candle(60, "1"), candle(120, "2")];
    expect(mergeCandle(list, candle(120, "5")).map((c) => c.close)).toEqual(["1", "5"]);
    expect(mergeCandle(list, candle(180, "6")).map((c) => c.time)).toEqual([60, 120, 180]);
    expect(mergeCandle(list, candle(0, "9"))).toBe(list);
  });

  it("the market room's frames go into the same cache keys the pages read, by the frame's own pair", () => {
    const pushed: Ticker[][] = [];
    const push = (t: Ticker[]) => pushed.push(t);
    applyMarketFrame({ type: "depth", symbol: "BTC/USDT", depth: { bids: [["99", "1"]], asks: [["101", "2"]] }, time: 1 }, push);
    expect(queryClient.get(depthQuery("BTC-USDT").key).data).toEqual({ bids: [["99", "1"]], asks: [["101", "2"]] });

    applyMarketFrame({ type: "trades", symbol: "BTC/USDT", trades: [trade("t1", 5)], time: 5 }, push);
    applyMarketFrame({ type: "trades", symbol: "BTC/USDT", trades: [trade("t2", 6)], time: 6 }, push);
    expect(queryClient.get<PublicTrade[]>(tradesQuery("BTC-USDT").key).data?.map((t) => t.id)).toEqual(["t2", "t1"]);

    // Before the history is read a bar has nothing to update; after, it updates the current bar.
    applyMarketFrame({ type: "kline", symbol: "BTC/USDT", period: "1min", candle: candle(60, "7"), time: 60 }, push);
    expect(queryClient.get(candlesQuery("BTC-USDT", "1min").key).data).toBeUndefined();
    queryClient.setData<Candle[]>(candlesQuery("BTC-USDT", "1min").key, () => [candle(0, "1"), candle(60, "2")]);
    applyMarketFrame({ type: "kline", symbol: "BTC/USDT", period: "1min", candle: candle(60, "7"), time: 60 }, push);
    expect(queryClient.get<Candle[]>(candlesQuery("BTC-USDT", "1min").key).data?.map((c) => c.close)).toEqual(["1", "7"]);
    expect(queryClient.get(depthQuery("ETH-USDT").key).data).toBeUndefined();

    applyMarketFrame({ type: "ticker", ticker: ticker("BTC/USDT", 1) }, push);
    applyMarketFrame({ type: "tickers", tickers: [ticker("ETH/USDT", 2)] }, push);
    expect(pushed.map((list) => list.map((t) => t.symbol))).toEqual([["BTC/USDT"], ["ETH/USDT"]]);
  });
});
