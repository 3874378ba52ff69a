import * as z from "zod/mini";
import { id, limit, page, text } from "./fields.ts";

/**
 * Wallet and operator money contracts (the spec's call list). Amounts travel as
 * decimal strings; the worker checks them against the currency's precision.
 */

const trimmed = () =>
  z.pipe(
    z.string(),
    z.transform((s) => s.trim()),
  );

/** A string or a JSON number, as trimmed text. */
const asText = () =>
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v) => String(v).trim()),
  );

/** A plain non-negative decimal as typed: "1", "0.5". Rejects "NaN", "1e309", "-1", "0x10", " ". */
export const decimalText = () => z.pipe(asText(), z.string().check(z.regex(/^\d{1,20}(?:\.\d{1,20})?$/, { error: "INVALID_AMOUNT" })));

/** A currency by id ("1") or by name ("BTC"). */
export const currencyRef = () =>
  z.pipe(asText(), z.string().check(z.regex(/^(?:[1-9]\d{0,8}|[A-Za-z][A-Za-z0-9]{0,15})$/, { error: "UNKNOWN_CURRENCY" })));

/** 24-hour withdrawal limit by identity level, in BTC (the spec's verification levels): enforced by the worker, shown by the web. */
export const DAILY_LIMIT_BTC: Record<1 | 2, string> = { 1: "200", 2: "500" };

export const ACCOUNT_FIELD_NAMES = ["legal", "change", "lever", "micro"] as const;
export type AccountFieldName = (typeof ACCOUNT_FIELD_NAMES)[number];

/** An account by name (legal|change|lever|micro) or number (1–4); answers the number. */
export const accountField = () =>
  z.pipe(
    trimmed(),
    z.transform((s, ctx) => {
      const byName = (ACCOUNT_FIELD_NAMES as readonly string[]).indexOf(s.toLowerCase());
      const n = byName >= 0 ? byName + 1 : /^[1-4]$/.test(s) ? Number(s) : 0;
      if (n === 0) {
        ctx.issues.push({ code: "custom", input: s, message: "PARAMETER_ERROR" });
        return z.NEVER;
      }
      return n as 1 | 2 | 3 | 4;
    }),
  );

/** "0"/"1"/"true"/"false" as a boolean. */
export const flag = () =>
  z.pipe(
    trimmed(),
    z.transform((s, ctx) => {
      if (s === "1" || s === "true") return true;
      if (s === "0" || s === "false") return false;
      ctx.issues.push({ code: "custom", input: s, message: "PARAMETER_ERROR" });
      return z.NEVER;
    }),
  );

const smallInt = (min: number, max: number) =>
  z.pipe(
    trimmed(),
    z.transform((s, ctx) => {
      if (!/^\d{1,6}$/.test(s) || Number(s) < min || Number(s) > max) {
        ctx.issues.push({ code: "custom", input: s, message: "PARAMETER_ERROR" });
        return z.NEVER;
      }
      return Number(s);
    }),
  );

export const pageSchema = z.strictObject({ page: page(), limit: limit(100, 10) });

export const currencyOnlySchema = z.strictObject({ currency: currencyRef() });
export const rateCurrencySchema = z.strictObject({ id: currencyRef() });
/** Routes without parameters still refuse unknown ones. */
export const noFieldsSchema = z.strictObject({});
export const walletDetailSchema = z.strictObject({ currency: currencyRef(), type: accountField() });
/** `user_id` is sent by the original client and ignored: the user comes from the session. */
export const inAddressSchema = z.strictObject({ currency: currencyRef(), user_id: z.optional(z.string()) });

/** How a network's transaction hashes look; "other" for networks without a known format. */
export type TxHashFormat = "evm" | "tron" | "btc" | "other";

const EVM_NETWORKS = new Set(["ETH", "ERC20", "BEP20", "BSC", "POLYGON", "MATIC", "ARBITRUM", "ARB", "OPTIMISM", "OP", "BASE", "AVAXC"]);
const TRON_NETWORKS = new Set(["TRON", "TRC20", "TRX"]);
const BTC_NETWORKS = new Set(["BTC", "BITCOIN"]);

/** A deposit network (the chain of a deposit address: "ERC20", "TRC20", "BTC", …) → its hash format. */
export function txHashFormat(network: string): TxHashFormat {
  const n = network.trim().toUpperCase();
  if (EVM_NETWORKS.has(n)) return "evm";
  if (TRON_NETWORKS.has(n)) return "tron";
  if (BTC_NETWORKS.has(n)) return "btc";
  return "other";
}

/**
 * EVM chains: "0x" + 64 hex; TRON and Bitcoin: 64 hex (no prefix). Networks without a known
 * format take 32-128 letters and digits (base58 and similar ids), kept as typed.
 */
