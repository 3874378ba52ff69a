import type { Candle, Depth, MarketInfo, MarketRoomOutbound, Period, PublicTrade, Ticker } from "../../../../schema/api/market.ts";
import { type QueryDef, queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { apiSymbol, fetchCandles, fetchDepth, fetchMarketInfo, fetchTrades, roomName } from "./api.ts";
import { mergeCandle, mergeTrades } from "./live.ts";

/**
 * A market's public data for any page that trades it (spot today; futures and seconds
 * contracts reuse it): the first read of each part through the cache, then the market
 * room's frames written into the same keys, so a revisit paints at once and a frame
 * that beats the first answer is laid over it. Symbols are in the room form ("BTC-USDT").
 */

export const depthQuery = (symbol: string): QueryDef<Depth> => ({ key: [Q.market, symbol, "depth"], load: () => fetchDepth(symbol) });

export const tradesQuery = (symbol: string): QueryDef<PublicTrade[]> => ({
  key: [Q.market, symbol, "trades"],
  load: async () => mergeTrades(await fetchTrades(symbol), []),
});

export const candlesQuery = (symbol: string, period: Period): QueryDef<Candle[]> => ({
  key: [Q.market, symbol, "candles", period],
  load: async () => [...(await fetchCandles(symbol, period))].sort((a, b) => a.time - b.time),
});

/** A pair's rules change rarely: kept a minute. */
export const marketInfoQuery = (symbol: string): QueryDef<MarketInfo | null> => ({
  key: [Q.market, symbol, "info"],
  load: () => fetchMarketInfo(symbol),
  staleTime: 60_000,
});

/** Writes one market-room frame into the cache (tickers into the live ticker map). */
export function applyMarketFrame(frame: MarketRoomOutbound, pushTickers: (tickers: Ticker[]) => void): void {
  switch (frame.type) {
    case "ticker":
      pushTickers([frame.ticker]);
      return;
    case "tickers":
      pushTickers(frame.tickers);
      return;
    case "depth":
      queryClient.setData<Depth>(depthQuery(roomName(apiSymbol(frame.symbol))).key, () => frame.depth);
      return;
    case "trades":
      queryClient.setData<PublicTrade[]>(tradesQuery(roomName(apiSymbol(frame.symbol))).key, (list) => mergeTrades(list, frame.trades));
      return;
    case "kline":
      // Before the history is read there is nothing to update: the answer carries the current bar.
      queryClient.setData<Candle[]>(candlesQuery(roomName(apiSymbol(frame.symbol)), frame.period).key, (list) =>
        list ? mergeCandle(list, frame.candle) : list,
      );
      return;
    default:
      return;
  }
}
