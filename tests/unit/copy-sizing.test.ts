import { Decimal } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyLots, followNumber, ruleLots } from "../../worker/domain/copy/sizing.ts";

const LIMITS = { minLots: 1, maxLots: 500 };
/** Follow numbers as the API accepts them: 0.01 to 5.00 in hundredths. */
const number = fc.integer({ min: 1, max: 500 }).map((h) => (h / 100).toFixed(2));

/** The naive model: the rule's figure in hundredths by integer arithmetic, floored to whole lots, at least 1, within the limits. */
function model(type: 1 | 2, hundredths: number, traderLots: number, limits = LIMITS): number {
  const figure = type === 1 ? hundredths * traderLots : hundredths;
  const whole = Math.max(1, Math.floor(figure / 100));
  return Math.min(limits.maxLots, Math.max(limits.minLots, whole));
}

describe("copy sizing", () => {
  it("a fixed multiple copies trader lots × multiple, rounded down to two decimals, then to whole lots", () => {
    expect(ruleLots({ type: 1, number: "1.5" }, 3)).toBe("4.50");
    expect(copyLots({ type: 1, number: "1.5" }, 3, LIMITS)).toBe(4);
    expect(copyLots({ type: 1, number: "0.33" }, 10, LIMITS)).toBe(3);
    expect(copyLots({ type: 1, number: "5" }, 200, LIMITS)).toBe(500);
  });

  it("fixed lots ignore the trader's size; the minimum is one lot", () => {
    expect(copyLots({ type: 2, number: "2.99" }, 1, LIMITS)).toBe(2);
    expect(copyLots({ type: 2, number: "2.99" }, 400, LIMITS)).toBe(2);
    expect(copyLots({ type: 2, number: "0.01" }, 7, LIMITS)).toBe(1);
    expect(copyLots({ type: 1, number: "0.10" }, 3, LIMITS)).toBe(1);
  });

  it("keeps within the pair's lot limits", () => {
    expect(copyLots({ type: 2, number: "1" }, 1, { minLots: 2, maxLots: 10 })).toBe(2);
    expect(copyLots({ type: 1, number: "5" }, 9, { minLots: 1, maxLots: 10 })).toBe(10);
  });

  it("property: matches the integer model, is whole, within limits, and never exceeds the rule's figure above the minimum", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        number,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 600 }),
        (type, n, traderLots, minLots, span) => {
          const limits = { minLots, maxLots: minLots + span };
          const lots = copyLots({ type, number: n }, traderLots, limits);
          const hundredths = Math.round(Number(n) * 100);
          expect(lots).toBe(model(type, hundredths, traderLots, limits));
          expect(Number.isInteger(lots)).toBe(true);
          expect(lots).toBeGreaterThanOrEqual(limits.minLots);
          expect(lots).toBeLessThanOrEqual(limits.maxLots);
          const figure = new Decimal(ruleLots({ type, number: n }, traderLots));
          if (lots > Math.max(1, limits.minLots)) expect(figure.gte(lots)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: a larger multiple never copies fewer lots", () => {
    fc.assert(
      fc.property(number, number, fc.integer({ min: 1, max: 500 }), (a, b, traderLots) => {
        const [lo, hi] = Number(a) <= Number(b) ? [a, b] : [b, a];
        expect(copyLots({ type: 1, number: lo }, traderLots, LIMITS)).toBeLessThanOrEqual(
          copyLots({ type: 1, number: hi }, traderLots, LIMITS),
        );
      }),
    );
  });

  it("accepts follow numbers above 0, at most 5, with at most two decimals", () => {
    expect(followNumber("1.5")).toBe("1.50");
    expect(followNumber("5")).toBe("5.00");
    expect(followNumber("0.01")).toBe("0.01");
    for (const bad of ["0", "0.00", "5.01", "1.234", "-1", "abc", "", "1e1", "10"]) expect(followNumber(bad)).toBeNull();
  });
});
