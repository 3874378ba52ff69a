import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Lang } from "../../../schema/api/lang.ts";
import type {
  AdminDepositItem,
  AdminWithdrawalItem,
  DepositRecordItem,
  Paginated,
  WalletAccount,
  WalletBalanceRow,
  WalletList,
} from "../../../schema/api/money.ts";
import { balances, currencies, deposits, journals, ledgerEntries, users, withdrawals } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { type MessageCode, translate } from "../i18n/translate.ts";
import { fileUrl } from "../files/uploads.ts";
import {
  ACCOUNT_NAMES,
  type AccountName,
  type AccountType,
  D,
  type Dec,
  accountName,
  fromUnits,
  isAccountType,
  roundDisplay,
} from "../ledger/index.ts";
import { type PriceMap, usdtPrices } from "../pricing/prices.ts";
import { type Currency, accountEnabled, accountLabel, listCurrencies } from "./currencies.ts";

/** Read side of the wallet: balances, ledger records, requests. Amounts leave as decimal strings. */

const USDT_DECIMALS = 8;

export const pageInfo = (total: number, page: number, limit: number) => ({ page, pages: Math.max(1, Math.ceil(total / limit)), total });

type BalanceRow = typeof balances.$inferSelect;

const balanceKey = (currencyId: number, type: number) => `${currencyId}:${type}`;

function accountView(
  name: AccountName,
  type: AccountType,
  list: Currency[],
  rows: Map<string, BalanceRow>,
  prices: PriceMap,
): WalletAccount {
  let total = new D(0);
  const balance: WalletBalanceRow[] = [];
  for (const c of list) {
    const row = rows.get(balanceKey(c.id, type));
    const held = (row?.available ?? 0) !== 0 || (row?.locked ?? 0) !== 0;
    // Funds are never hidden: a currency shows where it is enabled, and wherever it has a balance.
    if (!held && !(c.enabled && accountEnabled(c, type))) continue;
    const price = prices.get(c.id) ?? null;
    const available = fromUnits(row?.available ?? 0, c.precision);
    const locked = fromUnits(row?.locked ?? 0, c.precision);
    if (price) total = total.plus(new D(available).plus(locked).times(price));
    balance.push({
      id: c.id,
      currency: c.id,
      currency_name: c.name,
      logo: c.logo,
      [`${name}_balance`]: available,
      [`lock_${name}_balance`]: locked,
      usdt_price: price ? price.toFixed() : null,
      is_charge: c.canDeposit ? 1 : 0,
      display_decimals: c.displayDecimals,
    });
  }
  return { balance, usdt_totle: roundDisplay(total, USDT_DECIMALS) };
}

/** POST /wallet/list: the four accounts with balances valued in USDT, and the total. */
export async function walletList(db: Db, userId: number): Promise<WalletList> {
  const [list, rows, prices] = await Promise.all([
    listCurrencies(db, true),
    db.select().from(balances).where(eq(balances.userId, userId)),
    usdtPrices(db),
  ]);
  const byKey = new Map(rows.map((r) => [balanceKey(r.currencyId, r.accountType), r]));
  const accounts = ACCOUNT_NAMES.map((name, i) => accountView(name, (i + 1) as AccountType, list, byKey, prices));
  const total = accounts.reduce((sum, a) => sum.plus(a.usdt_totle), new D(0));
  return {
    legal_wallet: accounts[0]!,
    change_wallet: accounts[1]!,
    lever_wallet: accounts[2]!,
    micro_wallet: accounts[3]!,
    total_usdt: roundDisplay(total, USDT_DECIMALS),
  };
}

export async function balanceOf(
  db: Db,
  userId: number,
  currencyId: number,
  type: AccountType,
): Promise<{ available: number; locked: number }> {
  const row = await db
    .select({ available: balances.available, locked: balances.locked })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.currencyId, currencyId), eq(balances.accountType, type)))
    .get();
  return row ?? { available: 0, locked: 0 };
}

/** POST /wallet/detail. */
export async function walletDetail(db: Db, userId: number, currency: Currency, type: AccountType, price: Dec | null) {
  const name = accountName(type);
  const b = await balanceOf(db, userId, currency.id, type);
  return {
    currency: currency.id,
    currency_name: currency.name,
    [`${name}_balance`]: fromUnits(b.available, currency.precision),
    [`lock_${name}_balance`]: fromUnits(b.locked, currency.precision),
    usdt_price: price ? price.toFixed() : null,
    is_charge: currency.canDeposit ? 1 : 0,
    enabled: accountEnabled(currency, type) ? 1 : 0,
    display_decimals: currency.displayDecimals,
  };
}

