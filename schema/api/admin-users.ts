import * as z from "zod/mini";
import type { BankCardView } from "./bank.ts";
import { id, limit, page } from "./fields.ts";
import type { KycQueueItem } from "./kyc.ts";
import type { WalletAddressItem } from "./wallet-addresses.ts";

/** Operator console: user look-up, user detail and the audit log. */

export const adminUserSearchSchema = z.strictObject({
  /** A uid, email (prefix, case-insensitive), mobile (prefix) or internal id; empty lists everyone, newest first. */
  q: z._default(
    z.optional(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((s) => s.trim()),
        ),
        z.string().check(z.maxLength(100)),
      ),
    ),
    "",
  ),
  page: page(),
  limit: limit(100, 20),
});

export const adminUserDetailSchema = z.strictObject({ id: id() });

export const adminAuditSchema = z.strictObject({ page: page(), limit: limit(100, 20) });

export type AdminUserSummary = {
  id: number;
  uid: string;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  nickname: string;
  role: string;
  status: string;
  vip_level: number;
  kyc_level: number;
  created_at: number;
};

/**
 * One operator action, readable: the operator's name, the public UID of the user it concerns (the subject, or the
 * owner of the request or verification), and `detail` with user ids left out and operator ids replaced by names.
 */
export type AuditItem = {
  id: number;
  actor_id: number;
  actor_uid: string | null;
  actor_name: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  user_uid: string | null;
  detail: unknown;
  created_at: number;
};

export type AdminUserDetail = {
  /** Profile without any secret: hashes are never selected. */
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
    /** Loan eligibility flags operators set. */
    market_maker: boolean;
    pro_trader: boolean;
    created_at: number;
  };
  verification: {
    level: number;
    /** Newest first; ID numbers in full (operators only). */
    submissions: Omit<KycQueueItem, "user_id" | "uid" | "email" | "mobile">[];
  };
  /** Account numbers in full, for paying out (the read is audited). */
  bank_cards: (BankCardView & { id: number; kind: "domestic" | "international" })[];
  addresses: WalletAddressItem[];
  /** Per currency and account type, decimal text. */
  balances: { currency_id: number; currency_name: string; account_type: number; account: string; available: string; locked: string }[];
  /** The last 50 ledger rows, newest first; amounts signed decimal text. */
  ledger: {
    id: number;
    journal_id: number;
    kind: string;
    ref_key: string;
    memo: unknown;
    currency_id: number;
    currency_name: string;
    account_type: number;
    account: string;
    bucket: "available" | "locked";
    amount: string;
    created_at: number;
  }[];
};
