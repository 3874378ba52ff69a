import { Decimal } from "decimal.js";
import * as z from "zod/mini";
import { decimalString } from "./market.ts";
import { id, limit, page, trimmed, instant } from "./fields.ts";

/**
 * Invitations, rebates and coupons: contracts and the money rules, shared by the worker (which pays with them) and
 * the pages (which show them). Pure.
 *   rebate = floor(fee × rate) per invitee, coin and day, so an inviter never gets more than the fees collected.
 *   saved  = floor(fee × pct / 100) per side of a fill, so the fee kept rounds in the house's favour.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });

/** Settings rows (public, so the register page knows whether the code is required): the original's names. */
export const INVITE_REQUIRED_KEY = "sharar_radio";
export const INVITE_RATE_KEY = "invite_rebate_rate";
/** The published share may not exceed half of the fees. */
export const MAX_REBATE_RATE = "0.5";
export const DEFAULT_REBATE_RATE = "0.2";

export const DAY_MS = 86_400_000;
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** Minor units rebated of `feeUnits` at `rate` (decimal text in [0, 0.5]), rounded down. */
export function rebateUnits(feeUnits: number, rate: string): number {
  return new D(feeUnits).times(rate).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

/** Minor units of a fee waived by a `pct` percent discount, rounded down (the house keeps the fraction). */
export function savedUnits(feeUnits: number, pct: number): number {
  return new D(feeUnits).times(pct).div(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

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

export const COUPON_KINDS = ["discount", "bonus"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_TABS = ["valid", "used", "expired"] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

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
