import { atom } from "jotai";
import type { Period, Quotation, QuotationGroup, Ticker } from "../../../../schema/api/market.ts";
import { persisted } from "../../lib/persist.ts";
import { LAST_SYMBOL } from "./reads.ts";

/** The newest ticker per symbol ("BTC/USDT") from the rooms (a live stream, not a read); laid over the quotations. */
export const liveTickersAtom = atom<Record<string, Ticker>>({});

export function applyTickers(groups: QuotationGroup[], live: Record<string, Ticker>): QuotationGroup[] {
  return groups.map((group) => ({ ...group, quotation: group.quotation.map((q) => withTicker(q, live[q.symbol])) }));
}

export function withTicker(q: Quotation, t: Ticker | undefined): Quotation {
  if (!t) return q;
  return {
    ...q,
    now_price: t.now_price,
    change: t.change,
    high: t.high,
    low: t.low,
    volume: t.volume,
    index_price: t.index_price,
    index_time: t.index_time,
  };
}

/** Writes tickers into the live map (newest per symbol wins). */
export const pushTickersAtom = atom(null, (get, set, tickers: Ticker[]) => {
  const next = { ...get(liveTickersAtom) };
  for (const t of tickers) {
    const prev = next[t.symbol];
    if (!prev || prev.time <= t.time) next[t.symbol] = t;
  }
  set(liveTickersAtom, next);
});

/** Recent symbols searched and opened (newest first, at most 10). */
export const recentSearchesAtom = persisted<string[]>("marketRecentSearches", []);

/** The pair the trade tab opens without a ?symbol= (the last one traded; the boot script reads it too). */
export const lastSymbolAtom = persisted<string>(LAST_SYMBOL.key, LAST_SYMBOL.initial);

/** Chart preferences. */
export type Overlay = "MA" | "EMA" | "BOLL" | "none";
export type SubIndicator = "MACD" | "RSI" | "KDJ" | "none";
export const chartPeriodAtom = persisted<Period>("chartPeriod", "15min");
export const overlayAtom = persisted<Overlay>("chartOverlay", "MA");
export const subIndicatorAtom = persisted<SubIndicator>("chartSub", "none");
/** Whether the trade tab's chart is open (a trader may fold it away to keep orders in view). */
export const chartOpenAtom = persisted<boolean>("chartOpen", true);
