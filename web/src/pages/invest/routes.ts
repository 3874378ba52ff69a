import { DUAL_COINS, dualProductsRead } from "../../features/earn/reads.ts";
import type { PageRoute } from "../types.ts";

/** Dual products (the spec's invest pages): products and help are public; buying and one's orders need a session. */
export const investRoutes: PageRoute[] = [
  {
    path: "/invest/invest",
    load: () => import("./InvestPage.tsx"),
    texts: ["invest", "fund"],
    reads: () => [dualProductsRead(DUAL_COINS[0].id, "call")],
  },
  { path: "/invest/purchase", load: () => import("./PurchasePage.tsx"), guard: true, texts: ["invest"] },
  { path: "/invest/mine", load: () => import("./MinePage.tsx"), guard: true, texts: ["invest", "fund"] },
  { path: "/invest/help", load: () => import("./HelpPage.tsx"), texts: ["invest"] },
];
