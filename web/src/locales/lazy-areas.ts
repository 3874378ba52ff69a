/**
 * Text areas loaded only when a component that needs them renders (useTexts), not with the app: each is used by a
 * few pages only, and every area loaded at start-up counts against every route's first-load budget.
 * tests/unit/locales.test.ts checks that every file using one of these areas' keys calls useTexts with it.
 */
export const LAZY_AREAS = [
  "admin",
  "earn",
  "invest",
  "kyc",
  "support",
  "messages",
  "seconds",
  "contract",
  "onramp",
  "setting",
  "security",
  "content",
  "fund",
  "stocks",
  "activity",
  "borrowing",
  "guess",
  "nft",
  "nftAuction",
  "invite",
  "coupon",
  "nftBox",
  "follow",
  "adminProducts",
] as const;

export type LazyArea = (typeof LAZY_AREAS)[number];

export const isLazyArea = (area: string): area is LazyArea => (LAZY_AREAS as readonly string[]).includes(area);
