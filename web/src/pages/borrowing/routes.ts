import { eligibilityRead, loanTermsRead } from "../../features/loans/reads.ts";
import { coinsRead, walletRead } from "../../features/wallet/reads.ts";
import type { PageRoute } from "../types.ts";

/** OTC loans (the spec's borrowing page): the terms are public; applying and the loans need a session. */
export const borrowingRoutes: PageRoute[] = [
  {
    path: "/borrowing",
    load: () => import("./BorrowingPage.tsx"),
    texts: ["borrowing", "fund"],
    reads: (o) => (o.signedIn ? [loanTermsRead, eligibilityRead, walletRead, coinsRead] : [loanTermsRead]),
  },
  { path: "/borrowing/loans", load: () => import("./LoansPage.tsx"), guard: true, texts: ["borrowing", "fund"] },
  { path: "/borrowing/loan", load: () => import("./LoanPage.tsx"), guard: true, texts: ["borrowing"] },
];
