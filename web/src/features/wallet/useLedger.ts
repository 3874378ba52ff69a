import { useAtomValue } from "jotai";
import { Q } from "../../lib/query/keys.ts";
import { type PagedList, usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { tokenAtom } from "../session/atoms.ts";
import type { AccountName } from "./accounts.ts";
import { fetchLedger, type LedgerRecord } from "./api.ts";

export const LEDGER_PAGE_SIZE = 20;

/** What a ledger list shows: every coin unless `currency`, every account unless `account`, every kind unless `kind`. */
export type LedgerFilter = { currency?: number; account?: AccountName; kind?: string };

/** The caller's ledger entries, newest first, page by page from POST /wallet/legal_log (read again after any balance change). */
export function useLedger(filter: LedgerFilter): PagedList<LedgerRecord> {
  const { currency, account, kind } = filter;
  const owner = useAtomValue(tokenAtom);
  return usePagedQuery([Q.ledger, owner, currency ?? null, account ?? null, kind ?? null], async (page) => {
    const answer = await fetchLedger({ currency, account, kind, page, limit: LEDGER_PAGE_SIZE });
    return { items: answer.list, hasMore: page < answer.pages };
  });
}