// Ledger records ---------------------------------------------------------------

const KIND_CODES: Record<string, MessageCode> = {
  deposit: "LEDGER_DEPOSIT",
  withdraw_hold: "LEDGER_WITHDRAW_HOLD",
  withdraw_approve: "LEDGER_WITHDRAW_APPROVE",
  withdraw_reject: "LEDGER_WITHDRAW_REJECT",
  transfer: "LEDGER_TRANSFER",
  hold: "LEDGER_HOLD",
  release: "LEDGER_RELEASE",
  consume: "LEDGER_CONSUME",
  spot_trade: "LEDGER_SPOT_TRADE",
  convert: "LEDGER_CONVERT",
  mining_deposit: "LEDGER_MINING_DEPOSIT",
  mining_interest: "LEDGER_MINING_INTEREST",
  mining_principal: "LEDGER_MINING_PRINCIPAL",
  mining_redeem: "LEDGER_MINING_REDEEM",
  couple_reward: "LEDGER_COUPLE_REWARD",
  loan_collateral: "LEDGER_LOAN_COLLATERAL",
  loan_disburse: "LEDGER_LOAN_DISBURSE",
  loan_repay: "LEDGER_LOAN_REPAY",
  loan_liquidation: "LEDGER_LOAN_LIQUIDATION",
  loan_reject: "LEDGER_LOAN_REJECT",
};

function accountText(name: unknown, lang: Lang): string {
  const i = ACCOUNT_NAMES.indexOf(name as AccountName);
  return i >= 0 ? translate(accountLabel((i + 1) as AccountType), lang) : String(name);
}

/** The translated sentence for a journal kind (new kinds of other features fall back to "Balance change"). */
export function journalInfo(kind: string, memoJson: string, lang: Lang): string {
  const code = KIND_CODES[kind] ?? "LEDGER_OTHER";
  if (code !== "LEDGER_TRANSFER") return translate(code, lang);
  let memo: Record<string, unknown> = {};
  try {
    memo = JSON.parse(memoJson) as Record<string, unknown>;
  } catch {
    memo = {};
  }
  return translate(code, lang, { from: accountText(memo.from, lang), to: accountText(memo.to, lang) });
}

export type LedgerFilter = { currency?: Currency; type?: AccountType; kind?: string };

/**
 * POST /wallet/legal_log: the caller's balance changes, newest first, optionally of one currency, one account type
 * and one journal kind. One line per journal, currency and account: a hold or its release (available to locked and
 * back) reads as one line with `value` 0 and `held` the amount held (negative: released), never as two signed rows.
 * `value` is the change of the account's total (available + locked). Entry ids grow with time, so the newest entry id
 * of each line (its `id`) pages every currency as a single list.
 */
