import { dualReads } from "../../features/earn/reads.ts";
import type { PageRoute } from "../types.ts";

/** Dual products (the spec's invest pages): products and help are public; buying and one's orders need a session. */
export const investRoutes: PageRoute[] = [
  { path: "/invest/invest", load: () => import("./InvestPage.tsx"), texts: ["invest", "fund"], reads: dualReads },
  { path: "/invest/purchase", load: () => import("./PurchasePage.tsx"), guard: true, texts: ["invest"] },
  { path: "/invest/mine", load: () => import("./MinePage.tsx"), guard: true, texts: ["invest", "fund"] },
  { path: "/invest/help", load: () => import("./HelpPage.tsx"), texts: ["invest"] },
];
