import type { PageRoute } from "../types.ts";

/** The account centre and its pages; all need a session. */
export const settingRoutes: PageRoute[] = [
  { path: "/setting/setting", load: () => import("./SettingPage.tsx"), guard: true },
  { path: "/setting/userInfo", load: () => import("./UserInfoPage.tsx"), guard: true },
  { path: "/setting/security", load: () => import("./SecurityPage.tsx"), guard: true },
  { path: "/setting/password", load: () => import("./PasswordPage.tsx"), guard: true },
  { path: "/setting/payPassword", load: () => import("./PayPasswordPage.tsx"), guard: true },
];
