import type { ComponentType } from "react";
import type { EarlyRead } from "../lib/api.ts";
import type { Stored } from "../lib/stored.ts";
import type { LazyArea } from "../locales/lazy-areas.ts";

/**
 * A page in the hash router. Pages load on demand (route-level code splitting).
 * `tab`: shown with the bottom navigation. `guard`: needs a session (log-in prompt otherwise).
 * `texts`: the lazy text areas the page's own file asks for (useTexts); when the page is opened directly they download
 * beside its chunk, so its first render need not wait for them (tests/unit/page-routes.test.ts keeps the list complete).
 * `parts`: the loaders of components the page loads on demand but shows at once (lib/preloadable.tsx): they load beside it
 * too.
 * `reads`: the API reads its first screen waits for, sent by the boot script beside the page's chunk (boot/first-page.ts).
 */
export type PageRoute = {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  tab?: boolean;
  guard?: boolean;
  texts?: readonly LazyArea[];
  parts?: readonly (() => Promise<unknown>)[];
  reads?: (opening: Opening) => readonly EarlyRead[];
};

/** What a route's early reads may depend on: the URL's query and what the visitor's storage holds. */
export type Opening = {
  query: URLSearchParams;
  /** Whether the visitor has a stored session (reads of one's own data need it). */
  signedIn: boolean;
  /** A persisted value, as the app's atom made from the same key reads it. */
  stored: <T>(value: Stored<T>) => T;
};
