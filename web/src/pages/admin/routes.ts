import type { PageRoute } from "../types.ts";

/** The operator console (the pages check the operator role; the worker checks it on every call). */
export const adminRoutes: PageRoute[] = [
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
  { path: "/admin/mining", load: () => import("./AdminMiningPage.tsx"), guard: true },
  { path: "/admin/ieo", load: () => import("./AdminIeoPage.tsx"), guard: true },
  { path: "/admin/dual", load: () => import("./AdminDualPage.tsx"), guard: true },
  { path: "/admin/support", load: () => import("./AdminSupportPage.tsx"), guard: true },
  { path: "/admin/support/:id", load: () => import("./AdminSupportChatPage.tsx"), guard: true },
  { path: "/admin/seconds", load: () => import("./AdminSecondsPage.tsx"), guard: true },
  { path: "/admin/contracts", load: () => import("./AdminContractsPage.tsx"), guard: true },
  { path: "/admin/onramp", load: () => import("./AdminOnrampPage.tsx"), guard: true },
  { path: "/admin/activity", load: () => import("./AdminActivityPage.tsx"), guard: true },
  { path: "/admin/traders", load: () => import("./AdminTradersPage.tsx"), guard: true },
];
