import * as z from "zod/mini";
import { reauthFields } from "./auth.ts";
import { id, limit, page, text } from "./fields.ts";

/**
 * Withdrawal address book (POST /user/wallet/save, GET /user/wallet/list,
 * POST /user/wallet/del), shared by worker and web. The address format is
 * checked by the worker against the currency's chain (see
 * worker/domain/wallet-addresses/formats.ts).
 */

/** The address formats withdrawals are checked against. */
export type Chain = "BTC" | "ETH" | "TRON";

/**
 * Which address formats a currency accepts, by its name: BTC; ETH, USDC and the
 * ERC-20 variants on Ethereum; TRX and TRC-20 variants on TRON; plain USDT on
 * either. Null when withdrawals of that currency have no known address format.
 * The worker checks addresses by it; the web words its hints by it.
 */
export function chainsForCurrency(name: string): Chain[] | null {
  const n = name.toUpperCase().replace(/[\s_\-()]+/g, "");
  if (n === "BTC") return ["BTC"];
  if (n === "ETH" || n === "USDC" || n.endsWith("ERC20")) return ["ETH"];
  if (n === "TRX" || n.endsWith("TRC20")) return ["TRON"];
  if (n === "USDT") return ["ETH", "TRON"];
  return null;
}

export const WALLET_NAME_MAX = 30;
/** A new address, or one whose address text changed, receives withdrawals only this long after it was saved. */
export const ADDRESS_COOLDOWN_MS = 24 * 3600_000;
/** Saved addresses per user. */
export const WALLET_ADDRESSES_MAX = 50;

const trimmed = () =>
  z.pipe(
    z.string({ error: "WALLET_ADDRESS_REQUIRED" }),
    z.transform((s) => s.trim()),
  );

export const walletSaveSchema = z.strictObject({
  currency: id(),
  name: text(1, WALLET_NAME_MAX, "WALLET_ADDRESS_NAME_LENGTH"),
  address: z.pipe(
    trimmed(),
    z.string().check(z.minLength(1, { error: "WALLET_ADDRESS_REQUIRED" }), z.maxLength(128, { error: "PARAMETER_ERROR" })),
  ),
  /** URL of an image the caller uploaded; "" clears it on edit; absent keeps it. */
  qrcode: z.optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((s) => s.trim()),
      ),
      z.string().check(z.maxLength(512)),
    ),
  ),
  /** Edit this address of the caller's instead of adding one. */
  id: z.optional(id()),
  /** Re-authentication: the log-in password, or a "security" code to the account's own email or mobile. */
  ...reauthFields,
});

export type WalletSaveInput = z.output<typeof walletSaveSchema>;

export const walletListSchema = z.strictObject({ page: page(), limit: limit(100, 10) });

export const walletDelSchema = z.strictObject({ id: id() });

export type WalletAddressItem = {
  id: number;
  /** Currency id. */
  currency: number;
  currency_name: string;
  name: string;
  address: string;
  /** "BTC", "ETH" or "TRON": the format the address was checked against. */
  chain: string;
  qrcode: string;
  created_at: number;
  /** When withdrawals to it are allowed (ms); later than now for a new or changed address. */
  usable_at: number;
};
