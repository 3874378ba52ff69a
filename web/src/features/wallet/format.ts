import { D, dec, type DecimalValue, fixed } from "../../lib/decimal.ts";

/** Balances and amounts: up to `maxDecimals` (rounded down: never show more than is there), no trailing zeros, grouped. */
export function amount(value: string | number | DecimalValue | null | undefined, maxDecimals = 8): string {
  const d = dec((value ?? 0) as string).toDecimalPlaces(maxDecimals, D.ROUND_DOWN);
  const places = Math.min(maxDecimals, Math.max(0, d.decimalPlaces()));
  return fixed(d, places);
}

/** USDT and fiat valuations: two decimals, half-up (display). */
export const money = (value: string | number | DecimalValue) => fixed(value, 2);

export const HIDDEN = "****";
