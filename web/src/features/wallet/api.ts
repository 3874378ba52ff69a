import type { DepositRecordItem, Paginated, WalletAccount, WalletBalanceRow, WalletList } from "../../../../schema/api/money.ts";
import { get, post, read, type RequestOptions } from "../../lib/api.ts";
import { coinsRead, walletRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { D, dec, type DecimalValue } from "../../lib/decimal.ts";
import { DEFAULT_DISPLAY_DECIMALS } from "../../lib/format.ts";
import { ACCOUNTS, type AccountName } from "./accounts.ts";

/** Wallet calls (the spec's "Wallet" calls) with the spec's paths and field names. */

export type { Paginated, WalletAccount, WalletBalanceRow, WalletList };

/** The spec's wallet cache: /wallet/list is read again after 30 s, or at once after a money action (which invalidates it). */
export const WALLET_CACHE_MS = 30_000;

/**
 * POST /wallet/list: the four accounts with per-coin balances and USDT totals.
 * `owner` (the session token) is part of the key, so another log-in never sees these figures.
 */
export const walletQuery = (owner: string): QueryDef<WalletList> => ({
  key: [Q.wallet, owner],
  load: () => read<WalletList>(walletRead, { silent: true, background: true }),
  staleTime: WALLET_CACHE_MS,
});

/** One coin's row in one account: available, frozen (locked) and its value in USDT. */
export type Holding = {
  currencyId: number;
  name: string;
  available: string;
  locked: string;
  usdtPrice: string | null;
  /** (available + locked) × price; null when the coin has no USDT price. */
  usdtValue: DecimalValue | null;
  /** The digits its balances show (`balance(value, decimals)`), the same on every page. */
  decimals: number;
};

/** The rows of one account, in the field names of the original (`<account>_balance`, `lock_<account>_balance`). */
export function holdings(list: WalletList, account: AccountName): Holding[] {
  return list[`${account}_wallet`].balance.map((row) => {
    const available = String(row[`${account}_balance`] ?? "0");
    const locked = String(row[`lock_${account}_balance`] ?? "0");
    const usdtValue = row.usdt_price === null ? null : dec(available).plus(dec(locked)).times(dec(row.usdt_price));
    const decimals = row.display_decimals ?? DEFAULT_DISPLAY_DECIMALS;
    return {
      currencyId: Number(row.currency ?? row.id),
      name: row.currency_name,
      available,
      locked,
      usdtPrice: row.usdt_price,
      usdtValue,
      decimals,
    };
  });
}

/** Total of every account in USDT (the answer's total, or the sum of the four). */
export function totalUsdt(list: WalletList): DecimalValue {
  if (list.total_usdt !== undefined) return dec(list.total_usdt);
  return ACCOUNTS.reduce((sum, a) => sum.plus(dec(list[`${a}_wallet`].usdt_totle)), new D(0));
}

/** A coin as GET /currency/list answers it (fields the pages read). */
export type Coin = {
  id: number;
  name: string;
  logo?: string;
  precision?: number;
  display_decimals?: number;
  min_withdraw?: string;
  withdraw_fee?: string;
  usdt_price?: string | null;
  is_legal?: boolean | number;
  is_change?: boolean | number;
  is_match?: boolean | number;
  is_lever?: boolean | number;
  is_micro?: boolean | number;
  can_deposit?: boolean | number;
  can_withdraw?: boolean | number;
  is_charge?: boolean | number;
};

const truthy = (v: boolean | number | undefined) => v === true || v === 1;

/** GET /currency/list: `{currency[], legal[]}` (public configuration; kept a minute). */
export const coinsQuery: QueryDef<Coin[]> = {
  key: [Q.coins],
  load: async () => (await read<{ currency: Coin[] }>(coinsRead, { silent: true })).currency,
  staleTime: 60_000,
};

export const canDeposit = (c: Coin) => (c.can_deposit === undefined ? true : truthy(c.can_deposit));
export const canWithdraw = (c: Coin) => (c.can_withdraw === undefined ? true : truthy(c.can_withdraw));
/** Whether a coin lives in an account (is_legal / is_change (is_match) / is_lever / is_micro). */
export function inAccount(c: Coin, account: AccountName): boolean {
  if (account === "change") return truthy(c.is_change ?? c.is_match);
  return truthy(c[`is_${account}`]);
}

/** Pages as the wallet answers them: `{data[], page, pages, total}`. */
export type Page<T> = { data: T[]; page: number; pages: number; total: number };

/** POST /wallet/get_info: the fixed withdrawal fee (`rate`), the minimum, the decimals and balances of a coin. */
export type CoinInfo = {
  currency: number;
  name: string;
  rate: string;
  min_number: string;
  can_withdraw: 0 | 1;
  /** Decimals an amount may have (the coin's minor unit). */
  precision: number;
  /** The digits its balances show. */
  display_decimals: number;
  legal_balance: string;
  change_balance: string;
};
export const fetchCoinInfo = (currency: string | number) => post<CoinInfo>("/wallet/get_info", { currency }, { silent: true });

/** The digits a coin's balances show (the same on every page). */
export const displayDecimals = (coin: Pick<Coin, "display_decimals"> | undefined) => coin?.display_decimals ?? DEFAULT_DISPLAY_DECIMALS;

/** Decimals a coin's amounts may have (its minor unit); 8 when unknown. */
export const coinDecimals = (coin: Pick<Coin, "precision"> | undefined) => coin?.precision ?? 8;

/** `demo`: a seeded placeholder of a local run (never shown in production); nobody can receive funds on it. */
export type DepositAddress = { chain: string; address: string; demo?: 0 | 1 };

/** POST /wallet/get_in_address: the deposit addresses of a coin, one per chain. */
export async function fetchDepositAddresses(currency: string | number): Promise<DepositAddress[]> {
  const answer = await post<{ addresses?: DepositAddress[] } | string>("/wallet/get_in_address", { currency }, { silent: true });
  if (typeof answer === "string") return answer ? [{ chain: "", address: answer }] : [];
  return answer.addresses ?? [];
}

/** POST /wallet/charge_req: a deposit request with its transaction hash and private voucher; an operator verifies it on-chain. */
export const requestDeposit = mutation(
  (input: { voucher: string; amount: string; currency: number; chain: string; txHash: string }, idempotencyKey: string) =>
    post<string>(
      "/wallet/charge_req",
      { account: input.voucher, amount: input.amount, currency: input.currency, type: 0, chain: input.chain, tx_hash: input.txHash },
      { idempotencyKey, silent: true },
    ),
  [[Q.deposits], [Q.wallet]],
);

/**
 * POST /wallet/out: type 0 a saved address (by id), 1 the bank card, 2 the international bank; `code` is a "withdraw" code
 * sent to the account's own email or mobile. The amount is held at once.
 */
export const requestWithdrawal = mutation(
  (
    input: { currency: number; number: string; type: 0 | 1 | 2; address?: string; pay_password: string; code: string },
    idempotencyKey: string,
  ) =>
    post<string>(
      "/wallet/out",
      {
        currency: input.currency,
        number: input.number,
        type: input.type,
        address: input.address,
        pay_password: input.pay_password,
        code: input.code,
      },
      { idempotencyKey, silent: true },
    ),
  [...BALANCE_KEYS, [Q.withdrawals]],
);

/** POST /wallet/change: between two of the caller's accounts, same coin, no fee. */
export const transferBetweenAccounts = mutation(
  (input: { currency: number; number: string; from: AccountName; to: AccountName }, idempotencyKey: string, options: RequestOptions = {}) =>
    post<string>(
      "/wallet/change",
      { currency_id: input.currency, number: input.number, from_field: input.from, to_field: input.to },
      { ...options, idempotencyKey },
    ),
  [...BALANCE_KEYS, [Q.transfers]],
);

/** GET /recharge/log: declared `amount`, `credited` once decided. */
export type DepositRecord = DepositRecordItem;
export const fetchDeposits = (page: number, limit = 10) => get<Page<DepositRecord>>("/recharge/log", { page, limit }, { silent: true });

export type WithdrawalRecord = {
  id: number;
  number: string;
  fee: string;
  receive: string;
  name: string;
  currency_id: number;
  type: 0 | 1 | 2;
  address: string;
  /** 1 reviewing, 2 done, 3 failed. */
  status: 1 | 2 | 3;
  status_text: string;
  reason: string;
  create_time: number;
};
export const fetchWithdrawals = (page: number, limit = 10) =>
  get<Page<WithdrawalRecord>>("/user/withdraw/list", { page, limit }, { silent: true });

/**
 * One line of the bill: one journal's change to one coin in one account. `value` changes the account's total
 * (available + locked); `held` its locked part (positive: held, negative: released). A hold or its release alone is
 * `value` 0 with `held` the amount.
 */
export type LedgerRecord = {
  id: number;
  value: string;
  held: string;
  info: string;
  kind: string;
  account_type: number;
  account: string;
  bucket: "available" | "locked";
  created_time: number;
  currency_name: string;
  currency_id: number;
};
export type LedgerPage = { list: LedgerRecord[]; count: number; page: number; pages: number; total: number };

/**
 * POST /wallet/legal_log: the caller's ledger entries, newest first; every coin unless `currency`
 * is given, optionally only one account and one journal kind. Paged by the server.
 */
export const fetchLedger = (input: { currency?: number; account?: AccountName; kind?: string; page: number; limit?: number }) =>
  post<LedgerPage>(
    "/wallet/legal_log",
    { currency: input.currency, type: input.account, kind: input.kind, page: input.page, limit: input.limit ?? 10 },
    { silent: true },
  );

export type TransferRecord = {
  id: number;
  value: string;
  info: string;
  from: string;
  to: string;
  currency_id: number;
  currency_name: string;
  created_time: number;
};
/** GET /wallet/hzhistory: transfers between accounts, Laravel-style page. */
export const fetchTransfers = (page: number, limit = 10) =>
  get<{ data: TransferRecord[]; total: number; current_page: number; last_page: number }>(
    "/wallet/hzhistory",
    { page, limit },
    { silent: true },
  );
