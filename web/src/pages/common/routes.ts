import { CATEGORY, HOME_BANNERS, HOME_NOTICES, menuRead, newsRead } from "../../features/content/reads.ts";
import type { PageRoute } from "../types.ts";

/** Home's first screen: the banners (its largest paint), the notices and the menu grid. */
const banners = newsRead(CATEGORY.banner, HOME_BANNERS.page, HOME_BANNERS.limit);
const notices = newsRead(CATEGORY.news, HOME_NOTICES.page, HOME_NOTICES.limit);

export const commonRoutes: PageRoute[] = [
  { path: "/", load: () => import("./HomePage.tsx"), tab: true, reads: () => [banners, notices, menuRead] },
  { path: "/article/:id", load: () => import("./ArticlePage.tsx"), texts: ["content"] },
  { path: "/news", load: () => import("./NewsListPage.tsx"), texts: ["content"] },
  { path: "/faq", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/contactus", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/aboutus", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/setting/operational_compliance", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/webView", load: () => import("./WebViewPage.tsx"), texts: ["content", "security"] },
];
