import type { Opening } from "../../pages/types.ts";
import type { EarlyRead } from "../../lib/api.ts";
import { coinsRead, walletRead } from "../wallet/reads.ts";

/** Loan reads the first screen waits for, named once for the fetchers and the boot script (no schema imports). */
export const loanTermsRead: EarlyRead = { path: "/loan/config" };
export const eligibilityRead: EarlyRead = { path: "/loan/eligibility" };

/** The loans page's first screen: the terms, and for a signed-in visitor the eligibility, balances and coins. */
export const loansReads = ({ signedIn }: Opening): EarlyRead[] =>
  signedIn ? [loanTermsRead, eligibilityRead, walletRead, coinsRead] : [loanTermsRead];
