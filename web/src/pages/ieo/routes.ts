import { projectsRead } from "../../features/earn/reads.ts";
import type { PageRoute } from "../types.ts";

/** IEO (the spec's ieo pages): projects are public; subscribing and one's subscriptions need a session. */
export const ieoRoutes: PageRoute[] = [
  { path: "/ieo/ieo", load: () => import("./IeoPage.tsx"), texts: ["earn", "fund"], reads: () => [projectsRead("", 1)] },
  { path: "/ieo/subscribe", load: () => import("./SubscribePage.tsx"), texts: ["earn", "fund"] },
  { path: "/ieo/order", load: () => import("./IeoOrderPage.tsx"), guard: true, texts: ["earn", "fund"] },
];
