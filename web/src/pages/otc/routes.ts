import type { PageRoute } from "../types.ts";

/** Buy crypto (the spec's otc page): the form is public (it asks to log in), orders need a session. */
export const otcRoutes: PageRoute[] = [
  { path: "/otc/otc", load: () => import("./OtcPage.tsx"), texts: ["onramp", "fund"] },
  { path: "/otc/order", load: () => import("./OtcOrderPage.tsx"), guard: true, texts: ["onramp"] },
  { path: "/otc/orders", load: () => import("./OtcOrdersPage.tsx"), guard: true, texts: ["onramp", "fund"] },
];
