import type { PageRoute } from "../types.ts";

export const commonRoutes: PageRoute[] = [
  { path: "/", load: () => import("./HomePage.tsx"), tab: true },
];
