import { type PagedList, usePagedList } from "../../hooks/usePagedList.ts";
import type { AccountName } from "./accounts.ts";
import { fetchLedger, type LedgerRecord } from "./api.ts";

export const LEDGER_PAGE_SIZE = 20;

/** What a ledger list shows: every coin unless `currency`, every account unless `account`, every kind unless `kind`. */
export type LedgerFilter = { currency?: number; account?: AccountName; kind?: string };

/** The caller's ledger entries, newest first, page by page from POST /wallet/legal_log. */
export function useLedger(filter: LedgerFilter): PagedList<LedgerRecord> {
  const { currency, account, kind } = filter;
  return usePagedList(
    async (page) => {
      const answer = await fetchLedger({ currency, account, kind, page, limit: LEDGER_PAGE_SIZE });
      return { items: answer.list, hasMore: page < answer.pages };
    },
    [currency, account, kind],
  );
}
