import { useEffect } from "react";
import type { StockQuotation } from "../../../../schema/api/stocks.ts";
import { read } from "../../lib/api.ts";
import { stocksRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";

export type { StockQuotation };

/** Stock prices move once a second while the market is open; the list is read again this often. */
const REFRESH_MS = 5_000;

/** GET /stocks/quotation: every stock pair with its price, change and session (open or closed, next change). */
export const stocksQuery: QueryDef<StockQuotation[]> = {
  key: [Q.stocks, "quotation"],
  load: () => read<StockQuotation[]>(stocksRead, { silent: true, background: true }),
};

/** The stock list, refreshed every REFRESH_MS while a component shows it. */
export function useStocks(options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  const query = useQuery(stocksQuery, { enabled });
  const { reload } = query;
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, reload]);
  return query;
}

/** The contract page of a stock pair ("AAPL/USDT" → "AAPL-USDT"). */
export const stockPath = (q: StockQuotation) => `/transaction/contract?symbol=${q.symbol.replace("/", "-")}`;
