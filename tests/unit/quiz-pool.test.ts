import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PoolBet, possiblePayout, rateUnits, settlePool, winnerOf } from "../../schema/api/quiz-pool.ts";

/**
 * The quiz's pari-mutuel split against a model: fee = ceil(pool x rate), each winning bet floor((pool - fee) x bet / winners),
 * the remainder what rounding down left; refunds when there is no winner, nobody won or nobody lost.
 */

const rateArb = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 9999 }))
  .map(([i, f]) => (i === 100 ? "100" : f === 0 ? String(i) : `${i}.${String(f).padStart(4, "0").replace(/0+$/, "")}`));
// Forty bets of at most 2^47 units keep a pool within 2^53 - 1 (settlePool refuses larger pools).
const betsArb = fc
  .array(fc.record({ side: fc.constantFrom<1 | 2>(1, 2), amount: fc.integer({ min: 1, max: 2 ** 47 }) }), { maxLength: 40 })
  .map((xs) => xs.map((x, i): PoolBet => ({ id: i + 1, ...x })));
const winnerArb = fc.constantFrom<1 | 2 | null>(1, 2, null);

function model(bets: PoolBet[], winner: 1 | 2 | null, rate: string) {
  const pool = bets.reduce((s, b) => s + BigInt(b.amount), 0n);
  const win = bets.filter((b) => b.side === winner).reduce((s, b) => s + BigInt(b.amount), 0n);
  if (winner === null || win === 0n || win === pool) return { refund: true, fee: 0n, pays: bets.map((b) => BigInt(b.amount)) };
  // rate percent with 4 decimals: pool x rate / 100, rounded up
  const scaled = rateUnits(rate);
  const floor = (pool * scaled) / 1_000_000n;
  const fee = floor * 1_000_000n < pool * scaled ? floor + 1n : floor;
  return { refund: false, fee, pays: bets.map((b) => (b.side === winner ? ((pool - fee) * BigInt(b.amount)) / win : 0n)) };
}

describe("quiz pool (pari-mutuel)", () => {
  it("refuses a pool beyond 2^53 - 1 units instead of rounding it", () => {
    const big = { side: 1 as const, amount: Number.MAX_SAFE_INTEGER };
    expect(() =>
      settlePool(
        [
          { id: 1, ...big },
          { id: 2, side: 2, amount: 1 },
        ],
        1,
        "2",
      ),
    ).toThrow(RangeError);
  });

  it("matches the model, and payouts + fee + remainder always equal the pool", () => {
    fc.assert(
      fc.property(betsArb, winnerArb, rateArb, (bets, winner, rate) => {
        const s = settlePool(bets, winner, rate);
        const m = model(bets, winner, rate);
        expect(s.refund).toBe(m.refund);
        expect(BigInt(s.fee)).toBe(m.fee);
        bets.forEach((b, i) => expect(BigInt(s.payouts.get(b.id)!)).toBe(m.pays[i]));
        const paid = [...s.payouts.values()].reduce((a, b) => a + BigInt(b), 0n);
        expect(paid + BigInt(s.fee) + BigInt(s.remainder)).toBe(BigInt(s.pool));
        expect(s.remainder).toBeGreaterThanOrEqual(0);
        // Rounding down leaves less than one unit per winning bet.
        expect(s.remainder).toBeLessThan(Math.max(1, bets.filter((b) => b.side === winner).length));
      }),
      { numRuns: 2_000 },
    );
  });

  it("refunds every bet in full, without a fee, on equal prices, when nobody won, and when nobody lost", () => {
    const bets: PoolBet[] = [
      { id: 1, side: 1, amount: 300 },
      { id: 2, side: 2, amount: 700 },
    ];
    for (const s of [settlePool(bets, null, "2"), settlePool([bets[0]!], 2, "2"), settlePool([bets[0]!], 1, "2")]) {
      expect(s.refund).toBe(true);
      expect(s.fee).toBe(0);
      expect(s.remainder).toBe(0);
    }
    expect(settlePool(bets, null, "2").payouts).toEqual(
      new Map([
        [1, 300],
        [2, 700],
      ]),
    );
  });

  it("splits a worked example exactly: 2 % fee rounded up, shares rounded down, the remainder to fees", () => {
    const s = settlePool(
      [
        { id: 1, side: 1, amount: 100 },
        { id: 2, side: 1, amount: 200 },
        { id: 3, side: 2, amount: 701 },
      ],
      1,
      "2",
    );
    // pool 1001, fee ceil(20.02) = 21, share 980: 980 x 100 / 300 = 326.66 -> 326, 980 x 200 / 300 = 653.33 -> 653.
    expect(s).toEqual({
      refund: false,
      pool: 1001,
      fee: 21,
      remainder: 1,
      payouts: new Map([
        [1, 326],
        [2, 653],
        [3, 0],
      ]),
    });
  });

  it("previews a bet's payout at the current pools; a one-sided pool previews a refund", () => {
    // 100 more on higher against 300 higher, 600 lower, 2 %: pool 1000, fee 20, share 980 x 100 / 400 = 245.
    expect(possiblePayout(300, 600, 1, 100, "2")).toBe(245);
    expect(possiblePayout(300, 0, 1, 100, "2")).toBe(100);
    expect(possiblePayout(0, 0, 2, 50, "2")).toBe(50);
  });

  it("decides the winner from the two prices exactly", () => {
    expect(winnerOf("100.00", "100.01")).toBe(1);
    expect(winnerOf("100.01", "100")).toBe(2);
    expect(winnerOf("100.10", "100.1")).toBe(null);
    expect(winnerOf(null, "1")).toBe(null);
    expect(winnerOf("1", null)).toBe(null);
  });

  it("reads fee rates with up to 4 decimals and refuses anything else", () => {
    expect(rateUnits("2")).toBe(20_000n);
    expect(rateUnits("0.0001")).toBe(1n);
    expect(rateUnits("12.5")).toBe(125_000n);
    expect(() => rateUnits("1e2")).toThrow();
    expect(() => rateUnits("0.00001")).toThrow();
  });
});
