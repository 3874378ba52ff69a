import { Decimal } from "decimal.js";
import * as z from "zod/mini";
import { decimalString } from "./market.ts";
import { id, limit, page, trimmed, instant } from "./fields.ts";
import { MAX_REBATE_RATE, COUPON_KINDS, type CouponKind, COUPON_TABS } from "./invite-rules.ts";

/**
 * Invitations, rebates and coupons: the contracts. The money rules and the coupon tabs are in invite-rules.ts,
 * re-exported here; a page that only needs them never builds these schemas (zod at import is a long task on a phone).
 */

export * from "./invite-rules.ts";

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });

export type InviteConfig = { required: boolean; rate: string };

const RATE_RE = /^(?:0|0\.\d{1,4})$/;
const rateField = () =>
  z.pipe(
    trimmed(),
    z.pipe(
      z.string().check(z.refine((s) => RATE_RE.test(s) && new D(s).lte(MAX_REBATE_RATE), { error: "INVITE_RATE_INVALID" })),
      z.transform((s) => new D(s).toFixed()),
    ),
  );

export const inviteConfigSchema = z.strictObject({
  required: z.enum(["0", "1"], { error: "PARAMETER_ERROR" }),
  rate: rateField(),
});

export const rebateListSchema = z.strictObject({ page: page(), limit: limit(50, 20) });

/** What GET /invite/share answers: the user's code, the share it earns, its invitees (masked) and its latest rebates. */
export type ShareView = {
  invite_code: string;
  rate: string;
  required: boolean;
  invitees: { name: string; registered_at: number }[];
  invitee_count: number;
  totals: { currency: string; amount: string }[];
};

export type RebateView = { id: number; day: number; invitee: string; currency: string; fee: string; rate: string; amount: string };

// ---- coupons --------------------------------------------------------------------------

export const couponIssueSchema = z.strictObject({
  kind: z.enum(COUPON_KINDS, { error: "PARAMETER_ERROR" }),
  /** Whole percent, 1 to 100 (discount). */
  discount_pct: z.optional(z.pipe(id(), z.number().check(z.maximum(100, { error: "COUPON_PCT_INVALID" })))),
  /** Coin symbol and amount (bonus). */
  currency: z.optional(z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9]{1,20}$/, { error: "PARAMETER_ERROR" })))),
  amount: z.optional(decimalString()),
  /** The one user's UID; absent: everyone. */
  uid: z.optional(z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9-]{1,32}$/, { error: "COUPON_USER_NOT_FOUND" })))),
  valid_from: instant(),
  valid_to: instant(),
});
export type CouponIssueInput = z.infer<typeof couponIssueSchema>;

export const couponListSchema = z.strictObject({ tab: z._default(z.optional(z.enum(COUPON_TABS, { error: "PARAMETER_ERROR" })), "valid") });
export const couponIdSchema = z.strictObject({ id: id() });
export const adminCouponListSchema = z.strictObject({ page: page(), limit: limit(50, 20) });

/**
 * A coupon as its holder sees it. status: "open" (not taken yet), "active" (a discount taken, applying to fills until
 * valid_to), "claimed" (a bonus credited), "used" (a discount whose window ended after it was taken), "expired".
 */
export type CouponView = {
  id: number;
  kind: CouponKind;
  discount_pct: number | null;
  currency: string | null;
  amount: string | null;
  valid_from: number;
  valid_to: number;
  status: "open" | "active" | "claimed" | "used" | "expired";
  taken_at: number | null;
  /** What a discount has waived so far, per coin. */
  saved: { currency: string; amount: string }[];
};

export type AdminCouponView = Omit<CouponView, "status" | "taken_at" | "saved"> & { uid: string | null; taken: number; created_at: number };