const TX_HASH: Record<TxHashFormat, RegExp> = {
  evm: /^0x[0-9a-f]{64}$/i,
  tron: /^[0-9a-f]{64}$/i,
  btc: /^[0-9a-f]{64}$/i,
  other: /^[0-9A-Za-z]{32,128}$/,
};

/**
 * The hash in the form it is stored and compared in (hex lower-cased, so one transaction has
 * one spelling), or null when it does not match the network's format.
 */
export function canonicalTxHash(network: string, hash: string): string | null {
  const format = txHashFormat(network);
  const given = hash.trim();
  if (!TX_HASH[format].test(given)) return null;
  return format === "other" ? given : given.toLowerCase();
}

export const TX_HASH_MAX = 128;

export const chargeReqSchema = z.strictObject({
  /** The voucher URL /upload answered for a private file of the caller. */
  account: text(1, 300, "VOUCHER_INVALID"),
  amount: decimalText(),
  currency: currencyRef(),
  /** 0 = voucher deposit (the only kind); accepted for the original client. */
  type: z._default(z.optional(z.pipe(trimmed(), z.enum(["0"]))), "0"),
  /** The network sent over: one of the chains of the currency's deposit addresses; may be left out when it has one. */
  chain: z._default(z.optional(z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9]{0,16}$/)))), ""),
  /** The transfer's transaction hash, checked against the network's format by the worker. */
  tx_hash: z.pipe(
    z.pipe(
      z.string({ error: "TX_HASH_REQUIRED" }),
      z.transform((s) => s.trim()),
    ),
    z.string().check(z.minLength(1, { error: "TX_HASH_REQUIRED" }), z.maxLength(TX_HASH_MAX + 2, { error: "TX_HASH_INVALID" })),
  ),
});

/**
 * The grammar of a ledger journal kind ("deposit", "withdraw_hold", "spot_trade", …), shared with
 * worker/domain/ledger/journal.ts. Features add their own kinds, so a filter checks the grammar,
 * not a fixed list: a well-formed kind nobody posts simply matches nothing.
 */
export const JOURNAL_KIND = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * The original client sends `currency`, `type` and `page`. Without `currency` the answer is every
 * currency's entries as one list (newest first); `kind` keeps one journal kind.
 */
export const legalLogSchema = z.strictObject({
  currency: z.optional(currencyRef()),
  type: z.optional(accountField()),
  kind: z.optional(z.pipe(trimmed(), z.string().check(z.regex(JOURNAL_KIND, { error: "PARAMETER_ERROR" })))),
  page: page(),
  limit: limit(100, 10),
});

export const withdrawSchema = z.strictObject({
  currency: currencyRef(),
  number: decimalText(),
  /** Type 0: a saved withdrawal address of the caller, by its id or the address itself. */
  address: z.optional(text(1, 128)),
  /** 0 address, 1 bank card, 2 international bank. */
  type: z._default(z.optional(z.pipe(trimmed(), z.enum(["0", "1", "2"]))), "0"),
  pay_password: z.string().check(z.minLength(1, { error: "PAY_PASSWORD_WRONG" }), z.maxLength(64, { error: "PAY_PASSWORD_WRONG" })),
  /** A fresh "withdraw" code sent (POST /sms_mail or /sms_send) to the account's own email or mobile. */
  code: z.pipe(
    z.pipe(
      z.string({ error: "WITHDRAW_CODE_REQUIRED" }),
      z.transform((s) => s.trim()),
    ),
    z.string().check(
      z.minLength(1, { error: "WITHDRAW_CODE_REQUIRED" }),
      z.refine((s) => s === "" || /^\d{6}$/.test(s), { error: "CODE_MUST_BE_6_DIGITS" }),
    ),
  ),
  /** Sent by the original client as the fee; IGNORED: the fee comes from configuration. */
  rate: z.optional(z.string()),
});

export const changeSchema = z.strictObject({
  currency_id: currencyRef(),
  number: decimalText(),
  from_field: accountField(),
  to_field: accountField(),
});

// Operators -------------------------------------------------------------------

export const adminDepositListSchema = z.strictObject({
  status: z._default(z.optional(z.enum(["pending", "confirmed", "rejected", "all"])), "pending"),
  page: page(),
  limit: limit(100, 20),
});
export const adminWithdrawalListSchema = z.strictObject({
  status: z._default(z.optional(z.enum(["reviewing", "approved", "rejected", "all"])), "reviewing"),
  page: page(),
  limit: limit(100, 20),
});
export const adminIdSchema = z.strictObject({ id: id() });
/** The amount the operator verified on-chain: at most the declared one; zero rejects the deposit. */
export const adminConfirmDepositSchema = z.strictObject({ id: id(), amount: decimalText() });
export const adminRejectSchema = z.strictObject({ id: id(), reason: text(1, 200, "MONEY_REASON_REQUIRED") });

