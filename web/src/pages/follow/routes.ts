import { tradersRead } from "../../features/follow/reads.ts";
import type { PageRoute } from "../types.ts";

/** Copy trading's follow pages (the spec's follow: index, trader, follow, agreement_zh, agreement_en). */
export const followRoutes: PageRoute[] = [
  { path: "/follow/index", load: () => import("./IndexPage.tsx"), guard: true, texts: ["follow", "fund"], reads: () => [tradersRead(1)] },
  { path: "/follow/trader", load: () => import("./TraderPage.tsx"), guard: true, texts: ["follow", "fund"] },
  { path: "/follow/follow", load: () => import("./FollowPage.tsx"), guard: true, texts: ["follow", "fund"] },
  { path: "/follow/agreement_en", load: () => import("./AgreementPage.tsx"), texts: ["follow"] },
  { path: "/follow/agreement_zh", load: () => import("./AgreementPage.tsx"), texts: ["follow"] },
];
