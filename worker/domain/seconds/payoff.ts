import { Decimal } from "decimal.js";
import { D } from "../ledger/amounts.ts";

/**
 * The seconds contract's money rule, pure. Amounts are integer minor units of the pay coin; ratios and the fee rate are
 * percent as decimal text ("120" = 120 %); prices are decimal text. Every rounding favours the house: the fee rounds up,
 * payouts round down.
 *
 *   fee            number x fee_rate, rounded up
 *   win            payout number x (1 + profit_ratio), rounded down
 *   tie            payout number
 *   loss           payout number x (1 - loss_ratio), rounded down (0 at 100 %)
 *   void           no price in effect at handled_at: number and fee come back
 *
 * A bet wins when the close price is above the open price (up) or below it (down); equal prices tie.
 */

/** 1 up, 2 down (the original's `type`). */
export type Direction = 1 | 2;
/** 1 win, 0 tie, -1 loss (the original's `profit_result`). */
export type Result = 1 | 0 | -1;

const HUNDRED = new D(100);

export function feeUnits(number: number, feeRate: string): number {
  return new D(number).times(feeRate).div(HUNDRED).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber();
}

export function resultOf(type: Direction, openPrice: string, closePrice: string): Result {
  const cmp = new D(closePrice).comparedTo(openPrice);
  if (cmp === 0) return 0;
  return cmp > 0 === (type === 1) ? 1 : -1;
}

export function payoutUnits(number: number, result: Result, profitRatio: string, lossRatio: string): number {
  if (result === 0) return number;
  const factor = result === 1 ? HUNDRED.plus(profitRatio) : Decimal.max(0, HUNDRED.minus(lossRatio));
  return new D(number).times(factor).div(HUNDRED).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

/** What settling one order pays: to the owner `payout` (+ `refundFee` when void), `factProfits` = payout - number. */
export type Settlement = { result: Result | null; payout: number; refundFee: number; factProfits: number };

/** The settlement of an order given the close price in effect at handled_at (null: none, so the order is void). */
export function settle(
  order: { type: Direction; number: number; fee: number; openPrice: string; profitRatio: string; lossRatio: string },
  closePrice: string | null,
): Settlement {
  if (closePrice === null) return { result: null, payout: order.number, refundFee: order.fee, factProfits: 0 };
  const result = resultOf(order.type, order.openPrice, closePrice);
  const payout = payoutUnits(order.number, result, order.profitRatio, order.lossRatio);
  return { result, payout, refundFee: 0, factProfits: payout - order.number };
}

/**
 * What the countdown shows while an order runs: the payout it would get if it settled at `price` now, minus the amount
 * (the original showed the whole amount as the loss; we show the rule's real loss).
 */
export function expectedProfit(
  order: { type: Direction; number: number; openPrice: string; profitRatio: string; lossRatio: string },
  price: string,
): number {
  return payoutUnits(order.number, resultOf(order.type, order.openPrice, price), order.profitRatio, order.lossRatio) - order.number;
}
