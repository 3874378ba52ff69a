import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimate } from "../../web/src/features/contract/estimate.ts";
import { type ContractTerms, liquidationPrice, opening } from "../../worker/domain/contracts/math.ts";
import { fromUnits } from "../../worker/domain/ledger/amounts.ts";

const TERMS: ContractTerms = {
  lotSize: "0.01",
  spread: "0.5",
  feeRate: "0.0005",
  overnightRate: "0.0003",
  hazardRate: "0.1",
  priceDecimals: 2,
  precision: 6,
};

describe("the order sheet's estimate", () => {
  it("shows the margin, fee and liquidation price the server will charge and apply", () => {
    expect(estimate(TERMS, 1, "95000", 3, 10)).toEqual({
      openPrice: "95000.5",
      quantity: "0.03",
      margin: "285.0015",
      fee: "1.425008",
      liqPrice: "86450.46",
    });
  });

  it("agrees with the server's math for any pair, side, price, lots and multiple", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(1, 2, 5, 10, 25, 50, 100),
        fc.constantFrom("0.01", "0.1", "1"),
        (side, cents, lots, multiple, lotSize) => {
          const terms = { ...TERMS, lotSize };
          const reference = (cents / 100).toFixed(2);
          const server = opening(terms, side, reference, lots, multiple);
          const web = estimate(terms, side, reference, lots, multiple);
          expect(web.openPrice).toBe(server.openPrice);
          expect(web.margin).toBe(fromUnits(server.marginUnits, 6));
          expect(web.fee).toBe(fromUnits(server.feeUnits, 6));
          expect(web.liqPrice).toBe(liquidationPrice(terms, side, server.openPrice, server.quantity, server.marginUnits));
        },
      ),
      { numRuns: 500 },
    );
  });
});
