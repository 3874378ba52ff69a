import { loadArea } from "../../lib/i18n.ts";
import type { PageRoute } from "../types.ts";

/**
 * The operator console (the pages check the operator role; the worker checks it on every call). Its texts are not
 * part of a first visit: each page loads them with its code.
 */
const consolePages: PageRoute[] = [
  { path: "/admin", load: () => import("./AdminDashboardPage.tsx"), guard: true },
  { path: "/admin/deposits", load: () => import("./AdminDepositsPage.tsx"), guard: true },
  { path: "/admin/withdrawals", load: () => import("./AdminWithdrawalsPage.tsx"), guard: true },
  { path: "/admin/kyc", load: () => import("./AdminKycPage.tsx"), guard: true },
  { path: "/admin/users", load: () => import("./AdminUsersPage.tsx"), guard: true },
  { path: "/admin/users/:id", load: () => import("./AdminUserDetailPage.tsx"), guard: true },
  { path: "/admin/currencies", load: () => import("./AdminCurrenciesPage.tsx"), guard: true },
  { path: "/admin/deposit-addresses", load: () => import("./AdminDepositAddressesPage.tsx"), guard: true },
  { path: "/admin/audit", load: () => import("./AdminAuditPage.tsx"), guard: true },
  { path: "/admin/settings", load: () => import("./AdminSettingsPage.tsx"), guard: true },
];

export const adminRoutes: PageRoute[] = consolePages.map((route) => ({
  ...route,
  load: () => Promise.all([route.load(), loadArea("admin")]).then(([page]) => page),
}));
