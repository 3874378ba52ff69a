import type { PageRoute } from "../types.ts";
import { CONSOLE_TEXTS } from "./console-texts.ts";

/** The operator console (the pages check the operator role; the worker checks it on every call). */
export const adminRoutes: PageRoute[] = [
  { path: "/admin", load: () => import("./AdminDashboardPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/deposits", load: () => import("./AdminDepositsPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "fund"] },
  { path: "/admin/withdrawals", load: () => import("./AdminWithdrawalsPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "fund"] },
  { path: "/admin/kyc", load: () => import("./AdminKycPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "kyc", "fund"] },
  { path: "/admin/users", load: () => import("./AdminUsersPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "kyc"] },
  { path: "/admin/users/:id", load: () => import("./AdminUserDetailPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "fund", "kyc"] },
  { path: "/admin/currencies", load: () => import("./AdminCurrenciesPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  {
    path: "/admin/deposit-addresses",
    load: () => import("./AdminDepositAddressesPage.tsx"),
    guard: true,
    texts: [...CONSOLE_TEXTS, "fund"],
  },
  { path: "/admin/audit", load: () => import("./AdminAuditPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/settings", load: () => import("./AdminSettingsPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/mining", load: () => import("./AdminMiningPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "adminProducts"] },
  { path: "/admin/ieo", load: () => import("./AdminIeoPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "adminProducts"] },
  { path: "/admin/dual", load: () => import("./AdminDualPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "adminProducts"] },
  { path: "/admin/support", load: () => import("./AdminSupportPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/support/:id", load: () => import("./AdminSupportChatPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "fund"] },
  { path: "/admin/seconds", load: () => import("./AdminSecondsPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/contracts", load: () => import("./AdminContractsPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "stocks"] },
  { path: "/admin/onramp", load: () => import("./AdminOnrampPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/activity", load: () => import("./AdminActivityPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/loans", load: () => import("./AdminLoansPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/quiz", load: () => import("./AdminQuizPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/nft", load: () => import("./AdminNftPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/nft-auctions", load: () => import("./AdminNftAuctionsPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/invite", load: () => import("./AdminInvitePage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "coupon"] },
  { path: "/admin/nft-box", load: () => import("./AdminNftBoxPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS] },
  { path: "/admin/traders", load: () => import("./AdminTradersPage.tsx"), guard: true, texts: [...CONSOLE_TEXTS, "fund"] },
];
