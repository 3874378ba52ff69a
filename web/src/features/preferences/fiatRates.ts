import { startTransition } from "react";
import type { FiatRate as ApiFiatRate } from "../../../../schema/api/content.ts";
import { get } from "../../lib/api.ts";
import { type QueryDef, queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { store } from "../../lib/ui.ts";
import { FIATS, fiatAtom, fiatsAtom, type FiatCode, type FiatRate } from "./atoms.ts";

/**
 * Loading the display-fiat rates (the spec's client state and supported fiats): GET
 * /fiat/rates when the stored list is empty or older than 24 h, and the chosen
 * fiat's stored rate follows the list. Kept apart from fiat.ts (useFiat) so
 * the app start does not load decimal.js for it.
 */
export const FIAT_REFRESH_MS = 24 * 60 * 60 * 1000;

export const isFiat = (code: string): code is FiatCode => (FIATS as readonly string[]).includes(code);
const USD: FiatRate = { currency_code: "USD", rate: "1" };
/** A positive canonical decimal (the server sends canonical strings). */
const POSITIVE = /^(?=.*[1-9])\d+(?:\.\d+)?$/;

/** Whether the stored list needs loading again. */
export function fiatsStale(list: FiatRate[], now = Date.now()): boolean {
  const saved = list[0]?.saveTime;
  return list.length === 0 || !saved || now - saved >= FIAT_REFRESH_MS || saved > now + 60_000;
}

/**
 * Loads the rates when stale and brings the chosen fiat's rate up to date; answers the
 * stored list (the rates live in persisted atoms, the cache only shares the request).
 */
export const fiatRatesQuery: QueryDef<FiatRate[]> = {
  key: [Q.fiatRates],
  load: async () => {
    try {
      if (fiatsStale(store.get(fiatsAtom))) {
        const rates = await get<ApiFiatRate[]>("/fiat/rates", undefined, { silent: true, background: true });
        const saveTime = Date.now();
        const list = rates
          .filter((r) => isFiat(r.currency_code) && POSITIVE.test(r.rate))
          .map((r) => ({ currency_code: r.currency_code as FiatCode, rate: r.rate, saveTime }));
        // Every figure shown in fiat renders again: as a transition, in slices, not one long task on a first visit.
        if (list.length > 0) startTransition(() => store.set(fiatsAtom, list));
      }
    } catch {
      // offline or the server failed: the stored rates stay, and the next start tries again
    } finally {
      startTransition(syncChosenFiat);
    }
    return store.get(fiatsAtom);
  },
};

/** The rates, refreshed when stale; calls made while one is running share it. */
export const refreshFiats = (): Promise<FiatRate[]> => queryClient.fetch(fiatRatesQuery.key, fiatRatesQuery.load);

/** Keeps the chosen fiat's stored rate equal to the list's; a fiat the list lacks falls back to USD. */
function syncChosenFiat(): void {
  const list = store.get(fiatsAtom);
  if (list.length === 0) return;
  const chosen = store.get(fiatAtom);
  const match = list.find((r) => r.currency_code === chosen.currency_code);
  const next = match ?? list.find((r) => r.currency_code === "USD") ?? USD;
  if (next.currency_code !== chosen.currency_code || next.rate !== chosen.rate || next.saveTime !== chosen.saveTime)
    store.set(fiatAtom, next);
}

/** Checks once at start and then hourly, so an app left open for days still refreshes daily. */
export function startFiatRefresh(): void {
  void refreshFiats();
  setInterval(() => void refreshFiats(), 60 * 60 * 1000);
}
