import { Decimal } from "decimal.js";

/**
 * Invitations, rebates and coupons: the money rules and the coupon tabs, shared by the worker (which pays with them) and
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

export const COUPON_KINDS = ["discount", "bonus"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_TABS = ["valid", "used", "expired"] as const;
export type CouponTab = (typeof COUPON_TABS)[number];