/** Create (no id; name and precision required) or update (id) a currency. */
export const adminCurrencySchema = z.strictObject({
  id: z.optional(id()),
  name: z.optional(z.pipe(trimmed(), z.string().check(z.regex(/^[A-Z][A-Z0-9]{0,15}$/)))),
  precision: z.optional(smallInt(0, 8)),
  display_decimals: z.optional(smallInt(0, 8)),
  is_legal: z.optional(flag()),
  is_change: z.optional(flag()),
  is_lever: z.optional(flag()),
  is_micro: z.optional(flag()),
  can_deposit: z.optional(flag()),
  can_withdraw: z.optional(flag()),
  min_withdraw: z.optional(decimalText()),
  withdraw_fee: z.optional(decimalText()),
  is_transfer: z.optional(flag()),
  transfer_fee_pct: z.optional(decimalText()),
  logo: z.optional(text(0, 300)),
  sort: z.optional(smallInt(0, 999999)),
  enabled: z.optional(flag()),
  /** Reference price in USDT (until the markets feature keeps it current). */
  price_usdt: z.optional(decimalText()),
  /** Four eyes: amounts strictly above this need a second operator; "" switches it off. */
  second_approval_above: z.optional(z.union([z.literal(""), decimalText()])),
});

/** Add (currency, chain, address) or switch (id, enabled) a deposit address. */
export const adminDepositAddressSchema = z.strictObject({
  id: z.optional(id()),
  currency: z.optional(currencyRef()),
  chain: z.optional(z.pipe(trimmed(), z.string().check(z.regex(/^[A-Z0-9]{2,16}$/)))),
  address: z.optional(z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9:_-]{10,128}$/)))),
  enabled: z.optional(flag()),
});
export const adminDepositAddressListSchema = z.strictObject({ currency: z.optional(currencyRef()) });

// Answers ---------------------------------------------------------------------

export type WalletBalanceRow = Record<string, string | number | null> & {
  id: number;
  currency: number;
  currency_name: string;
  usdt_price: string | null;
  is_charge: 0 | 1;
  /** The digits a balance of the coin shows (the same on every page). */
  display_decimals: number;
};
export type WalletAccount = { balance: WalletBalanceRow[]; usdt_totle: string };
export type WalletList = {
  legal_wallet: WalletAccount;
  change_wallet: WalletAccount;
  lever_wallet: WalletAccount;
  micro_wallet: WalletAccount;
  total_usdt: string;
};
export type Paginated<T> = { data: T[]; page: number; pages: number; total: number };

/** What an operator's queue shows of a request and its owner. Amounts are decimal text. */
type AdminRequest = {
  id: number;
  user_id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  currency_id: number;
  currency: string;
  amount: string;
  reason: string;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
};
/** Four eyes (currencies.second_approval_above): the first approval of a request that needs two. */
type FirstApproval = {
  /** Amounts strictly above this need a second operator; null when one suffices. */
  second_approval_above: string | null;
  first_approved_by: number | null;
  /** The first approver's e-mail, mobile or UID. */
  first_approved_by_name: string | null;
  first_approved_at: number | null;
};
/** GET /admin/deposits: with a link to the private voucher (operators may read it). */
export type AdminDepositItem = AdminRequest &
  FirstApproval & {
    chain: string;
    tx_hash: string | null;
    /** What the (first) approving operator verified on-chain; what was credited once confirmed. */
    verified_amount: string | null;
    voucher_url: string;
    status: "pending" | "confirmed" | "rejected";
  };
/** GET /recharge/log: `amount` is what the user declared, `credited` what the confirmed deposit credited ("0" when rejected). */
export type DepositRecordItem = {
  id: number;
  amount: string;
  credited: string | null;
  currency_id: number;
  name: string;
  chain: string;
  tx_hash: string | null;
  type: number;
  /** 1 pending, 2 credited, 3 rejected. */
  status: 1 | 2 | 3;
  status_text: string;
  reason: string;
  created_at: number;
};
/** GET /admin/withdrawals: with the destination snapshot taken when it was requested. */
export type AdminWithdrawalItem = AdminRequest &
  FirstApproval & {
    fee: string;
    receive: string;
    /** 0 address, 1 bank card, 2 international bank. */
    destination_type: 0 | 1 | 2;
    destination: Record<string, unknown>;
    status: "reviewing" | "approved" | "rejected";
  };
