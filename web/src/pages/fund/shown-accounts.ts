import { ACCOUNTS, type AccountName } from "../../features/wallet/accounts.ts";
import { holdings, type WalletList } from "../../features/wallet/api.ts";
import { dec } from "../../lib/decimal.ts";
import { isImplementedRoute } from "../implemented.ts";

/**
 * The product page an account type belongs to: the leverage account to futures, the seconds account to seconds
 * contracts. Until one of its pages is in the route table the account is not offered (no tab, no transfer target),
 * so a product switches its account on when its page is added.
 */
const PRODUCT_PAGES: Partial<Record<AccountName, readonly string[]>> = {
  lever: ["/transaction/contract"],
  micro: ["/transaction/seconds_order", "/transaction/index"],
};

/** Whether an account type has a product behind it. */
export const hasProduct = (account: AccountName): boolean => PRODUCT_PAGES[account]?.some(isImplementedRoute) ?? true;

/** The accounts to offer: those with a product, and any other that holds funds (funds are never hidden). */
export function shownAccounts(list: WalletList | null | undefined): AccountName[] {
  const holds = (a: AccountName) => !!list && holdings(list, a).some((h) => !dec(h.available).plus(dec(h.locked)).isZero());
  return ACCOUNTS.filter((a) => hasProduct(a) || holds(a));
}
