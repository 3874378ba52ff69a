import type { EarlyRead } from "../../lib/api.ts";

/** Loan reads the first screen waits for, named once for the fetchers and the boot script (no schema imports). */
export const loanTermsRead: EarlyRead = { path: "/loan/config" };
export const eligibilityRead: EarlyRead = { path: "/loan/eligibility" };
