import { savedUnits } from "../../../schema/api/invite.ts";
import type { FillSide, FillStep } from "./steps.ts";

/**
 * Fee discounts at settlement, pure (README, "Design": Coupons). A discount coupon the owner took applies to each side
 * of a fill whose match time lies in [taken_at, valid_to); when several do, the largest percent (then the oldest coupon).
 * The fee kept is fee − floor(fee × pct / 100), so the house keeps the fraction; the waived units become a use row.
 * Decided by the fill's own time, so settling the same fill again decides the same.
 */

export type ActiveDiscount = { userCouponId: number; userId: number; pct: number; from: number; to: number };

export type CouponUse = {
  userCouponId: number;
  userId: number;
  fillId: string;
  /** 1 buy, 2 sell. */
  side: 1 | 2;
  orderId: number;
  currencyId: number;
  savedUnits: number;
};

/** The discount that applies to `owner`'s side of a fill at `time`, if any. */
export function discountFor(discounts: readonly ActiveDiscount[], owner: number, time: number): ActiveDiscount | undefined {
  let best: ActiveDiscount | undefined;
  for (const d of discounts) {
    if (d.userId !== owner || time < d.from || time >= d.to) continue;
    if (!best || d.pct > best.pct || (d.pct === best.pct && d.userCouponId < best.userCouponId)) best = d;
  }
  return best;
}

/** The fill with its fees reduced by the owners' discounts, and the uses to record with it. */
export function discountFill(
  step: FillStep,
  discounts: readonly ActiveDiscount[],
  coins: { base: number; quote: number },
): { step: FillStep; uses: CouponUse[] } {
  const uses: CouponUse[] = [];
  const adjust = (side: FillSide, which: 1 | 2): FillSide => {
    if (side.fee <= 0) return side;
    const d = discountFor(discounts, side.owner, step.time);
    if (!d) return side;
    const saved = savedUnits(side.fee, d.pct);
    if (saved <= 0) return side;
    uses.push({
      userCouponId: d.userCouponId,
      userId: side.owner,
      fillId: step.id,
      side: which,
      orderId: side.order,
      // The buyer pays its fee in the base coin it receives, the seller in the quote coin.
      currencyId: which === 1 ? coins.base : coins.quote,
      savedUnits: saved,
    });
    return { ...side, fee: side.fee - saved };
  };
  if (discounts.length === 0) return { step, uses };
  return { step: { ...step, buy: adjust(step.buy, 1), sell: adjust(step.sell, 2) }, uses };
}
