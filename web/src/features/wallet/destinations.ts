import {
  BANK_FIELDS,
  type BankCardInput,
  type BankCardView,
  type BankField,
  type InternationalCardAnswer,
} from "../../../../schema/api/bank.ts";
import type { Paged } from "../../../../schema/api/kyc.ts";
import { type Chain, chainsForCurrency, type WalletAddressItem } from "../../../../schema/api/wallet-addresses.ts";
import { get, post, type RequestOptions } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

/**
 * Where withdrawals go: the bound bank cards (one domestic, one international,
 * never changed by their owner) and the saved address book.
 */

export { BANK_FIELDS };
export { chainsForCurrency };
export type { BankCardInput, BankCardView, BankField, Chain, InternationalCardAnswer, Paged, WalletAddressItem };

export type BankKind = "domestic" | "international";

export const fetchBankCard = () => post<BankCardView | null>("/user/cash_info", {}, { silent: true });
export const fetchInternationalCard = () => post<InternationalCardAnswer>("/user/cash_info_international", {}, { silent: true });
/** The bound card of a kind, with the international form's labelled fields. */
export const bankCardQuery = (
  owner: string,
  kind: BankKind,
): QueryDef<InternationalCardAnswer | { data: BankCardView | null; forms: null }> => ({
  key: [Q.bankCard, owner, kind],
  load: async () => (kind === "domestic" ? { data: await fetchBankCard(), forms: null } : fetchInternationalCard()),
});
export const saveBankCard = mutation(
  (kind: BankKind, card: BankCardInput, options: RequestOptions = {}) =>
    post<string>(kind === "domestic" ? "/user/cash_save" : "/user/cash_save_international", card, options),
  [[Q.bankCard]],
);

export const fetchAddresses = (page = 1, limit = 100) =>
  get<Paged<WalletAddressItem>>("/user/wallet/list", { page, limit }, { silent: true });
export const walletAddressesQuery = (owner: string): QueryDef<Paged<WalletAddressItem>> => ({
  key: [Q.walletAddresses, owner],
  load: () => fetchAddresses(1, 100),
});
/** POST /user/wallet/save, re-authenticated by `login_password` or `code` (a "security" code to the account's own address). */
export const saveAddress = mutation(
  (input: { currency: number; name: string; address: string; login_password?: string; code?: string }) =>
    post<string>("/user/wallet/save", input, { silent: true }),
  [[Q.walletAddresses]],
);
export const deleteAddress = mutation((id: number) => post<string>("/user/wallet/del", { id }), [[Q.walletAddresses]]);

/**
 * Address shapes per chain, for messages while typing (the worker also checks
 * the checksums): BTC legacy/P2SH or bech32, Ethereum 0x + 40 hex, TRON T + 33.
 */
const SHAPES: Record<Chain, RegExp> = {
  BTC: /^(?:[13][1-9A-HJ-NP-Za-km-z]{24,33}|bc1[02-9ac-hj-np-z]{11,87}|BC1[02-9AC-HJ-NP-Z]{11,87})$/,
  ETH: /^0x[0-9a-fA-F]{40}$/,
  TRON: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};
export const addressMatches = (chains: readonly Chain[], address: string) => chains.some((c) => SHAPES[c].test(address));
