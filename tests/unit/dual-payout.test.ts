import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PayoutTerms, costUnits, dualPayout, payoutUnits, saleStatus, settleAtOf } from "../../schema/api/dual.ts";

/**
 * The dual payout against a BigInt model of the spec's formula, as exact rationals:
 *   f = 1 + days × APR / 365; amount = a call's cost, a put's cost ÷ linked price (in coins);
 *   below the linked price: coin amount × f; otherwise USDT amount × linked price × f; each floored to the minor unit.
 * APR is drawn with 4 decimals (n / 10^4 percent), the linked price with 2 (s / 100), BTC 8 decimals, USDT 6.
 */
const CP = 10n ** 8n;
const UP = 10n ** 6n;
const APR_DEN = 10n ** 4n * 100n * 365n; // percent with 4 decimals, per year of 365 days

function model(type: "call" | "put", cost: bigint, aprN: bigint, days: bigint, strikeN: bigint, outcome: "coin" | "usdt"): bigint {
  // f = (APR_DEN + days × aprN) / APR_DEN; strike = strikeN / 100
  const fNum = APR_DEN + days * aprN;
  // amount in coins as a fraction aNum / aDen
  const [aNum, aDen] = type === "call" ? [cost, CP] : [cost * 100n, UP * strikeN];
  if (outcome === "coin") return (aNum * fNum * CP) / (aDen * APR_DEN);
  return (aNum * strikeN * fNum * UP) / (aDen * 100n * APR_DEN);
}

const terms = fc.record({
  type: fc.constantFrom<"call" | "put">("call", "put"),
  cost: fc.integer({ min: 1, max: 2 ** 45 }),
  aprN: fc.integer({ min: 1, max: 10_000_000 }),
  days: fc.integer({ min: 1, max: 3650 }),
  strikeN: fc.integer({ min: 1, max: 10_000_000_000 }),
});

const toTerms = (t: { type: "call" | "put"; cost: number; aprN: number; days: number; strikeN: number }): PayoutTerms => ({
  type: t.type,
  cost: t.cost,
  aprPct: (t.aprN / 10_000).toFixed(4),
  days: t.days,
  exercisePrice: (t.strikeN / 100).toFixed(2),
  coinPrecision: 8,
  usdtPrecision: 6,
});

describe("the dual payout against a BigInt model", () => {
  it("pays either outcome exactly as the model, rounded down", () => {
    fc.assert(
      fc.property(terms, fc.constantFrom<"coin" | "usdt">("coin", "usdt"), (t, outcome) => {
        const expected = model(t.type, BigInt(t.cost), BigInt(t.aprN), BigInt(t.days), BigInt(t.strikeN), outcome);
        expect(payoutUnits(toTerms(t), outcome)).toBe(Number(expected));
      }),
      { numRuns: 2000 },
    );
  });

  it("pays the coin strictly below the linked price and USDT at or above it", () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: -1000, max: 1000 }), (t, delta) => {
        const strike = BigInt(t.strikeN);
        const priceN = strike + BigInt(delta) > 0n ? strike + BigInt(delta) : 1n;
        const price = (Number(priceN) / 100).toFixed(2);
        const outcome = priceN < strike ? "coin" : "usdt";
        const expected = model(t.type, BigInt(t.cost), BigInt(t.aprN), BigInt(t.days), strike, outcome);
        expect(dualPayout(toTerms(t), price)).toEqual({ in: outcome, units: Number(expected) });
      }),
    );
  });

  it("the issue's examples: 0.1 BTC call, 36.5 % APR, 10 days, linked 50,000", () => {
    const t: PayoutTerms = {
      type: "call",
      cost: 10_000_000,
      aprPct: "36.5",
      days: 10,
      exercisePrice: "50000",
      coinPrecision: 8,
      usdtPrecision: 6,
    };
    expect(dualPayout(t, "49999.99")).toEqual({ in: "coin", units: 10_100_000 });
    expect(dualPayout(t, "50000")).toEqual({ in: "usdt", units: 5_050_000_000 });
    // A put of 1,000 USDT at linked 30,000: 1/30 BTC × 1.01 = 0.03366666… BTC, rounded down.
    const put: PayoutTerms = { ...t, type: "put", cost: 1_000_000_000, exercisePrice: "30000" };
    expect(dualPayout(put, "29000")).toEqual({ in: "coin", units: 3_366_666 });
    expect(dualPayout(put, "31000")).toEqual({ in: "usdt", units: 1_010_000_000 });
  });

  it("costs shares × amount per share exactly, and dates the window and the settlement", () => {
    expect(costUnits(7, "0.01", 8)).toBe(7_000_000);
    expect(costUnits(3, "500", 6)).toBe(1_500_000_000);
    expect(settleAtOf(1_000, 2)).toBe(1_000 + 2 * 86_400_000);
    expect([
      saleStatus({ startAt: 10, endAt: 20 }, 9),
      saleStatus({ startAt: 10, endAt: 20 }, 10),
      saleStatus({ startAt: 10, endAt: 20 }, 20),
    ]).toEqual([2, 1, 0]);
  });
});
