import { persisted } from "../../lib/persist.ts";

/** Hide balances behind asterisks (assets page and the home card); kept across visits. */
export const hideBalanceAtom = persisted<boolean>("hideBalance", false);
