import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ContractTerms,
  type Side,
  checkStops,
  liquidationPrice,
  opening,
  overnightSplit,
  overnightUnits,
  profitUnits,
  riskRate,
  settlement,
} from "../../worker/domain/contracts/math.ts";

const BTC: ContractTerms = {
  lotSize: "0.01",
  spread: "0.5",
  feeRate: "0.0005",
  overnightRate: "0.0003",
  hazardRate: "0.1",
  priceDecimals: 2,
  precision: 6,
};

describe("contract sizing", () => {
  it("a long of 3 lots at 10x opens at reference + spread with margin and fee rounded up", () => {
    const o = opening(BTC, 1, "95000", 3, 10);
    expect(o).toEqual({ openPrice: "95000.5", quantity: "0.03", notional: "2850.015", marginUnits: 285_001_500, feeUnits: 1_425_008 });
  });

  it("a short opens at reference − spread", () => {
    const o = opening(BTC, 2, "95000", 1, 100);
    expect(o.openPrice).toBe("94999.5");
    expect(o.marginUnits).toBe(9_499_950);
    expect(o.feeUnits).toBe(474_998); // 0.47499750 rounded up to 0.474998
  });
});

describe("profit and loss", () => {
  it("a long gains (price − open) × quantity; a short the reverse", () => {
    expect(profitUnits(6, 1, "95000.5", "0.03", "96000")).toBe(29_985_000);
    expect(profitUnits(6, 2, "95000.5", "0.03", "96000")).toBe(-29_985_000);
  });

  it("rounds the user's P/L toward minus infinity (the house's favour)", () => {
    expect(profitUnits(2, 1, "1", "0.001", "1.001")).toBe(0); // +0.000001 → 0
    expect(profitUnits(2, 1, "1.001", "0.001", "1")).toBe(-1); // −0.000001 → −0.01
  });
});

describe("liquidation price (isolated margin)", () => {
  it("a 10x long liquidates 9 % below open with a 10 % hazard rate, rounded up to the tick", () => {
    // margin 285.0015, room = 285.0015 × 0.9 / 0.03 = 8550.045 → 95000.5 − 8550.045 = 86450.455 → 86450.46
    expect(liquidationPrice(BTC, 1, "95000.5", "0.03", 285_001_500)).toBe("86450.46");
    expect(liquidationPrice(BTC, 2, "95000.5", "0.03", 285_001_500)).toBe("103550.54");
  });

  const arbitrary = fc.record({
    side: fc.constantFrom<Side>(1, 2),
    ref: fc.integer({ min: 100, max: 20_000_000 }), // cents
    lots: fc.integer({ min: 1, max: 500 }),
    multiple: fc.constantFrom(5, 10, 25, 50, 100, 200),
  });

  it("at the published price equity is at most the hazard share above; one tick nearer the open it is above it", () => {
    fc.assert(
      fc.property(arbitrary, ({ side, ref, lots, multiple }) => {
        const o = opening(BTC, side, (ref / 100).toFixed(2), lots, multiple);
        const liq = liquidationPrice(BTC, side, o.openPrice, o.quantity, o.marginUnits);
        const threshold = o.marginUnits * 0.1;
        const equityAt = (price: string) => o.marginUnits + profitUnits(6, side, o.openPrice, o.quantity, price);
        // Rounded toward the open: equity at the level is no lower than the exact rule's (we fire no later)...
        expect(equityAt(liq)).toBeGreaterThanOrEqual(Math.floor(threshold) - 1);
        // ...and at most one price step of quantity above it.
        const step = Math.ceil(Number(o.quantity) * 0.01 * 1e6) + 1;
        expect(equityAt(liq)).toBeLessThanOrEqual(threshold + step);
      }),
      { numRuns: 300 },
    );
  });
});

describe("settlement never takes more than the margin from the user", () => {
  it("pays margin + P/L, and the insurance account covers a loss beyond the margin", () => {
    expect(settlement(1000, 250)).toEqual({ userUnits: 1250, houseUnits: -250, insuranceUnits: 0 });
    expect(settlement(1000, -1000)).toEqual({ userUnits: 0, houseUnits: 1000, insuranceUnits: 0 });
    expect(settlement(1000, -1300)).toEqual({ userUnits: 0, houseUnits: 1300, insuranceUnits: 300 });
  });

  it("balances against the margin for any P/L (user + house − insurance = margin)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: -2e12, max: 2e12 }), (margin, pnl) => {
        const s = settlement(margin, pnl);
        expect(s.userUnits + s.houseUnits - s.insuranceUnits).toBe(margin);
        expect(s.userUnits).toBeGreaterThanOrEqual(0);
        expect(s.insuranceUnits).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("overnight fee", () => {
  it("is open notional × rate rounded up, taken from margin first, then what the balance holds", () => {
    expect(overnightUnits(BTC, "95000.5", "0.03")).toBe(855_005); // 0.8550045 → 0.855005
    expect(overnightSplit(500, 2000, 0)).toEqual({ fromMargin: 500, fromBalance: 0 });
    expect(overnightSplit(500, 200, 1000)).toEqual({ fromMargin: 200, fromBalance: 300 });
    expect(overnightSplit(500, 200, 100)).toEqual({ fromMargin: 200, fromBalance: 100 });
  });
});

describe("risk rate and stops", () => {
  it("risk rate is (margin + P/L) / margin in percent, two decimals down", () => {
    expect(riskRate(1000, -333)).toBe("66.7");
    expect(riskRate(3, 1)).toBe("133.33");
  });

  it("a long's take-profit must be above both the open and the current price, its stop-loss below both", () => {
    expect(checkStops(1, "100", "105", "106", "99")).toBe("ok");
    expect(checkStops(1, "100", "105", "104", null)).toBe("TP_NOT_BEYOND");
    expect(checkStops(1, "100", "95", null, "97")).toBe("SL_NOT_BEYOND");
    expect(checkStops(2, "100", "95", "94", "101")).toBe("ok");
    expect(checkStops(2, "100", "95", "96", null)).toBe("TP_NOT_BEYOND");
    expect(checkStops(2, "100", "105", null, "103")).toBe("SL_NOT_BEYOND");
  });
});
