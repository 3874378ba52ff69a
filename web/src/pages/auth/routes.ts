import type { PageRoute } from "../types.ts";

/** Log-in, sign-up, password reset and the area-code picker. */
export const authRoutes: PageRoute[] = [
  { path: "/login", load: () => import("./LoginPage.tsx") },
  { path: "/register", load: () => import("./RegisterPage.tsx") },
  { path: "/forget", load: () => import("./ForgetPage.tsx") },
  { path: "/area", load: () => import("./AreaPage.tsx") },
];