export async function ledgerLog(db: Db, userId: number, filter: LedgerFilter, page: number, limit: number, lang: Lang) {
  const where = and(
    eq(ledgerEntries.userId, userId),
    filter.currency ? eq(ledgerEntries.currencyId, filter.currency.id) : undefined,
    filter.type ? eq(ledgerEntries.accountType, filter.type) : undefined,
    filter.kind ? eq(journals.kind, filter.kind) : undefined,
  );
  const line = [ledgerEntries.journalId, ledgerEntries.currencyId, ledgerEntries.accountType] as const;
  const lastId = sql<number>`max(${ledgerEntries.id})`;
  const lines = db
    .select({ journalId: ledgerEntries.journalId })
    .from(ledgerEntries)
    .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
    .where(where)
    .groupBy(...line)
    .as("lines");
  const [rows, total] = await Promise.all([
    db
      .select({
        id: lastId,
        total: sql<number>`sum(${ledgerEntries.amount})`,
        locked: sql<number>`sum(case when ${ledgerEntries.bucket} = 'locked' then ${ledgerEntries.amount} else 0 end)`,
        currencyId: ledgerEntries.currencyId,
        accountType: ledgerEntries.accountType,
        createdAt: sql<number>`max(${ledgerEntries.createdAt})`,
        kind: journals.kind,
        memo: journals.memo,
        currencyName: currencies.name,
        precision: currencies.precision,
      })
      .from(ledgerEntries)
      .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
      .innerJoin(currencies, eq(currencies.id, ledgerEntries.currencyId))
      .where(where)
      .groupBy(...line)
      .orderBy(desc(lastId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(lines).get(),
  ]);
  const list = rows.map((r) => ({
    id: r.id,
    value: fromUnits(r.total, r.precision),
    held: fromUnits(r.locked, r.precision),
    info: journalInfo(r.kind, r.memo, lang),
    kind: r.kind,
    account_type: r.accountType,
    account: isAccountType(r.accountType) ? accountName(r.accountType) : String(r.accountType),
    bucket: r.total === r.locked && r.locked !== 0 ? ("locked" as const) : ("available" as const),
    created_time: r.createdAt,
    currency_id: r.currencyId,
    currency_name: r.currencyName,
  }));
  return { list, count: total?.n ?? 0, ...pageInfo(total?.n ?? 0, page, limit) };
}

/** GET /wallet/hzhistory: the caller's transfers between accounts, as a Laravel-style page. */
export async function transferHistory(db: Db, userId: number, page: number, limit: number, lang: Lang) {
  const where = and(eq(journals.userId, userId), eq(journals.kind, "transfer"));
  const [rows, total] = await Promise.all([
    db
      .select({
        id: journals.id,
        memo: journals.memo,
        createdAt: journals.createdAt,
        amount: ledgerEntries.amount,
        currencyId: ledgerEntries.currencyId,
        currencyName: currencies.name,
        precision: currencies.precision,
      })
      .from(journals)
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.journalId, journals.id), gt(ledgerEntries.amount, 0)))
      .innerJoin(currencies, eq(currencies.id, ledgerEntries.currencyId))
      .where(where)
      .orderBy(desc(journals.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(journals).where(where).get(),
  ]);
  const data = rows.map((r) => {
    const memo = JSON.parse(r.memo) as { from?: string; to?: string };
    return {
      id: r.id,
      value: fromUnits(r.amount, r.precision),
      info: journalInfo("transfer", r.memo, lang),
      from: memo.from ?? "",
      to: memo.to ?? "",
      currency_id: r.currencyId,
      currency_name: r.currencyName,
      created_time: r.createdAt,
    };
  });
  const n = total?.n ?? 0;
  return { data, total: n, current_page: page, last_page: Math.max(1, Math.ceil(n / limit)), per_page: limit };
}

// Requests ---------------------------------------------------------------------

const DEPOSIT_STATUS = {
  pending: [1, "DEPOSIT_STATUS_PENDING"],
  confirmed: [2, "DEPOSIT_STATUS_CONFIRMED"],
  rejected: [3, "DEPOSIT_STATUS_REJECTED"],
} as const;
const WITHDRAW_STATUS = {
  reviewing: [1, "WITHDRAW_STATUS_REVIEWING"],
  approved: [2, "WITHDRAW_STATUS_DONE"],
  rejected: [3, "WITHDRAW_STATUS_FAILED"],
} as const;

/** GET /recharge/log. */
export async function depositLog(db: Db, userId: number, page: number, limit: number, lang: Lang) {
  const where = eq(deposits.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select({ d: deposits, name: currencies.name })
      .from(deposits)
      .innerJoin(currencies, eq(currencies.id, deposits.currencyId))
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(deposits).where(where).get(),
  ]);
  const data = rows.map(({ d, name }): DepositRecordItem => ({
    id: d.id,
    amount: d.amount,
    // Declared vs credited: the operator credits what they verified on-chain; a rejected deposit credited nothing.
    credited: d.status === "confirmed" ? (d.verifiedAmount ?? d.amount) : d.status === "rejected" ? "0" : null,
    currency_id: d.currencyId,
    name,
    chain: d.chain,
    tx_hash: d.txHash,
    type: d.type,
    status: DEPOSIT_STATUS[d.status][0],
    status_text: translate(DEPOSIT_STATUS[d.status][1], lang),
    reason: d.reason,
    created_at: d.createdAt,
  }));
  return { data, ...pageInfo(total?.n ?? 0, page, limit) };
}

/** What a user sees of a destination snapshot: the address, or the bank and the last digits of the card. */
function destinationSummary(json: string): string {
  try {
    const d = JSON.parse(json) as { type?: number; address?: string; bank_name?: string; bank_account?: string };
    if (d.type === 0) return d.address ?? "";
    return `${d.bank_name ?? ""} ****${(d.bank_account ?? "").slice(-4)}`.trim();
  } catch {
    return "";
  }
}

