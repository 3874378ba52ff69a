import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  belowLiquidation,
  collateralValue,
  dayInterestUnits,
  interestForDay,
  liquidationSplit,
  maxLoan,
  owedDays,
  totalDueUnits,
} from "../../schema/api/loans.ts";

/**
 * The loan formulas against a BigInt model. Prices are generated as integers over 10^2 (cents), so the model's
 * arithmetic is exact rationals: value = collateral units × cents / (10^precision × 100).
 */

const pct = fc.integer({ min: 0, max: 100_000 }).map((n) => ({ text: (n / 10_000).toFixed(4), num: BigInt(n) })); // 0 … 10 %
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const precision = fc.constantFrom(6, 8);
const cents = fc.integer({ min: 1, max: 20_000_000 }); // 0.01 … 200,000.00 USDT
const priceText = (c: number) => (c / 100).toFixed(2);

describe("loan formulas against a BigInt model", () => {
  it("a day's interest is ceil(principal × rate % / 100) in minor units (the house's favour)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 45 }), pct, (principal, rate) => {
        expect(dayInterestUnits(principal, rate.text)).toBe(Number(ceilDiv(BigInt(principal) * rate.num, 1_000_000n)));
      }),
    );
  });

  it("day d carries the daily interest before the due day and the overdue interest from it on; owed days are accrued+1 … today", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (start, term, ahead) => {
          const l = { dailyInterest: 3, overdueInterest: 30, dueDay: start + term };
          const days = owedDays(start - 1, start + ahead);
          expect(days).toEqual(Array.from({ length: ahead + 1 }, (_, i) => start + i));
          const total = days.reduce((s, d) => s + interestForDay(l, d), 0);
          const regular = Math.min(ahead + 1, term);
          expect(total).toBe(regular * 3 + (ahead + 1 - regular) * 30);
          expect(owedDays(start + ahead, start + ahead)).toEqual([]);
        },
      ),
    );
  });

  it("the total due at term is principal + term × daily interest", () => {
    expect(totalDueUnits(500_000_000_000, 30, 250_000_000)).toBe(507_500_000_000);
  });

  it("liquidation is decided exactly: value × 100 < debt × 110", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), precision, cents, fc.integer({ min: 1, max: 2 ** 45 }), (units, p, c, debt) => {
        const value = collateralValue(units, p, priceText(c));
        // value × 100 < debt/10^6 × 110  ⇔  units × c × 10^6 × 100 < debt × 110 × 10^p × 100
        const model = BigInt(units) * BigInt(c) * 10n ** 6n * 100n < BigInt(debt) * 110n * 10n ** BigInt(p) * 100n;
        expect(belowLiquidation(value, debt, 6)).toBe(model);
      }),
    );
  });

  it("the split takes ceil(debt / price) of the collateral, at most all of it, and the shortfall is the uncovered debt", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), precision, cents, fc.integer({ min: 1, max: 2 ** 45 }), (units, p, c, debt) => {
        const s = liquidationSplit(units, p, debt, 6, priceText(c));
        // needed = ceil(debt/10^6 / (c/100) × 10^p) = ceil(debt × 100 × 10^p / (c × 10^6))
        const needed = ceilDiv(BigInt(debt) * 100n * 10n ** BigInt(p), BigInt(c) * 10n ** 6n);
        const taken = needed < BigInt(units) ? needed : BigInt(units);
        expect(s.taken).toBe(Number(taken));
        expect(s.returned).toBe(units - s.taken);
        // covered = floor(taken × c × 10^6 / (100 × 10^p)) loan units
        const covered = (taken * BigInt(c) * 10n ** 6n) / (100n * 10n ** BigInt(p));
        const short = taken < needed && covered < BigInt(debt) ? BigInt(debt) - covered : 0n;
        expect(s.shortfall).toBe(Number(short));
      }),
    );
  });

  it("the largest loan is min(3 × value, value / 1.3), whole USDT down", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), cents, (units, c) => {
        const value = collateralValue(units, 8, priceText(c));
        // value / 1.3 = units × c × 10 / (10^8 × 100 × 13); 3 × value is always larger.
        const model = (BigInt(units) * BigInt(c) * 10n) / (10n ** 8n * 100n * 13n);
        expect(maxLoan(value).toFixed()).toBe(model.toString());
      }),
    );
  });
});
