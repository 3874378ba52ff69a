import { DEFAULT_LANG, isLang, type Lang } from "../../../schema/api/lang.ts";
import { sendEarly } from "../lib/api.ts";
import { loadOnce } from "../lib/load-once.ts";
import { readStored, STORED_LANG, STORED_TOKEN, type Stored } from "../lib/stored.ts";
import { loadAreaTexts, loadStartupTexts } from "../locales/loaders.ts";
import { pageRoutes } from "../pages/routes.ts";
import type { PageRoute } from "../pages/types.ts";
import { routeOf } from "./route-match.ts";

/**
 * The page a first visit opens, started before the app's code has arrived. The boot script (boot/entry.ts) runs this
 * while the browser is still downloading the app's chunk (index.html asks for it beside the entry), so the page's
 * chunk, its parts, its texts and the API reads its first screen waits for download beside the app instead of after
 * it: each step of that chain costs a round trip on a phone's network. No React, router or i18next here, so the entry
 * stays a few kilobytes.
 */

export type Opened = {
  route?: PageRoute;
  /** Settles when the page's chunk and parts are in, or failed (the page's own load then shows the failure). */
  loaded: Promise<void>;
};

let opened: Opened = { loaded: Promise.resolve() };

/** Starts loading what the page at `hash` needs, for the visitor whose storage this is. */
export function startOpening(hash: string, storage: Storage): Opened {
  const { route, query } = routeOf(hash, pageRoutes);
  const stored = <T>(value: Stored<T>) => readStored(storage, value);
  const storedLang = stored(STORED_LANG);
  const lang: Lang = isLang(storedLang) ? storedLang : DEFAULT_LANG;
  const token = stored(STORED_TOKEN);
  void loadStartupTexts(lang).catch(() => undefined); // i18n reports a failure when it loads them itself
  if (!route) return (opened = { loaded: Promise.resolve() });
  for (const area of route.texts ?? []) void loadAreaTexts(lang, area).catch(() => undefined);
  // A guarded page without a session shows the log-in prompt: its reads would only be refused.
  if (!route.guard || token)
    for (const read of route.reads?.({ query, stored, signedIn: token !== "" }) ?? []) sendEarly(read, lang, token);
  const chunks = [route.load, ...(route.parts ?? [])].map((load) => loadOnce(load).catch(() => undefined));
  return (opened = { route, loaded: Promise.all(chunks).then(() => undefined) });
}

/** What startOpening started: main.tsx waits for it before the first render. */
export const openedPage = (): Opened => opened;
