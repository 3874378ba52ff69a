import type { AdminUserSummary, AuditItem } from "../../../../schema/api/admin-users.ts";
import type { KycQueueItem, Paged } from "../../../../schema/api/kyc.ts";
import { get, post } from "../../lib/api.ts";

/** Operator console calls (all need the operator role; every decision is audited by the worker). */

export type { AdminUserSummary, AuditItem, KycQueueItem, Paged };

export type KycQueueStatus = "auditing" | "hasaudit" | "failed";
export const fetchKycQueue = (status: KycQueueStatus, page: number, limit = 20) => get<Paged<KycQueueItem>>("/admin/kyc", { status, page, limit }, { silent: true });
export const approveKyc = (id: number) => post<string>("/admin/kyc/approve", { id });
export const rejectKyc = (id: number, reason: string) => post<string>("/admin/kyc/reject", { id, reason });

export const searchUsers = (q: string, page: number, limit = 20) => get<Paged<AdminUserSummary>>("/admin/users", { q, page, limit }, { silent: true });

export type AdminUserDetail = {
  user: {
    id: number;
    uid: string;
    email: string | null;
    area_code: string | null;
    mobile: string | null;
    wallet_address: string | null;
    nickname: string;
    signature: string;
    avatar: string;
    credit_score: number;
    vip_level: number;
    invite_code: string;
    invited_by: number | null;
    role: string;
    status: string;
    has_pay_password: boolean;
    created_at: number;
  };
  verification: {
    level: number;
    submissions: {
      id: number;
      level: number;
      status: "auditing" | "hasaudit" | "failed";
      id_type: number | null;
      name: string | null;
      card_id: string | null;
      front_pic: string | null;
      reverse_pic: string | null;
      reason: string;
      created_at: number;
      reviewed_at: number | null;
      reviewed_by: number | null;
    }[];
  };
  bank_cards: ({ id: number; kind: "domestic" | "international"; created_at: number } & Record<string, string | number>)[];
  addresses: { id: number; currency: number; currency_name: string; name: string; address: string; chain: string; created_at: number }[];
  balances: { currency_id: number; currency_name: string; account_type: number; account: string; available: string; locked: string }[];
  ledger: {
    id: number;
    journal_id: number;
    kind: string;
    ref_key: string;
    currency_id: number;
    currency_name: string;
    account_type: number;
    account: string;
    bucket: "available" | "locked";
    amount: string;
    created_at: number;
  }[];
};
export const fetchUserDetail = (id: number) => get<AdminUserDetail>("/admin/users/detail", { id }, { silent: true });

export const fetchAudit = (page: number, limit = 20) => get<Paged<AuditItem>>("/admin/audit", { page, limit }, { silent: true });

// Money ------------------------------------------------------------------------

export type DepositStatus = "pending" | "confirmed" | "rejected" | "all";
export type AdminDeposit = {
  id: number;
  user_id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  currency_id: number;
  currency: string;
  amount: string;
  chain: string;
  voucher_url: string;
  status: "pending" | "confirmed" | "rejected";
  reason: string;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
};
export const fetchDeposits = (status: DepositStatus, page: number, limit = 20) => get<Paged<AdminDeposit>>("/admin/deposits", { status, page, limit }, { silent: true });
export const confirmDeposit = (id: number) => post<string>("/admin/deposits/confirm", { id });
export const rejectDeposit = (id: number, reason: string) => post<string>("/admin/deposits/reject", { id, reason });

export type WithdrawalStatus = "reviewing" | "approved" | "rejected" | "all";
export type AdminWithdrawal = {
  id: number;
  user_id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  currency_id: number;
  currency: string;
  amount: string;
  fee: string;
  receive: string;
  destination_type: 0 | 1 | 2;
  destination: Record<string, unknown>;
  status: "reviewing" | "approved" | "rejected";
  reason: string;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
};
export const fetchWithdrawals = (status: WithdrawalStatus, page: number, limit = 20) =>
  get<Paged<AdminWithdrawal>>("/admin/withdrawals", { status, page, limit }, { silent: true });
export const approveWithdrawal = (id: number) => post<string>("/admin/withdrawals/approve", { id });
export const rejectWithdrawal = (id: number, reason: string) => post<string>("/admin/withdrawals/reject", { id, reason });

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
  usdt_price?: string | null;
};
export const CURRENCY_SWITCHES = ["enabled", "can_deposit", "can_withdraw", "is_legal", "is_change", "is_lever", "is_micro"] as const;
export type CurrencySwitch = (typeof CURRENCY_SWITCHES)[number];
export type CurrencyPatch = Partial<Record<CurrencySwitch, 0 | 1>> & { id: number; min_withdraw?: string; withdraw_fee?: string; price_usdt?: string };

export const fetchCurrencies = () => get<AdminCurrency[]>("/admin/currencies", {}, { silent: true });
export const saveCurrency = (patch: CurrencyPatch) => post<AdminCurrency>("/admin/currencies", patch);

export type AdminDepositAddress = { id: number; currency_id: number; currency: string; chain: string; address: string; enabled: 0 | 1; created_at: number };
export const fetchDepositAddresses = () => get<AdminDepositAddress[]>("/admin/deposit-addresses", {}, { silent: true });
export const addDepositAddress = (input: { currency: number; chain: string; address: string }) => post<{ id: number }>("/admin/deposit-addresses", input);
export const setDepositAddressEnabled = (id: number, enabled: boolean) => post<string>("/admin/deposit-addresses", { id, enabled: enabled ? 1 : 0 });

export type LedgerCheck = { ok: boolean; violations: { check: string; detail: Record<string, unknown> }[] };
export const checkLedger = () => get<LedgerCheck>("/admin/ledger/check", {}, { silent: true });
