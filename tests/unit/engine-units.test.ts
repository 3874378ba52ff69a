import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fromLots,
  fromQuoteUnits,
  fromTicks,
  multiplySizes,
  notional,
  toLots,
  toQuoteUnits,
  toTicks,
} from "../../worker/domain/markets/units.ts";

describe("decimal strings to ticks and lots", () => {
  it("converts prices exactly with decimal and non-decimal tick sizes", () => {
    expect(toTicks("27123.45", "0.01")).toBe(2_712_345);
    expect(toTicks("27123.4", "0.01")).toBe(2_712_340);
    expect(toTicks("27123", "0.5")).toBe(54_246);
    expect(toTicks("0.00001234", "0.00000001")).toBe(1234);
    expect(toTicks("100", "5")).toBe(20);
    expect(fromTicks(2_712_345, "0.01")).toBe("27123.45");
    expect(fromTicks(2_712_340, "0.01")).toBe("27123.4");
    expect(fromTicks(54_247, "0.5")).toBe("27123.5");
    expect(fromTicks(1234, "0.00000001")).toBe("0.00001234");
    expect(fromTicks(0, "0.01")).toBe("0");
  });

  it("refuses a price off the tick unless asked to round, and rounds the way asked", () => {
    expect(() => toTicks("27123.455", "0.01")).toThrow(RangeError);
    expect(toTicks("27123.455", "0.01", "down")).toBe(2_712_345);
    expect(toTicks("27123.455", "0.01", "up")).toBe(2_712_346);
    expect(toLots("1.2345", "0.001", "down")).toBe(1234);
    expect(fromLots(1234, "0.001")).toBe("1.234");
  });

  it("refuses what is not a plain non-negative decimal, a zero step, and results past 2^53", () => {
    for (const bad of ["", "-1", "1e5", "1.", ".5", "0x10", " 1", "NaN", "1,5"]) {
      expect(() => toTicks(bad, "0.01"), bad).toThrow(RangeError);
    }
    expect(() => toTicks("1", "0")).toThrow(RangeError);
    expect(() => toLots("90071992547409.92", "0.01")).toThrow(RangeError);
    expect(toLots("90071992547409.91", "0.01")).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => fromTicks(1.5, "0.01")).toThrow(RangeError);
  });

  it("round-trips any safe integer through text", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom("1", "0.01", "0.5", "0.00000001", "25", "0.0025"),
        (n, step) => {
          expect(toTicks(fromTicks(n, step), step)).toBe(n);
        },
      ),
    );
  });

  it("prices quote amounts in ticks x lots, rounding budgets down", () => {
    expect(multiplySizes("0.01", "0.001")).toBe("0.00001");
    // 100 USDT at tick 0.01 and lot 0.001: one quote unit is 0.00001 USDT.
    expect(toQuoteUnits("100", "0.01", "0.001")).toBe(10_000_000);
    expect(toQuoteUnits("100.000019", "0.01", "0.001")).toBe(10_000_001);
    expect(fromQuoteUnits(10_000_001, "0.01", "0.001")).toBe("100.00001");
    // 27123.45 x 0.5 lots of 0.001 = 13.561725
    expect(notional(2_712_345, 500, "0.01", "0.001")).toBe("13561.725");
    // past 2^53 in units, still exact
    expect(notional(Number.MAX_SAFE_INTEGER, 1000, "0.01", "0.01")).toBe("900719925474099.1");
  });
});
