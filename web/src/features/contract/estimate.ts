import { D, type DecimalValue, dec } from "../../lib/decimal.ts";

/**
 * What the order sheet shows before a position opens, with the server's rules and roundings
 * (worker/domain/contracts/math.ts; tests/unit/contract-estimate.test.ts holds the two together): the open price is the
 * reference ± spread, margin = notional / multiple and fee = notional × fee rate, both rounded up to the coin's
 * minor unit, and the liquidation price where equity falls to the hazard rate × margin, rounded toward the open price.
 */

export type EstimateTerms = {
  lotSize: string;
  spread: string;
  feeRate: string;
  hazardRate: string;
  priceDecimals: number;
  precision: number;
};
export type Estimate = { openPrice: string; quantity: string; margin: string; fee: string; liqPrice: string };

const up = (v: DecimalValue, decimals: number) => v.toDecimalPlaces(decimals, D.ROUND_UP);

export function estimate(terms: EstimateTerms, side: 1 | 2, reference: string, lots: number, multiple: number): Estimate {
  const open = side === 1 ? dec(reference).plus(terms.spread) : dec(reference).minus(terms.spread);
  const qty = dec(terms.lotSize).times(lots);
  const notional = open.times(qty);
  const margin = up(notional.div(multiple), terms.precision);
  const fee = up(notional.times(terms.feeRate), terms.precision);
  const room = margin.times(dec(1).minus(terms.hazardRate)).div(qty);
  const exact = side === 1 ? open.minus(room) : open.plus(room);
  const liq = exact.toDecimalPlaces(terms.priceDecimals, side === 1 ? D.ROUND_CEIL : D.ROUND_FLOOR);
  return {
    openPrice: open.toFixed(),
    quantity: qty.toFixed(),
    margin: margin.toFixed(),
    fee: fee.toFixed(),
    liqPrice: liq.isNegative() ? "0" : liq.toFixed(),
  };
}

/** Live P/L of a holding position at a price (display only; the server's figure is the one settled). */
export function profitAt(side: 1 | 2, open: string, quantity: string, price: string): DecimalValue {
  const diff = dec(price).minus(open);
  return (side === 1 ? diff : diff.neg()).times(quantity);
}
