import { Decimal } from "decimal.js";
import { D, type Dec } from "../ledger/amounts.ts";

/**
 * Contract (lever) arithmetic, pure: sizing, margin, fees, P/L, the liquidation price and the overnight fee.
 * Prices are decimal text of the pair's price step; money is integer minor units of the margin (legal) coin.
 * Every rounding is named and goes the house's way: margin and fees up, the user's P/L down (toward minus
 * infinity), the liquidation price toward the open price (it fires no later than the equity rule would).
 *
 * Liquidation rule (isolated margin, README "Design"): a position is liquidated when the reference price reaches
 * its liquidation price, where its equity (margin + P/L) falls to the hazard rate times its margin:
 *   long:  open − margin × (1 − hazard) / quantity      short: open + margin × (1 − hazard) / quantity
 */

export type Side = 1 | 2; // 1 long, 2 short (the original's type)

/** What a contract pair publishes (operators edit it; users read it from /lever/deal). */
export type ContractTerms = {
  /** Base quantity of one lot ("0.01" BTC). */
  lotSize: string;
  /** Fixed price amount added to a long's open price and taken from a short's ("0.5" USDT). */
  spread: string;
  /** Fraction of the notional charged at open ("0.0005"). */
  feeRate: string;
  /** Fraction of the open notional charged per day held past the cutoff ("0.0003"). */
  overnightRate: string;
  /** Equity left, as a fraction of margin, at which a position is liquidated ("0.1"). */
  hazardRate: string;
  /** Decimals of the pair's price step. */
  priceDecimals: number;
  /** Decimals of the margin coin's minor unit. */
  precision: number;
};

const scale = (precision: number) => new D(10).pow(precision);

/** Decimal to minor units, rounded as named; the result must be a safe integer. */
function units(value: Dec, precision: number, rounding: Decimal.Rounding): number {
  const u = value.times(scale(precision)).toDecimalPlaces(0, rounding);
  if (u.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new RangeError("amount outside the safe integer range");
  return u.toNumber();
}

export const quantity = (terms: Pick<ContractTerms, "lotSize">, lots: number): Dec => new D(terms.lotSize).times(lots);

/** The open price of a side at a reference price: the spread is paid once, at open. */
export function openPrice(terms: Pick<ContractTerms, "spread">, side: Side, reference: string): string {
  const ref = new D(reference);
  const spread = new D(terms.spread);
  return (side === 1 ? ref.plus(spread) : ref.minus(spread)).toFixed();
}

export type Opening = { openPrice: string; quantity: string; notional: string; marginUnits: number; feeUnits: number };

/** Margin = notional / multiple and fee = notional × fee rate, both rounded up to the minor unit. */
export function opening(terms: ContractTerms, side: Side, reference: string, lots: number, multiple: number): Opening {
  const price = openPrice(terms, side, reference);
  const qty = quantity(terms, lots);
  const notional = new D(price).times(qty);
  return {
    openPrice: price,
    quantity: qty.toFixed(),
    notional: notional.toFixed(),
    marginUnits: units(notional.div(multiple), terms.precision, Decimal.ROUND_UP),
    feeUnits: units(notional.times(terms.feeRate), terms.precision, Decimal.ROUND_UP),
  };
}

/** P/L of a position at a price, in minor units, rounded toward minus infinity. */
export function profitUnits(precision: number, side: Side, open: string, qty: string, price: string): number {
  const diff = new D(price).minus(open);
  const pnl = (side === 1 ? diff : diff.neg()).times(qty);
  return units(pnl, precision, Decimal.ROUND_FLOOR);
}

/** The price at which a position with this margin is liquidated, on the price step, rounded toward the open price. */
export function liquidationPrice(terms: ContractTerms, side: Side, open: string, qty: string, marginUnits: number): string {
  const margin = new D(marginUnits).div(scale(terms.precision));
  const room = margin.times(new D(1).minus(terms.hazardRate)).div(qty);
  const exact = side === 1 ? new D(open).minus(room) : new D(open).plus(room);
  const rounded = exact.toDecimalPlaces(terms.priceDecimals, side === 1 ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR);
  return rounded.isNegative() ? "0" : rounded.toFixed();
}

/** Does a price reach a level from the given direction? "down": price ≤ level; "up": price ≥ level. */
export const reaches = (price: string, level: string, direction: "down" | "up"): boolean =>
  direction === "down" ? new D(price).lte(level) : new D(price).gte(level);

/** The liquidation level is reached downward by a long and upward by a short. */
export const liquidationDirection = (side: Side): "down" | "up" => (side === 1 ? "down" : "up");
/** Take-profit is reached upward by a long, downward by a short; stop-loss the other way. */
export const takeProfitDirection = (side: Side): "down" | "up" => (side === 1 ? "up" : "down");
export const stopLossDirection = (side: Side): "down" | "up" => (side === 1 ? "down" : "up");
/** A limit entry activates when the price comes to it: a long at or below its target, a short at or above. */
export const entryDirection = (side: Side): "down" | "up" => (side === 1 ? "down" : "up");

export type Settlement = {
  /** Credited to the user's lever balance: margin + P/L, never below zero. */
  userUnits: number;
  /** The house's side of the trade: the user's loss (positive) or profit (negative). */
  houseUnits: number;
  /** What the insurance account pays when the loss is larger than the margin. */
  insuranceUnits: number;
};

/** How a close moves the margin: to the user, to or from the house, a shortfall from insurance. Sums to the margin. */
export function settlement(marginUnits: number, pnlUnits: number): Settlement {
  const payout = marginUnits + pnlUnits;
  if (payout >= 0) return { userUnits: payout, houseUnits: -pnlUnits, insuranceUnits: 0 };
  return { userUnits: 0, houseUnits: -pnlUnits, insuranceUnits: -payout };
}

/** The day's overnight fee of a position: open notional × rate, rounded up. */
export const overnightUnits = (terms: Pick<ContractTerms, "overnightRate" | "precision">, open: string, qty: string): number =>
  units(new D(open).times(qty).times(terms.overnightRate), terms.precision, Decimal.ROUND_UP);

/** The overnight fee is taken from the position's margin first, then from the lever balance (what it holds). */
export function overnightSplit(feeUnits: number, marginUnits: number, balanceUnits: number): { fromMargin: number; fromBalance: number } {
  const fromMargin = Math.min(feeUnits, marginUnits);
  return { fromMargin, fromBalance: Math.min(feeUnits - fromMargin, Math.max(0, balanceUnits)) };
}

/** Risk rate of one position as the original shows it: (margin + P/L) / margin, in percent with two decimals. */
export function riskRate(marginUnits: number, pnlUnits: number): string {
  if (marginUnits <= 0) return "0";
  return new D(marginUnits + pnlUnits).div(marginUnits).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
}

export type StopCheck = "ok" | "TP_NOT_BEYOND" | "SL_NOT_BEYOND";

/**
 * Take-profit and stop-loss must lie beyond both the open and the current price on their side: a long's TP above
 * both and its SL below both, a short's the reverse. Null means "not set".
 */
export function checkStops(side: Side, open: string, current: string, tp: string | null, sl: string | null): StopCheck {
  const up = (v: string) => new D(v).gt(open) && new D(v).gt(current);
  const down = (v: string) => new D(v).lt(open) && new D(v).lt(current);
  if (tp !== null && !(side === 1 ? up(tp) : down(tp))) return "TP_NOT_BEYOND";
  if (sl !== null && !(side === 1 ? down(sl) : up(sl))) return "SL_NOT_BEYOND";
  return "ok";
}
