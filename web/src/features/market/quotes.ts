import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect } from "react";
import type { Quotation, QuotationGroup } from "../../../../schema/api/market.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import type { ApiFailure } from "../../lib/api.ts";
import { addFavourite, fetchFavourites, fetchQuotationGroups, removeFavourite } from "./api.ts";
import { favouritesAtom, liveGroupsAtom, pushTickersAtom, quoteGroupsAtom } from "./atoms.ts";
import { subscribeTickers } from "./realtime.ts";

export type LiveQuotes = {
  groups: QuotationGroup[] | null;
  error: ApiFailure | undefined;
  loading: boolean;
  reload: () => void;
};

/**
 * Every pair with its live ticker: GET /currency/quotation_new on mount (the last
 * answer paints at once on a revisit), then the ALL room's tickers laid over it
 * without reloading.
 */
export function useLiveQuotes(): LiveQuotes {
  const groups = useAtomValue(liveGroupsAtom);
  const setGroups = useSetAtom(quoteGroupsAtom);
  const pushTickers = useSetAtom(pushTickersAtom);
  const query = useQuery(async () => {
    const answer = await fetchQuotationGroups();
    setGroups(answer);
    return answer;
  }, [setGroups]);
  useEffect(() => subscribeTickers(pushTickers), [pushTickers]);
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

/**
 * The logged-in user's favourites (match id → favourite id) and a toggle.
 * Without a token there are none; `toggle` then reports "login" so the page can prompt.
 */
export function useFavourites(token: string) {
  const favourites = useAtomValue(favouritesAtom);
  const setFavourites = useSetAtom(favouritesAtom);
  const query = useQuery(async () => {
    const map = token ? new Map((await fetchFavourites()).map((f) => [f.currency_id, f.id])) : new Map<number, number>();
    setFavourites(map);
    return map;
  }, [token, setFavourites]);

  const toggle = useCallback(
    async (matchId: number): Promise<"login" | "added" | "removed" | "failed"> => {
      if (!token) return "login";
      const current = favourites?.get(matchId);
      try {
        if (current !== undefined) {
          await removeFavourite(current);
          setFavourites((m) => {
            const next = new Map(m);
            next.delete(matchId);
            return next;
          });
          return "removed";
        }
        const added = await addFavourite(matchId);
        setFavourites((m) => new Map(m).set(matchId, added.id));
        return "added";
      } catch {
        return "failed";
      }
    },
    [token, favourites, setFavourites],
  );

  return { favourites: token ? favourites : new Map<number, number>(), error: query.error, reload: query.reload, toggle };
}
