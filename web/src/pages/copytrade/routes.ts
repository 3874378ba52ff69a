import type { PageRoute } from "../types.ts";

/** Copy trading's own pages (the spec's copytrade: copy, my, trader). */
export const copytradeRoutes: PageRoute[] = [
  { path: "/copytrade/copy", load: () => import("../follow/IndexPage.tsx"), guard: true, texts: ["follow", "fund"] },
  { path: "/copytrade/my", load: () => import("./MyPage.tsx"), guard: true, texts: ["follow", "contract", "fund"] },
  { path: "/copytrade/trader", load: () => import("./TraderApplyPage.tsx"), guard: true, texts: ["follow"] },
];
