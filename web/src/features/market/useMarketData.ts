import { useAtomValue, useSetAtom } from "jotai";
import { useMemo } from "react";
import type { Candle, Depth, MarketInfo, Period, PublicTrade, Ticker } from "../../../../schema/api/market.ts";
import type { ApiFailure } from "../../lib/api.ts";
import { useAfterPaint } from "../../hooks/useAfterPaint.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { apiSymbol } from "./api.ts";
import { liveTickersAtom, pushTickersAtom } from "./atoms.ts";
import { applyMarketFrame, candlesQuery, depthQuery, marketInfoQuery, tradesQuery } from "./market-data.ts";
import { useMarketRoom } from "./realtime.ts";

export type CandleState = { key: string; list: Candle[] | null; loading: boolean; error: string | null };

export type MarketData = {
  /** The newest ticker from the rooms (null until one arrived; the quotation list has the last price meanwhile). */
  ticker: Ticker | null;
  depth: Depth | null;
  depthError: ApiFailure | undefined;
  trades: PublicTrade[] | null;
  tradesError: ApiFailure | undefined;
  candles: CandleState;
  reloadCandles: () => void;
  /** The pair's rules (precisions, tick and lot, minimums, fees); null when unknown. */
  info: MarketInfo | null;
  /** Whether the chart may load (its library and the candles): once the live pair has been painted, and from then on. */
  chartReady: boolean;
};

/**
 * One market's ticker, depth, trades, candles of `period` and rules. The reads start at once
 * (beside the pair list, not after it); the room opens only with `live` (the pair is known).
 * The candles wait until then too, and for that to be painted (`chartReady`): on a first visit the chart's
 * data and library would share the network with the price and the book the page opens for.
 */
export function useMarketData(symbol: string, period: Period, options: { live?: boolean } = {}): MarketData {
  const live = options.live ?? true;
  const chartReady = useAfterPaint(live);
  const pushTickers = useSetAtom(pushTickersAtom);
  const tickers = useAtomValue(liveTickersAtom);
  const depth = useQuery(depthQuery(symbol));
  const trades = useQuery(tradesQuery(symbol));
  const candles = useQuery(candlesQuery(symbol, period), { enabled: chartReady });
  const info = useQuery(marketInfoQuery(symbol));
  useMarketRoom(live ? symbol : null, (frame) => applyMarketFrame(frame, pushTickers), [period]);

  const candleKey = `${symbol}|${period}`;
  const candleList = candles.data ?? null;
  const candleState = useMemo<CandleState>(
    () => ({
      key: candleKey,
      list: candleList,
      loading: candles.loading,
      error: candleList ? null : (candles.error?.message ?? null),
    }),
    [candleKey, candleList, candles.loading, candles.error],
  );

  return {
    ticker: tickers[apiSymbol(symbol)] ?? null,
    depth: depth.data ?? null,
    depthError: depth.error,
    trades: trades.data ?? null,
    tradesError: trades.error,
    candles: candleState,
    reloadCandles: candles.reload,
    info: info.data ?? null,
    chartReady,
  };
}
