import { miningConfigsRead } from "../../features/earn/reads.ts";
import type { PageRoute } from "../types.ts";

/** Lock mining (the spec's lockming pages): the offer and its help are public; buying and orders need a session. */
export const lockmingRoutes: PageRoute[] = [
  { path: "/lockming/lockming", load: () => import("./LockmingPage.tsx"), texts: ["earn"], reads: () => [miningConfigsRead] },
  { path: "/lockming/welcome", load: () => import("./WelcomePage.tsx"), texts: ["earn"] },
  { path: "/lockming/buy", load: () => import("./BuyPage.tsx"), guard: true, texts: ["earn", "fund"] },
  { path: "/lockming/order", load: () => import("./OrderPage.tsx"), guard: true, texts: ["earn", "fund"] },
];
