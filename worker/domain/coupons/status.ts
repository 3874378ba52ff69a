import type { CouponKind, CouponTab, CouponView } from "../../../schema/api/invite.ts";

/** Coupon states, pure. */

type Status = CouponView["status"];

/** A coupon's state for its holder at `now`. */
export function couponStatus(kind: CouponKind, validTo: number, takenAt: number | null, now: number): Status {
  const ended = now >= validTo;
  if (kind === "bonus") return takenAt !== null ? "claimed" : ended ? "expired" : "open";
  if (takenAt !== null) return ended ? "used" : "active";
  return ended ? "expired" : "open";
}

export const TAB_OF: Record<Status, CouponTab> = { open: "valid", active: "valid", claimed: "used", used: "used", expired: "expired" };
