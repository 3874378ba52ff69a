import { walletRead } from "../../features/wallet/reads.ts";
import type { PageRoute } from "../types.ts";

/** The assets tab and the money pages; all need a session. */
export const fundRoutes: PageRoute[] = [
  {
    path: "/fund/assets",
    load: () => import("./AssetsPage.tsx"),
    tab: true,
    guard: true,
    texts: ["fund", "earn", "invest", "borrowing"],
    reads: () => [walletRead],
  },
  { path: "/fund/select", load: () => import("./SelectPage.tsx"), guard: true, texts: ["fund"] },
  { path: "/fund/receive", load: () => import("./ReceivePage.tsx"), guard: true, texts: ["fund", "support"] },
  { path: "/fund/receive_withdraw_record", load: () => import("./RecordsPage.tsx"), guard: true, texts: ["fund"] },
  { path: "/fund/withdraw", load: () => import("./WithdrawPage.tsx"), guard: true, texts: ["fund", "security", "setting"] },
  { path: "/fund/assets_record", load: () => import("./AssetsRecordPage.tsx"), guard: true, texts: ["fund"] },
  { path: "/fund/assets_all_record", load: () => import("./AllRecordsPage.tsx"), guard: true, texts: ["fund"] },
  { path: "/fund/fundTransfer", load: () => import("./FundTransferPage.tsx"), guard: true, texts: ["fund"] },
  { path: "/fund/transfer_history", load: () => import("./TransferHistoryPage.tsx"), guard: true, texts: ["fund"] },
];
