import { describe, expect, it } from "vitest";
import { DAY_MS, inviteConfigSchema, rebateUnits, savedUnits } from "../../schema/api/invite.ts";
import { couponStatus } from "../../worker/domain/coupons/status.ts";
import { REBATE_GRACE_MS, payableDays, rebateJournal, rebateLines } from "../../worker/domain/invite/rebate-rules.ts";
import { discountFill, discountFor } from "../../worker/domain/markets/fee-discount.ts";
import type { FillStep } from "../../worker/domain/markets/steps.ts";
import * as z from "zod/mini";

describe("rebate and discount arithmetic", () => {
  it("rebates round down, so an inviter never gets more than the fee (nor a unit of a fee too small)", () => {
    expect(rebateUnits(1_000, "0.2")).toBe(200);
    expect(rebateUnits(412_352, "0.2")).toBe(82_470);
    expect(rebateUnits(4, "0.2")).toBe(0);
    expect(rebateUnits(9_007_199_254_740_991, "0.5")).toBe(4_503_599_627_370_495);
    expect(rebateUnits(7, "0")).toBe(0);
  });

  it("a discount waives floor(fee × pct / 100): the house keeps the fraction", () => {
    expect(savedUnits(1_230, 30)).toBe(369);
    expect(savedUnits(3, 50)).toBe(1);
    expect(savedUnits(1, 99)).toBe(0);
    expect(savedUnits(1_000, 100)).toBe(1_000);
  });

  it("rebate lines drop fees too small to earn a unit, and the journal pays each coin's sum from the fee account", () => {
    const lines = rebateLines(
      [
        { inviteeId: 5, currencyId: 3, feeUnits: 500 },
        { inviteeId: 6, currencyId: 3, feeUnits: 4 },
        { inviteeId: 6, currencyId: 1, feeUnits: 1_001 },
      ],
      "0.25",
    );
    expect(lines).toEqual([
      { inviteeId: 5, currencyId: 3, feeUnits: 500, rebateUnits: 125 },
      { inviteeId: 6, currencyId: 3, feeUnits: 4, rebateUnits: 1 },
      { inviteeId: 6, currencyId: 1, feeUnits: 1_001, rebateUnits: 250 },
    ]);
    const j = rebateJournal(9, 20_000, lines);
    expect(j.refKey).toBe("rebate:9:20000");
    expect(j.kind).toBe("invite_rebate");
    expect(j.lines).toEqual([
      { userId: -2, currencyId: 3, accountType: 2, bucket: "available", amount: -126 },
      { userId: 9, currencyId: 3, accountType: 2, bucket: "available", amount: 126 },
      { userId: -2, currencyId: 1, accountType: 2, bucket: "available", amount: -250 },
      { userId: 9, currencyId: 1, accountType: 2, bucket: "available", amount: 250 },
    ]);
  });

  it("a day is payable once it ended plus the grace, looking back seven days", () => {
    const day = 20_000;
    expect(payableDays(day * DAY_MS + REBATE_GRACE_MS - 1)).toEqual([19_992, 19_993, 19_994, 19_995, 19_996, 19_997, 19_998]);
    expect(payableDays(day * DAY_MS + REBATE_GRACE_MS)).toEqual([19_993, 19_994, 19_995, 19_996, 19_997, 19_998, 19_999]);
  });

  it("the published share is a decimal from 0 to 0.5 with at most 4 decimals, stored canonical", () => {
    const ok = (rate: string) => z.safeParse(inviteConfigSchema, { required: "0", rate });
    expect(ok("0.2500").data?.rate).toBe("0.25");
    expect(ok("0").data?.rate).toBe("0");
    expect(ok("0.5").success).toBe(true);
    for (const bad of ["0.5001", "1", "0.12345", ".2", "abc", "-0.1", ""]) expect(ok(bad).success, bad).toBe(false);
  });
});

describe("fee discounts on a fill", () => {
  const fill: FillStep = {
    k: "fill",
    id: "1:7",
    seq: 7,
    time: 1_000,
    price: 5_000_000,
    qty: 123,
    baseUnits: 1_230_000,
    quoteUnits: 615_000_000,
    takerSide: "buy",
    buy: { order: 11, owner: 100, hold: "h1", fee: 1_230, status: "filled" },
    sell: { order: 12, owner: 200, hold: "h2", fee: 492_000, status: "filled" },
  };
  const coins = { base: 1, quote: 3 };

  it("applies the owner's largest discount in force at the fill's time to that owner's side only", () => {
    const discounts = [
      { userCouponId: 1, userId: 100, pct: 10, from: 0, to: 5_000 },
      { userCouponId: 2, userId: 100, pct: 30, from: 500, to: 5_000 },
      { userCouponId: 3, userId: 100, pct: 90, from: 1_001, to: 5_000 },
      { userCouponId: 4, userId: 100, pct: 80, from: 0, to: 1_000 },
    ];
    const r = discountFill(fill, discounts, coins);
    expect(r.step.buy.fee).toBe(861);
    expect(r.step.sell).toEqual(fill.sell);
    expect(r.uses).toEqual([{ userCouponId: 2, userId: 100, fillId: "1:7", side: 1, orderId: 11, currencyId: 1, savedUnits: 369 }]);
    expect(fill.buy.fee).toBe(1_230);
  });

  it("the seller's discount is in the quote coin; a saving that rounds to zero records nothing", () => {
    const r = discountFill(
      { ...fill, buy: { ...fill.buy, fee: 1 } },
      [
        { userCouponId: 5, userId: 200, pct: 50, from: 0, to: 2_000 },
        { userCouponId: 6, userId: 100, pct: 50, from: 0, to: 2_000 },
      ],
      coins,
    );
    expect(r.step.sell.fee).toBe(246_000);
    expect(r.step.buy.fee).toBe(1);
    expect(r.uses).toEqual([{ userCouponId: 5, userId: 200, fillId: "1:7", side: 2, orderId: 12, currencyId: 3, savedUnits: 246_000 }]);
  });

  it("ties go to the oldest coupon; nobody's discount leaves the fill untouched", () => {
    expect(
      discountFor(
        [
          { userCouponId: 9, userId: 1, pct: 20, from: 0, to: 9 },
          { userCouponId: 3, userId: 1, pct: 20, from: 0, to: 9 },
        ],
        1,
        5,
      )?.userCouponId,
    ).toBe(3);
    expect(discountFill(fill, [], coins)).toEqual({ step: fill, uses: [] });
  });
});

describe("coupon states", () => {
  it("a bonus is open, claimed or expired; a discount is open, active, used (taken and ended) or expired (never taken)", () => {
    expect(couponStatus("bonus", 100, null, 50)).toBe("open");
    expect(couponStatus("bonus", 100, 40, 150)).toBe("claimed");
    expect(couponStatus("bonus", 100, null, 100)).toBe("expired");
    expect(couponStatus("discount", 100, null, 50)).toBe("open");
    expect(couponStatus("discount", 100, 40, 50)).toBe("active");
    expect(couponStatus("discount", 100, 40, 100)).toBe("used");
    expect(couponStatus("discount", 100, null, 100)).toBe("expired");
  });
});
