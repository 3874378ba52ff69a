import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AmountError, D, fromUnits, isDecimalText, parseUserAmount, roundDisplay, toUnits } from "../../worker/domain/ledger/amounts.ts";

const code = (f: () => unknown): string => {
  try {
    f();
    return "ok";
  } catch (err) {
    return err instanceof AmountError ? err.code : `other: ${String(err)}`;
  }
};

describe("user amounts", () => {
  it("converts plain decimal text to minor units exactly", () => {
    expect(parseUserAmount("1", 8)).toBe(100_000_000);
    expect(parseUserAmount("0.00000001", 8)).toBe(1);
    expect(parseUserAmount("125.50", 6)).toBe(125_500_000);
    expect(parseUserAmount("1.500000000000", 2)).toBe(150);
    expect(parseUserAmount(" 7 ", 0)).toBe(7);
    expect(parseUserAmount("90071992.54740991", 8)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ["NaN", "INVALID_AMOUNT"],
    ["1e309", "INVALID_AMOUNT"],
    ["1E3", "INVALID_AMOUNT"],
    ["-1", "INVALID_AMOUNT"],
    ["+1", "INVALID_AMOUNT"],
    ["Infinity", "INVALID_AMOUNT"],
    ["0x10", "INVALID_AMOUNT"],
    [".5", "INVALID_AMOUNT"],
    ["1.", "INVALID_AMOUNT"],
    ["1,5", "INVALID_AMOUNT"],
    ["", "INVALID_AMOUNT"],
    ["١", "INVALID_AMOUNT"],
    ["0", "AMOUNT_NOT_POSITIVE"],
    ["0.000", "AMOUNT_NOT_POSITIVE"],
    ["0.123456789", "AMOUNT_TOO_PRECISE"],
    ["90071992.54740992", "AMOUNT_TOO_LARGE"],
    ["99999999999999999999", "AMOUNT_TOO_LARGE"],
  ])("refuses %j as %s", (text, expected) => {
    expect(code(() => parseUserAmount(text, 8))).toBe(expected);
  });

  it("round-trips every safe amount at every precision", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 8 }), (units, precision) => {
        const text = fromUnits(units, precision);
        expect(isDecimalText(text)).toBe(true);
        expect(parseUserAmount(text, precision)).toBe(units);
      }),
      { numRuns: 2000 },
    );
  });

  it("never accepts more decimals than the precision allows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        (precision, digit, whole) => {
          const text = `${whole}.${"0".repeat(precision)}${digit}`;
          expect(code(() => parseUserAmount(text, precision))).toBe("AMOUNT_TOO_PRECISE");
        },
      ),
    );
  });
});

describe("named rounding", () => {
  it("rounds only as asked", () => {
    expect(code(() => toUnits("1.005", 2, "exact"))).toBe("AMOUNT_TOO_PRECISE");
    expect(toUnits("1.005", 2, "down")).toBe(100);
    expect(toUnits("1.005", 2, "up")).toBe(101);
    expect(toUnits("1.005", 2, "half_up")).toBe(101);
    expect(toUnits("1.004", 2, "half_up")).toBe(100);
    expect(toUnits("-1.005", 2, "half_up")).toBe(-101);
    expect(toUnits("-1.005", 2, "down")).toBe(-100);
    expect(toUnits(new D("0.1").plus("0.2"), 1, "exact")).toBe(3);
    expect(code(() => toUnits("1e3", 2, "exact"))).toBe("INVALID_AMOUNT");
  });

  it("formats units as canonical text without exponents", () => {
    expect(fromUnits(0, 8)).toBe("0");
    expect(fromUnits(1, 8)).toBe("0.00000001");
    expect(fromUnits(-150, 2)).toBe("-1.5");
    expect(fromUnits(Number.MAX_SAFE_INTEGER, 8)).toBe("90071992.54740991");
    expect(() => fromUnits(0.5, 2)).toThrow();
    expect(() => fromUnits(2 ** 53, 2)).toThrow();
    expect(() => fromUnits(1, 9)).toThrow();
    expect(roundDisplay(new D("1.23456789"), 4)).toBe("1.2346");
    expect(roundDisplay(new D("0.00000000001"), 8)).toBe("0");
  });
});
