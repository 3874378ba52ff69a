import type { PageRoute } from "../types.ts";

/** The account centre and its pages; all need a session. */
export const settingRoutes: PageRoute[] = [
  { path: "/setting/setting", load: () => import("./SettingPage.tsx"), guard: true, texts: ["setting", "support"] },
  { path: "/setting/userInfo", load: () => import("./UserInfoPage.tsx"), guard: true, texts: ["setting"] },
  { path: "/setting/security", load: () => import("./SecurityPage.tsx"), guard: true, texts: ["setting", "security"] },
  { path: "/setting/password", load: () => import("./PasswordPage.tsx"), guard: true, texts: ["setting"] },
  { path: "/setting/payPassword", load: () => import("./PayPasswordPage.tsx"), guard: true, texts: ["setting", "security"] },
];
