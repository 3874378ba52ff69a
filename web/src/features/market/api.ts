import type {
  Candle,
  Depth,
  IndexKlines,
  MarketInfo,
  Period,
  PublicTrade,
  Quotation,
  QuotationGroup,
  SpotOrder,
} from "../../../../schema/api/market.ts";
import { LOOKBACK_MS } from "../../../../schema/api/periods.ts";
import { get, post, read } from "../../lib/api.ts";
import { apiSymbol, depthRead, favouritesRead, marketInfoRead, quotationsRead, tradesRead } from "./reads.ts";

/** Market and spot-trading calls (the spec's "Market" calls, schema/api/market.ts). */

export type { Candle, Depth, IndexKlines, MarketInfo, Period, PublicTrade, Quotation, QuotationGroup, SpotOrder };

/** "BTC/USDT" → "BTC-USDT" (the room and the URL form). */
export const roomName = (symbol: string) => symbol.replace("/", "-");
export { apiSymbol } from "./reads.ts";

/** GET /currency/quotation_new: one group per quote currency, each with its pairs. */
export const fetchQuotationGroups = () => read<QuotationGroup[]>(quotationsRead, { silent: true, background: true });

/** GET /currency/new_timeshar: candles (time in ms) from `now − look-back` to now. */
export function fetchCandles(symbol: string, period: Period, now = Date.now()): Promise<Candle[]> {
  const to = Math.floor(now / 1000);
  return get<Candle[]>(
    "/currency/new_timeshar",
    { symbol: apiSymbol(symbol), period, from: to - LOOKBACK_MS[period] / 1000, to },
    { silent: true, background: true },
  );
}

/** GET /currency/index_kline: the reference feed's candles over the same window, while the market has few of its own (else null). */
export function fetchIndexKlines(symbol: string, period: Period, now = Date.now()): Promise<IndexKlines> {
  const to = Math.floor(now / 1000);
  return get<IndexKlines>(
    "/currency/index_kline",
    { symbol: apiSymbol(symbol), period, from: to - LOOKBACK_MS[period] / 1000, to },
    { silent: true, background: true },
  );
}

export const fetchDepth = (symbol: string) => read<Depth>(depthRead(symbol), { silent: true, background: true });
export const fetchTrades = (symbol: string) => read<PublicTrade[]>(tradesRead(symbol), { silent: true, background: true });

/** GET /currency/market_info: a pair's rules (precisions, tick and lot, minimums, fees). */
export async function fetchMarketInfo(symbol: string): Promise<MarketInfo | null> {
  try {
    return await read<MarketInfo>(marketInfoRead(symbol), { silent: true, background: true });
  } catch {
    // The form then falls back to the pair's precisions and fees from the quotation.
    return null;
  }
}

// Favourites (log-in needed) -----------------------------------------------------------------------

/** A favourite: its own id (for /optional/del) and the pair's match id (`currency_id`). */
export type Favourite = { id: number; currency_id: number };
export const fetchFavourites = () => read<Favourite[]>(favouritesRead, { silent: true, background: true });
export const addFavourite = (matchId: number) => post<{ id: number }>("/optional/add", { currency_id: matchId });
export const removeFavourite = (favouriteId: number) => post<unknown>("/optional/del", { id: favouriteId });
