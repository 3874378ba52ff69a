import type { AdminUserDetail, AdminUserSummary, AuditItem } from "../../../../schema/api/admin-users.ts";
import type { KycQueueItem, Paged } from "../../../../schema/api/kyc.ts";
import type { AdminDepositItem as AdminDeposit, AdminWithdrawalItem as AdminWithdrawal } from "../../../../schema/api/money.ts";
import { get, post, type RequestOptions } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

/** Operator console calls (all need the operator role; every decision is audited by the worker). */

export type { AdminDeposit, AdminUserDetail, AdminUserSummary, AdminWithdrawal, AuditItem, KycQueueItem, Paged };

/** A decision changes the queues, their counts and the user's figures: everything the console has read. */
const DECISION_KEYS = [[Q.admin]];

export type KycQueueStatus = "auditing" | "hasaudit" | "failed";
export const fetchKycQueue = (status: KycQueueStatus, page: number, limit = 20) =>
  get<Paged<KycQueueItem>>("/admin/kyc", { status, page, limit }, { silent: true });
export const approveKyc = mutation((id: number) => post<string>("/admin/kyc/approve", { id }), DECISION_KEYS);
export const rejectKyc = mutation((id: number, reason: string) => post<string>("/admin/kyc/reject", { id, reason }), DECISION_KEYS);

export const searchUsers = (q: string, page: number, limit = 20) =>
  get<Paged<AdminUserSummary>>("/admin/users", { q, page, limit }, { silent: true });

export const fetchUserDetail = (id: number) => get<AdminUserDetail>("/admin/users/detail", { id }, { silent: true });

export const fetchAudit = (page: number, limit = 20) => get<Paged<AuditItem>>("/admin/audit", { page, limit }, { silent: true });

// Money ------------------------------------------------------------------------

export type DepositStatus = "pending" | "confirmed" | "rejected" | "all";
export const fetchDeposits = (status: DepositStatus, page: number, limit = 20) =>
  get<Paged<AdminDeposit>>("/admin/deposits", { status, page, limit }, { silent: true });
/**
 * Decisions that move money carry an Idempotency-Key: a retry answers the first result.
 * `amount`: what the operator verified on-chain (at most the declared amount; "0" rejects).
 */
export const confirmDeposit = mutation(
  (id: number, amount: string, idempotencyKey: string) => post<string>("/admin/deposits/confirm", { id, amount }, { idempotencyKey }),
  DECISION_KEYS,
);
export const rejectDeposit = mutation(
  (id: number, reason: string, idempotencyKey: string) => post<string>("/admin/deposits/reject", { id, reason }, { idempotencyKey }),
  DECISION_KEYS,
);

export type WithdrawalStatus = "reviewing" | "approved" | "rejected" | "all";
export const fetchWithdrawals = (status: WithdrawalStatus, page: number, limit = 20) =>
  get<Paged<AdminWithdrawal>>("/admin/withdrawals", { status, page, limit }, { silent: true });
export const approveWithdrawal = mutation(
  (id: number, idempotencyKey: string) => post<string>("/admin/withdrawals/approve", { id }, { idempotencyKey }),
  DECISION_KEYS,
);
export const rejectWithdrawal = mutation(
  (id: number, reason: string, idempotencyKey: string) => post<string>("/admin/withdrawals/reject", { id, reason }, { idempotencyKey }),
  DECISION_KEYS,
);

export type AdminCurrency = {
  id: number;
  name: string;
  precision: number;
  display_decimals: number;
  is_legal: 0 | 1;
  is_change: 0 | 1;
  is_lever: 0 | 1;
  is_micro: 0 | 1;
  can_deposit: 0 | 1;
  can_withdraw: 0 | 1;
  min_withdraw: string;
  withdraw_fee: string;
  is_transfer: 0 | 1;
  transfer_fee_pct: string;
  logo: string;
  sort: number;
  enabled: 0 | 1;
  /** Four eyes: amounts strictly above it need a second operator; null when one suffices. */
  second_approval_above: string | null;
  usdt_price?: string | null;
};
export const CURRENCY_SWITCHES = ["enabled", "can_deposit", "can_withdraw", "is_legal", "is_change", "is_lever", "is_micro"] as const;
export type CurrencySwitch = (typeof CURRENCY_SWITCHES)[number];
export type CurrencyPatch = Partial<Record<CurrencySwitch, 0 | 1>> & {
  id: number;
  min_withdraw?: string;
  withdraw_fee?: string;
  price_usdt?: string;
  /** "" switches four eyes off. */
  second_approval_above?: string;
};

export const fetchCurrencies = () => get<AdminCurrency[]>("/admin/currencies", {}, { silent: true });
/** Saves a coin's configuration; what users read of it (the coin list) changes too. */
export const saveCurrency = mutation(
  (patch: CurrencyPatch, options: RequestOptions = {}) => post<AdminCurrency>("/admin/currencies", patch, options),
  [[Q.admin, "currencies"], [Q.coins]],
);

export type AdminDepositAddress = {
  id: number;
  currency_id: number;
  currency: string;
  chain: string;
  address: string;
  enabled: 0 | 1;
  demo: 0 | 1;
  created_at: number;
};
export const fetchDepositAddresses = () => get<AdminDepositAddress[]>("/admin/deposit-addresses", {}, { silent: true });
const ADDRESSES_KEYS = [[Q.admin, "deposit-addresses"], [Q.depositAddresses]];
export const addDepositAddress = mutation(
  (input: { currency: number; chain: string; address: string }, options: RequestOptions = {}) =>
    post<{ id: number }>("/admin/deposit-addresses", input, options),
  ADDRESSES_KEYS,
);
export const setDepositAddressEnabled = mutation(
  (id: number, enabled: boolean) => post<string>("/admin/deposit-addresses", { id, enabled: enabled ? 1 : 0 }),
  ADDRESSES_KEYS,
);

export type LedgerCheck = { ok: boolean; violations: { check: string; detail: Record<string, unknown> }[] };
export const checkLedger = () => get<LedgerCheck>("/admin/ledger/check", {}, { silent: true });

// What the console reads through the cache -----------------------------------------------------------

export const adminCurrenciesQuery: QueryDef<AdminCurrency[]> = { key: [Q.admin, "currencies"], load: fetchCurrencies };
export const adminDepositAddressesQuery: QueryDef<AdminDepositAddress[]> = {
  key: [Q.admin, "deposit-addresses"],
  load: fetchDepositAddresses,
};
export const adminUserQuery = (id: number): QueryDef<AdminUserDetail> => ({ key: [Q.admin, "user", id], load: () => fetchUserDetail(id) });
export const ledgerCheckQuery: QueryDef<LedgerCheck> = { key: [Q.admin, "ledger-check"], load: checkLedger };
/** The dashboard's waiting counts: one item of each queue carries its total. */
export const queueCountsQuery = {
  key: [Q.admin, "queue-counts"],
  load: () => Promise.all([fetchDeposits("pending", 1, 1), fetchWithdrawals("reviewing", 1, 1), fetchKycQueue("auditing", 1, 1)]),
} satisfies QueryDef<unknown>;
