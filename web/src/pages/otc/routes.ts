import type { PageRoute } from "../types.ts";

/** Buy crypto (the spec's otc page): the form is public (it asks to log in), orders need a session. */
export const otcRoutes: PageRoute[] = [
  { path: "/otc/otc", load: () => import("./OtcPage.tsx") },
  { path: "/otc/order", load: () => import("./OtcOrderPage.tsx"), guard: true },
  { path: "/otc/orders", load: () => import("./OtcOrdersPage.tsx"), guard: true },
];
