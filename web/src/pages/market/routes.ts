import { quotationsRead } from "../../features/market/reads.ts";
import type { PageRoute } from "../types.ts";

/** The quotes tab and the pair search. */
export const marketRoutes: PageRoute[] = [
  { path: "/market", load: () => import("./MarketPage.tsx"), tab: true, texts: ["stocks"], reads: () => [quotationsRead] },
  { path: "/market/search", load: () => import("./SearchPage.tsx") },
];
