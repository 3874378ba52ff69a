import type { PageRoute } from "../types.ts";

export const commonRoutes: PageRoute[] = [
  { path: "/", load: () => import("./HomePage.tsx"), tab: true },
  { path: "/article/:id", load: () => import("./ArticlePage.tsx") },
  { path: "/news", load: () => import("./NewsListPage.tsx") },
  { path: "/faq", load: () => import("./CmsPage.tsx") },
  { path: "/contactus", load: () => import("./CmsPage.tsx") },
  { path: "/aboutus", load: () => import("./CmsPage.tsx") },
  { path: "/setting/operational_compliance", load: () => import("./CmsPage.tsx") },
  { path: "/webView", load: () => import("./WebViewPage.tsx") },
];
