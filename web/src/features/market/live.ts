import type { Candle, PublicTrade } from "../../../../schema/api/market.ts";

/** How a market's live frames are laid over what was read (pure, so pages and tests share them). */

/** Trades merged by id, newest first, at most `keep`. */
export function mergeTrades(current: PublicTrade[] | null | undefined, incoming: PublicTrade[], keep = 30): PublicTrade[] {
  const byId = new Map<string, PublicTrade>();
  for (const tr of [...incoming, ...(current ?? [])]) if (!byId.has(tr.id)) byId.set(tr.id, tr);
  return [...byId.values()].sort((a, b) => b.time - a.time).slice(0, keep);
}

/** The most candles a chart keeps (a day of 1-minute bars). */
export const MAX_CANDLES = 1440;

/** A candle merged into the list (oldest first): the current bar replaced, a newer one appended, an older one ignored. */
export function mergeCandle(list: Candle[], candle: Candle): Candle[] {
  const last = list.at(-1);
  if (!last || candle.time > last.time) return [...list, candle].slice(-MAX_CANDLES);
  if (candle.time === last.time) return [...list.slice(0, -1), candle];
  return list;
}
