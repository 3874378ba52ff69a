import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { costUnits, distributeAt, remainingPct, timeStatus } from "../../schema/api/ieo.ts";

describe("IEO rules against simple models", () => {
  it("the cost is ceil(amount × price) in the pay coin's minor units, exactly (BigInt model)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 45 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 10 ** 12 }),
        (amount, tokenPrecision, payPrecision, priceUnits) => {
          // price = priceUnits / 10^8; cost = amount / 10^tp × price × 10^pp, rounded up.
          const price = String(priceUnits).padStart(9, "0");
          const priceText = `${price.slice(0, -8)}.${price.slice(-8)}`;
          const num = BigInt(amount) * BigInt(priceUnits) * 10n ** BigInt(payPrecision);
          const den = 10n ** BigInt(tokenPrecision) * 10n ** 8n;
          const model = (num + den - 1n) / den;
          fc.pre(model <= BigInt(Number.MAX_SAFE_INTEGER));
          expect(costUnits(amount, tokenPrecision, priceText, payPrecision)).toBe(Number(model));
        },
      ),
    );
  });

  it("200 EDGE at 0.05 USDT cost 10 USDT; one unit at a price that does not divide rounds up", () => {
    expect(costUnits(200 * 1e8, 8, "0.05", 6)).toBe(10_000_000);
    expect(costUnits(1, 8, "0.00000001", 6)).toBe(1);
  });

  it("the time status follows the dates: warm-up before the start, in progress until the end, then finished", () => {
    const p = { startAt: 1_000, endAt: 2_000 };
    expect([999, 1_000, 1_999, 2_000, 9_999].map((now) => timeStatus(p, now))).toEqual([1, 2, 2, 3, 3]);
    expect(distributeAt({ endAt: 2_000, lockDays: 3 })).toBe(2_000 + 3 * 86_400_000);
  });

  it("the share left is in percent, rounded down, 100 when nothing is sold", () => {
    expect([remainingPct(300, 0), remainingPct(300, 100), remainingPct(300, 300), remainingPct(3, 1)]).toEqual([
      "100",
      "66.66",
      "0",
      "66.66",
    ]);
  });
});