/** GET /user/withdraw/list: status 1 reviewing, 2 done, 3 failed. */
export async function withdrawList(db: Db, userId: number, page: number, limit: number, lang: Lang) {
  const where = eq(withdrawals.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select({ w: withdrawals, name: currencies.name })
      .from(withdrawals)
      .innerJoin(currencies, eq(currencies.id, withdrawals.currencyId))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(withdrawals).where(where).get(),
  ]);
  const data = rows.map(({ w, name }) => ({
    id: w.id,
    number: w.amount,
    fee: w.fee,
    receive: w.receive,
    name,
    currency_id: w.currencyId,
    type: w.destinationType,
    address: destinationSummary(w.destination),
    status: WITHDRAW_STATUS[w.status][0],
    status_text: translate(WITHDRAW_STATUS[w.status][1], lang),
    reason: w.reason,
    create_time: w.createdAt,
  }));
  return { data, ...pageInfo(total?.n ?? 0, page, limit) };
}

// Operators --------------------------------------------------------------------

/** The operator who gave a request's first approval (four eyes). */
const firstApprover = alias(users, "first_approver");
const approverName = (a: { uid: string | null; email: string | null; mobile: string | null } | null) =>
  a ? (a.email ?? a.mobile ?? a.uid) : null;

/** GET /admin/deposits: requests with the user and a link to the private voucher (operators may read it). */
export async function adminDeposits(
  db: Db,
  status: AdminDepositItem["status"] | "all",
  page: number,
  limit: number,
): Promise<Paginated<AdminDepositItem>> {
  const where = status === "all" ? undefined : eq(deposits.status, status);
  const [rows, total] = await Promise.all([
    db
      .select({
        d: deposits,
        currency: currencies.name,
        threshold: currencies.secondApprovalAbove,
        uid: users.uid,
        email: users.email,
        mobile: users.mobile,
        approver: { uid: firstApprover.uid, email: firstApprover.email, mobile: firstApprover.mobile },
      })
      .from(deposits)
      .innerJoin(currencies, eq(currencies.id, deposits.currencyId))
      .innerJoin(users, eq(users.id, deposits.userId))
      .leftJoin(firstApprover, eq(firstApprover.id, deposits.firstApprovedBy))
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(deposits).where(where).get(),
  ]);
  const data = rows.map(({ d, currency, threshold, uid, email, mobile, approver }) => ({
    id: d.id,
    user_id: d.userId,
    uid,
    email,
    mobile,
    currency_id: d.currencyId,
    currency,
    amount: d.amount,
    chain: d.chain,
    tx_hash: d.txHash,
    verified_amount: d.verifiedAmount,
    second_approval_above: threshold,
    first_approved_by: d.firstApprovedBy,
    first_approved_by_name: approverName(approver),
    first_approved_at: d.firstApprovedAt,
    voucher_url: fileUrl(d.voucherKey),
    status: d.status,
    reason: d.reason,
    reviewed_by: d.reviewedBy,
    reviewed_at: d.reviewedAt,
    created_at: d.createdAt,
  }));
  return { data, ...pageInfo(total?.n ?? 0, page, limit) };
}

/** GET /admin/withdrawals: requests with the destination snapshot. */
export async function adminWithdrawals(
  db: Db,
  status: AdminWithdrawalItem["status"] | "all",
  page: number,
  limit: number,
): Promise<Paginated<AdminWithdrawalItem>> {
  const where = status === "all" ? undefined : eq(withdrawals.status, status);
  const [rows, total] = await Promise.all([
    db
      .select({
        w: withdrawals,
        currency: currencies.name,
        threshold: currencies.secondApprovalAbove,
        uid: users.uid,
        email: users.email,
        mobile: users.mobile,
        approver: { uid: firstApprover.uid, email: firstApprover.email, mobile: firstApprover.mobile },
      })
      .from(withdrawals)
      .innerJoin(currencies, eq(currencies.id, withdrawals.currencyId))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.firstApprovedBy))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(withdrawals).where(where).get(),
  ]);
  const data = rows.map(({ w, currency, threshold, uid, email, mobile, approver }) => ({
    id: w.id,
    user_id: w.userId,
    uid,
    email,
    mobile,
    currency_id: w.currencyId,
    currency,
    amount: w.amount,
    second_approval_above: threshold,
    first_approved_by: w.firstApprovedBy,
    first_approved_by_name: approverName(approver),
    first_approved_at: w.firstApprovedAt,
    fee: w.fee,
    receive: w.receive,
    destination_type: w.destinationType as 0 | 1 | 2,
    destination: JSON.parse(w.destination) as Record<string, unknown>,
    status: w.status,
    reason: w.reason,
    reviewed_by: w.reviewedBy,
    reviewed_at: w.reviewedAt,
    created_at: w.createdAt,
  }));
  return { data, ...pageInfo(total?.n ?? 0, page, limit) };
}
