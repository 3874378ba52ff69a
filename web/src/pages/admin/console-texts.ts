import type { LazyArea } from "../../locales/lazy-areas.ts";

/** The text areas the console's frame uses (its menu names every product's console page). */
export const CONSOLE_TEXTS = [
  "activity",
  "admin",
  "borrowing",
  "contract",
  "earn",
  "follow",
  "guess",
  "invest",
  "invite",
  "nft",
  "nftAuction",
  "nftBox",
  "onramp",
  "seconds",
  "security",
  "support",
] as const satisfies readonly LazyArea[];
