import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, dailyInterestUnits, dayOf, nextDue, orderDays, owedDays, penaltyUnits, remainingDays } from "../../schema/api/mining.ts";
import { nextStep, redemptionSteps, type StepOrder } from "../../worker/domain/earn/mining-plan.ts";

/** A percent with up to 4 decimals as text, and the same as an exact rational over 10^6 (percent → fraction). */
const pct = fc.integer({ min: 0, max: 1_000_000 }).map((n) => ({ text: (n / 10_000).toFixed(4), num: BigInt(n) }));

describe("lock-mining formulas against a BigInt model", () => {
  it("daily interest is floor(amount × rate% / 100) in minor units, exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 50 }), pct, (amount, rate) => {
        const model = (BigInt(amount) * rate.num) / 1_000_000n;
        expect(dailyInterestUnits(amount, rate.text)).toBe(Number(model));
      }),
    );
  });

  it("the penalty is ceil(amount × ratio% / 100 × remaining days), capped at the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), pct, fc.integer({ min: 0, max: 3650 }), (amount, ratio, days) => {
        const num = BigInt(amount) * ratio.num * BigInt(days);
        const ceil = (num + 999_999n) / 1_000_000n;
        const model = ceil > BigInt(amount) ? BigInt(amount) : ceil;
        expect(penaltyUnits(amount, ratio.text, days)).toBe(Number(model));
      }),
    );
  });

  it("the spec's example: 10,000 U, 0.4 % a day, 5 days left costs 200 U", () => {
    expect(penaltyUnits(10_000_000_000, "0.4", 5)).toBe(200_000_000);
    expect(dailyInterestUnits(10_000_000_000, "0.3")).toBe(30_000_000);
  });

  it("remaining days count the interest days not yet begun, today included", () => {
    const { startDay, endDay } = orderDays(100 * DAY_MS + 5, 30);
    expect([startDay, endDay]).toEqual([101, 131]);
    expect(remainingDays(startDay, endDay, 100)).toBe(30);
    expect(remainingDays(startDay, endDay, 101)).toBe(30);
    expect(remainingDays(startDay, endDay, 102)).toBe(29);
    expect(remainingDays(startDay, endDay, 130)).toBe(1);
    expect(remainingDays(startDay, endDay, 131)).toBe(0);
    expect(remainingDays(startDay, endDay, 500)).toBe(0);
  });

  it("a job run each day, or late, or twice, pays every interest day exactly once, oldest first, then the principal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 80 }),
        (days, gaps) => {
          const deposit = dayOf(1_000 * DAY_MS);
          const d = orderDays(1_000 * DAY_MS, days);
          let order: StepOrder = {
            id: 1,
            userId: 1,
            currencyId: 3,
            amount: 1000,
            dailyInterest: 3,
            cancelRatioPct: "0.4",
            holdId: "h",
            ...d,
          };
          let closed = false;
          let next = d.nextDueDay;
          const paid: number[] = [];
          let today = deposit;
          for (const gap of [...gaps, 10_000]) {
            today += gap;
            // Each run takes steps until none is due (the job's chunks loop the same way), possibly running twice.
            for (let pass = 0; pass < 2; pass++) {
              for (let step = nextStep(order, today); step && !closed; step = nextStep(order, today)) {
                expect(next).toBeLessThanOrEqual(today);
                if (step.kind === "interest") {
                  paid.push(step.day);
                  order = { ...order, paidThrough: step.day };
                  next = nextDue(step.day, order.endDay);
                } else closed = true;
              }
              if (!closed) expect(next).toBeGreaterThan(today);
            }
          }
          expect(paid).toEqual(Array.from({ length: days }, (_, i) => d.startDay + i));
          expect(closed).toBe(true);
        },
      ),
    );
  });

  it("a redemption pays the owed days, then closes early with the penalty, or in full from the end day on", () => {
    const d = orderDays(0, 10);
    const order: StepOrder = {
      id: 7,
      userId: 1,
      currencyId: 3,
      amount: 1_000_000,
      dailyInterest: 3500,
      cancelRatioPct: "0.4",
      holdId: "h",
      ...d,
    };
    expect(redemptionSteps(order, 0)).toEqual([{ kind: "close", early: true, penalty: 40_000 }]);
    expect(redemptionSteps(order, 4)).toEqual([
      { kind: "interest", day: 1 },
      { kind: "interest", day: 2 },
      { kind: "interest", day: 3 },
      { kind: "close", early: true, penalty: 28_000 },
    ]);
    expect(redemptionSteps({ ...order, paidThrough: 10 }, 11)).toEqual([{ kind: "close", early: false, penalty: 0 }]);
    expect(owedDays(0, 11, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
