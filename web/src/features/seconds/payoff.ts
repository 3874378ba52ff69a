import { D, dec } from "../../lib/decimal.ts";

/**
 * Display figures of a seconds order (decimal text in, decimal text out), following the server's rule: win pays
 * amount x (1 + profit %), tie refunds, loss pays amount x (1 - loss %); fee = amount x fee %, rounded up; payouts
 * rounded down, at the pay coin's precision. The server's figures are what counts; these are previews.
 */

const pct = (value: string) => dec(value).div(100);

export function previewFigures(amount: string, profitRatio: string, lossRatio: string, feeRate: string, precision: number) {
  const n = dec(amount);
  const down = (v: InstanceType<typeof D>) => v.toDecimalPlaces(precision, D.ROUND_DOWN).toFixed();
  return {
    fee: n.times(pct(feeRate)).toDecimalPlaces(precision, D.ROUND_UP).toFixed(),
    win: down(n.times(pct(profitRatio).plus(1))),
    tie: n.toFixed(),
    loss: down(D.max(0, n.times(new D(1).minus(pct(lossRatio))))),
  };
}

/** The result an open order would get if it settled at `price`: 1 win, 0 tie, -1 loss. */
export function liveResult(type: 1 | 2, openPrice: string, price: string): 1 | 0 | -1 {
  const cmp = dec(price).comparedTo(dec(openPrice));
  if (cmp === 0) return 0;
  return cmp > 0 === (type === 1) ? 1 : -1;
}

/** Expected profit or loss (signed decimal text) if the order settled at `price` now. */
export function expectedProfit(
  o: { type: 1 | 2; number: string; open_price: string; profit_ratio: string; loss_ratio: string },
  price: string,
  precision: number,
): string {
  const r = liveResult(o.type, o.open_price, price);
  const n = dec(o.number);
  if (r === 0) return "0";
  const gain = r === 1 ? n.times(pct(o.profit_ratio)) : D.min(n, n.times(pct(o.loss_ratio))).neg();
  return gain.toDecimalPlaces(precision, D.ROUND_DOWN).toFixed();
}
