import type { PageRoute } from "../types.ts";

/** The money-related settings: identity verification, bank cards, withdrawal addresses, bill. */
export const settingMoneyRoutes: PageRoute[] = [
  { path: "/setting/real", load: () => import("./RealPage.tsx"), guard: true, texts: ["kyc", "fund"] },
  { path: "/setting/real_mark", load: () => import("./RealMarkPage.tsx"), guard: true, texts: ["kyc"] },
  { path: "/setting/bank", load: () => import("./BankCardPage.tsx"), guard: true, texts: ["fund", "support"] },
  { path: "/setting/bank_international", load: () => import("./BankInternationalPage.tsx"), guard: true, texts: ["fund", "support"] },
  { path: "/setting/wallet", load: () => import("./WalletAddressesPage.tsx"), guard: true, texts: ["fund", "security"] },
  { path: "/setting/addWallet", load: () => import("./AddWalletPage.tsx"), guard: true, texts: ["fund", "security"] },
  { path: "/setting/bill", load: () => import("./BillPage.tsx"), guard: true, texts: ["fund"] },
];
