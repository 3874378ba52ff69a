import type { PageRoute } from "../types.ts";
import { contractReads, tradeReads } from "./first-reads.ts";
import { loadSecondsPanel } from "./seconds-panel.ts";

/** Spot trading: the trade tab, the user's orders and coin conversion (fund/transfer lives here, not in the fund area). */
export const transactionRoutes: PageRoute[] = [
  { path: "/transaction/currency", load: () => import("./TradePage.tsx"), tab: true, reads: tradeReads },
  { path: "/transaction/currency_order", load: () => import("./OrdersPage.tsx"), guard: true },
  { path: "/fund/transfer", load: () => import("./TransferPage.tsx"), guard: true, texts: ["fund"] },
  // Seconds contracts: the trade tab's seconds mode, the orders, and the public price trail they settle on.
  {
    path: "/transaction/index",
    load: () => import("./TradePage.tsx"),
    tab: true,
    parts: [loadSecondsPanel],
    texts: ["seconds"],
    reads: tradeReads,
  },
  { path: "/transaction/seconds_order", load: () => import("./SecondsOrdersPage.tsx"), guard: true, texts: ["seconds"] },
  { path: "/transaction/price_trail", load: () => import("./PriceTrailPage.tsx"), texts: ["seconds"] },
  { path: "/transaction/contract", load: () => import("./ContractPage.tsx"), texts: ["stocks", "contract"], reads: contractReads },
  { path: "/transaction/contract_order", load: () => import("./ContractOrdersPage.tsx"), guard: true, texts: ["contract"] },
];
