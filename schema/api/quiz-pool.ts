import { Decimal } from "decimal.js";

/**
 * The quiz's pari-mutuel rule, pure and shared by the worker (which pays with it) and the page (which shows the possible
 * payout before a bet is confirmed). Amounts are integer minor units (safe integers); the fee rate is percent text with at
 * most 4 decimals ("2" = 2 %). Products are taken in BigInt, so no amount is ever rounded through a float.
 *
 *   pool        the sum of every bet of the round
 *   refund      every bet gets its amount back, no fee, when there is no winner: equal prices at cut-off and end, no price in
 *               effect at either instant, nobody on the winning side, or nobody on the losing side (nothing to win)
 *   fee         ceil(pool x fee rate), to the fees account
 *   payout      floor((pool - fee) x bet / winning side's total) per winning bet; losing bets get nothing
 *   remainder   pool - fee - the payouts (what rounding each payout down left over), to the fees account as well
 *
 * so payouts + fee + remainder = pool, always.
 */

/** 1 higher, 2 lower. */
export type QuizSide = 1 | 2;
export type PoolBet = { id: number; side: QuizSide; amount: number };
export type PoolSettlement = {
  refund: boolean;
  pool: number;
  fee: number;
  remainder: number;
  /** Per bet id: what it is paid back (its amount on a refund, its share when it won, 0 when it lost). */
  payouts: Map<number, number>;
};

const RATE_SCALE = 1_000_000n; // percent with 4 decimals, as a fraction: rate x 10^4 / 10^6

/** "2.5" -> 25000n (percent x 10^4); throws on anything but a plain decimal with at most 4 decimals. */
export function rateUnits(feeRate: string): bigint {
  const m = /^(\d{1,4})(?:\.(\d{1,4}))?$/.exec(feeRate);
  if (!m) throw new Error(`bad fee rate ${feeRate}`);
  return BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? "").padEnd(4, "0"));
}

/** Settles a round's bets given the winning side (null: equal prices or no price in effect). */
export function settlePool(bets: readonly PoolBet[], winner: QuizSide | null, feeRate: string): PoolSettlement {
  let pool = 0n;
  let winTotal = 0n;
  for (const b of bets) {
    pool += BigInt(b.amount);
    if (b.side === winner) winTotal += BigInt(b.amount);
  }
  // Amounts leave here as numbers: a pool beyond 2^53 - 1 minor units (9e9 USDT, 900,000 bets at the 10,000 USDT limit) is
  // refused rather than rounded.
  if (pool > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("quiz pool beyond Number.MAX_SAFE_INTEGER minor units");
  const payouts = new Map<number, number>();
  if (winner === null || winTotal === 0n || winTotal === pool) {
    for (const b of bets) payouts.set(b.id, (payouts.get(b.id) ?? 0) + b.amount);
    return { refund: true, pool: Number(pool), fee: 0, remainder: 0, payouts };
  }
  let fee = (pool * rateUnits(feeRate) + RATE_SCALE - 1n) / RATE_SCALE;
  if (fee > pool) fee = pool;
  const share = pool - fee;
  let paid = 0n;
  for (const b of bets) {
    const p = b.side === winner ? (share * BigInt(b.amount)) / winTotal : 0n;
    paid += p;
    payouts.set(b.id, (payouts.get(b.id) ?? 0) + Number(p));
  }
  return { refund: false, pool: Number(pool), fee: Number(fee), remainder: Number(share - paid), payouts };
}

/**
 * What a new bet of `amount` on `side` would be paid if the round ended now with that side winning, given the pools per
 * side before it: its share of the pool with it included. When the other side is empty the round would be refunded, so
 * the answer is the amount itself.
 */
export function possiblePayout(up: number, down: number, side: QuizSide, amount: number, feeRate: string): number {
  const bets: PoolBet[] = [{ id: 0, side, amount }];
  if (up > 0) bets.push({ id: 1, side: 1, amount: up });
  if (down > 0) bets.push({ id: 2, side: 2, amount: down });
  return settlePool(bets, side, feeRate).payouts.get(0) ?? 0;
}

/** The winning side from the prices at cut-off and end (decimal text); null when equal or either is missing. */
export function winnerOf(cutoffPrice: string | null, endPrice: string | null): QuizSide | null {
  if (cutoffPrice === null || endPrice === null) return null;
  const cmp = new Decimal(endPrice).comparedTo(cutoffPrice);
  return cmp === 0 ? null : cmp > 0 ? 1 : 2;
}
