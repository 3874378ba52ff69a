import type { PageRoute } from "../types.ts";

/** Activities (the spec's activity pages) and the download page; the activities are the caller's own, so they need a session. */
export const activityRoutes: PageRoute[] = [
  { path: "/activity/activity", load: () => import("./ActivityPage.tsx"), guard: true, texts: ["activity"] },
  { path: "/activity/vip", load: () => import("./VipPage.tsx"), guard: true, texts: ["activity"] },
  { path: "/activity/lovers", load: () => import("./LoversPage.tsx"), guard: true, texts: ["activity"] },
  { path: "/downLoad_new", load: () => import("./DownloadPage.tsx"), texts: ["activity"] },
];
