import { homeReads } from "../../features/content/reads.ts";
import type { PageRoute } from "../types.ts";

export const commonRoutes: PageRoute[] = [
  { path: "/", load: () => import("./HomePage.tsx"), tab: true, reads: homeReads },
  { path: "/article/:id", load: () => import("./ArticlePage.tsx"), texts: ["content"] },
  { path: "/news", load: () => import("./NewsListPage.tsx"), texts: ["content"] },
  { path: "/faq", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/contactus", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/aboutus", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/setting/operational_compliance", load: () => import("./CmsPage.tsx"), texts: ["content"] },
  { path: "/webView", load: () => import("./WebViewPage.tsx"), texts: ["content", "security"] },
];
