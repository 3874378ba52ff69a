import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useMemo } from "react";
import type { Quotation, QuotationGroup } from "../../../../schema/api/market.ts";
import type { ApiFailure } from "../../lib/api.ts";
import { type QueryDef, queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { addFavourite, fetchFavourites, fetchQuotationGroups, removeFavourite } from "./api.ts";
import { applyTickers, liveTickersAtom, pushTickersAtom } from "./atoms.ts";
import { subscribeTickers } from "./realtime.ts";

export type LiveQuotes = {
  groups: QuotationGroup[] | null;
  error: ApiFailure | undefined;
  loading: boolean;
  reload: () => void;
};

/** GET /currency/quotation_new: every pair by quote coin (the cached answer paints at once on a revisit). */
export const quotationsQuery: QueryDef<QuotationGroup[]> = { key: [Q.quotations], load: fetchQuotationGroups };

/** Every pair with its live ticker: the quotation list, then the ALL room's tickers laid over it without reloading. */
export function useLiveQuotes(): LiveQuotes {
  const query = useQuery(quotationsQuery);
  const live = useAtomValue(liveTickersAtom);
  const pushTickers = useSetAtom(pushTickersAtom);
  useEffect(() => subscribeTickers(pushTickers), [pushTickers]);
  const groups = useMemo(() => (query.data ? applyTickers(query.data, live) : null), [query.data, live]);
  return { groups, error: query.error, loading: query.loading, reload: query.reload };
}

/** Every pair of every group, in the server's order. */
export const allPairs = (groups: QuotationGroup[] | null): Quotation[] => groups?.flatMap((g) => g.quotation) ?? [];

/** Pairs whose symbol contains the query ("btc", "btc/u", "usdt"); the base coin's prefix matches first. */
export function matchPairs(pairs: Quotation[], query: string): Quotation[] {
  const q = query.trim().toUpperCase().replace("-", "/");
  if (!q) return [];
  const hits = pairs.filter((p) => p.symbol.includes(q) || p.currency_name.includes(q));
  return hits.sort((a, b) => Number(!a.symbol.startsWith(q)) - Number(!b.symbol.startsWith(q)));
}

/** A pair by "BTC/USDT" or "BTC-USDT". */
export function findPair(groups: QuotationGroup[] | null, symbol: string): Quotation | undefined {
  const wanted = symbol.toUpperCase().replace("-", "/");
  return allPairs(groups).find((q) => q.symbol === wanted);
}

/** The logged-in user's favourites: favourite id by match id. */
export const favouritesQuery = (owner: string): QueryDef<Map<number, number>> => ({
  key: [Q.favourites, owner],
  load: async () => new Map((await fetchFavourites()).map((f) => [f.currency_id, f.id])),
});

/**
 * The logged-in user's favourites (match id → favourite id) and a toggle.
 * Without a token there are none; `toggle` then reports "login" so the page can prompt.
 */
export function useFavourites(token: string) {
  const def = favouritesQuery(token);
  const query = useQuery(def, { enabled: !!token });
  const favourites = query.data;

  const toggle = useCallback(
    async (matchId: number): Promise<"login" | "added" | "removed" | "failed"> => {
      if (!token) return "login";
      const key = favouritesQuery(token).key;
      const current = favourites?.get(matchId);
      try {
        if (current !== undefined) {
          await removeFavourite(current);
          queryClient.setData<Map<number, number>>(key, (m) => {
            const next = new Map(m);
            next.delete(matchId);
            return next;
          });
          return "removed";
        }
        const added = await addFavourite(matchId);
        queryClient.setData<Map<number, number>>(key, (m) => new Map(m).set(matchId, added.id));
        return "added";
      } catch {
        return "failed";
      }
    },
    [token, favourites],
  );

  return { favourites: token ? (favourites ?? null) : new Map<number, number>(), error: query.error, reload: query.reload, toggle };
}
