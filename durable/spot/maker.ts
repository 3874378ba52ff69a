import { parseRate } from "../../worker/domain/markets/config.ts";

/**
 * The market maker's published rule, pure: quote `levels` bids and asks around
 * the reference price, one grid step apart, the first one step from the centre,
 * `qty` lots each. The centre is the reference price rounded to the grid, so the
 * ladder only moves when the price crosses a grid line (no churn on every tick).
 * It knows nothing about who else trades: the same quotes for everyone.
 */

export type Quote = { side: "buy" | "sell"; price: number; qty: number };
export type Resting = { id: number; side: 0 | 1; price: number; qty: number };

/** Grid step in ticks: ref × step, at least one tick. */
export function gridTicks(ref: number, step: string): number {
  const r = parseRate(step);
  const g = Number((BigInt(ref) * r.num) / r.den);
  return Math.max(1, g);
}

export function ladder(ref: number, opts: { levels: number; step: string; qty: number }): Quote[] {
  if (!Number.isSafeInteger(ref) || ref < 1 || opts.levels < 1 || opts.qty < 1) return [];
  const g = gridTicks(ref, opts.step);
  const centre = Math.round(ref / g) * g;
  const out: Quote[] = [];
  for (let i = 1; i <= opts.levels; i++) {
    const bid = centre - i * g;
    if (bid >= 1) out.push({ side: "buy", price: bid, qty: opts.qty });
    out.push({ side: "sell", price: centre + i * g, qty: opts.qty });
  }
  return out;
}

/**
 * What to cancel and what to place to go from the resting quotes to the desired
 * ladder. A resting quote at a desired price with at least half the desired size
 * is kept (partly filled levels are not churned); everything else is cancelled.
 */
export function plan(desired: readonly Quote[], resting: readonly Resting[]): { cancel: number[]; place: Quote[] } {
  const want = new Map<string, Quote>();
  for (const q of desired) want.set(`${q.side}:${q.price}`, q);
  const cancel: number[] = [];
  const kept = new Set<string>();
  for (const r of resting) {
    const key = `${r.side === 0 ? "buy" : "sell"}:${r.price}`;
    const q = want.get(key);
    if (q && !kept.has(key) && r.qty * 2 >= q.qty) kept.add(key);
    else cancel.push(r.id);
  }
  const place = desired.filter((q) => !kept.has(`${q.side}:${q.price}`));
  return { cancel, place };
}
