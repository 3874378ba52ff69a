import type { ComponentType } from "react";
import type { LazyArea } from "../locales/lazy-areas.ts";

/**
 * A page in the hash router. Pages load on demand (route-level code splitting).
 * `tab`: shown with the bottom navigation. `guard`: needs a session (log-in prompt otherwise).
 * `texts`: the lazy text areas the page's own file asks for (useTexts); when the page is opened directly they download
 * beside its chunk, so its first render need not wait for them (tests/unit/page-routes.test.ts keeps the list complete).
 * `parts`: components the page loads on demand but shows at once (lib/preloadable.tsx): they load beside it too.
 */
export type PageRoute = {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  tab?: boolean;
  guard?: boolean;
  texts?: readonly LazyArea[];
  parts?: readonly { preload: () => Promise<unknown> }[];
};
