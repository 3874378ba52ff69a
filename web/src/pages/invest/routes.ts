import type { PageRoute } from "../types.ts";

/** Dual products (the spec's invest pages): products and help are public; buying and one's orders need a session. */
export const investRoutes: PageRoute[] = [
  { path: "/invest/invest", load: () => import("./InvestPage.tsx") },
  { path: "/invest/purchase", load: () => import("./PurchasePage.tsx"), guard: true },
  { path: "/invest/mine", load: () => import("./MinePage.tsx"), guard: true },
  { path: "/invest/help", load: () => import("./HelpPage.tsx") },
];
