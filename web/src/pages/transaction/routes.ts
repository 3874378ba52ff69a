import type { PageRoute } from "../types.ts";

/** Spot trading: the trade tab, the user's orders and coin conversion (fund/transfer lives here, not in the fund area). */
export const transactionRoutes: PageRoute[] = [
  { path: "/transaction/currency", load: () => import("./TradePage.tsx"), tab: true },
  { path: "/transaction/currency_order", load: () => import("./OrdersPage.tsx"), guard: true },
  { path: "/fund/transfer", load: () => import("./TransferPage.tsx"), guard: true },
  // Seconds contracts: the trade tab's seconds mode, the orders, and the public price trail they settle on.
  { path: "/transaction/index", load: () => import("./TradePage.tsx"), tab: true },
  { path: "/transaction/seconds_order", load: () => import("./SecondsOrdersPage.tsx"), guard: true },
  { path: "/transaction/price_trail", load: () => import("./PriceTrailPage.tsx") },
  { path: "/transaction/contract", load: () => import("./ContractPage.tsx") },
  { path: "/transaction/contract_order", load: () => import("./ContractOrdersPage.tsx"), guard: true },
];
