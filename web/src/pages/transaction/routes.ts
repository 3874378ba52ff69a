import type { PageRoute } from "../types.ts";

/** Spot trading: the trade tab, the user's orders and coin conversion (fund/transfer lives here, not in the fund area). */
export const transactionRoutes: PageRoute[] = [
  { path: "/transaction/currency", load: () => import("./TradePage.tsx"), tab: true },
  { path: "/transaction/currency_order", load: () => import("./OrdersPage.tsx"), guard: true },
  { path: "/fund/transfer", load: () => import("./TransferPage.tsx"), guard: true },
  { path: "/transaction/contract", load: () => import("./ContractPage.tsx") },
  { path: "/transaction/contract_order", load: () => import("./ContractOrdersPage.tsx"), guard: true },
];
