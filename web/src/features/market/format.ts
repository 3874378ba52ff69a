import { compact, dec, fixed } from "../../lib/decimal.ts";

/** Display of market figures (the spec's number display rules): decimal.js only, half-up. */

/** The spec's price precision when a pair does not say. */
export const DEFAULT_PRICE_PRECISION = 2;

export const formatPrice = (value: string, precision = DEFAULT_PRICE_PRECISION) => fixed(value, precision);

/** A quantity with the pair's amount precision (no thousands separators inside long decimals is fine). */
export const formatAmount = (value: string, precision = 4) => fixed(value, precision);

/** Volume in the spec's compact form: M above 1,000,000, K above 1,000, else four decimals. */
export const formatVolume = (value: string) => compact(value);

/** "+1.23" / "-0.5" / "0" → "+1.23%", "-0.50%", "0.00%". */
export function formatChange(change: string): string {
  const d = dec(change);
  return `${d.gt(0) ? "+" : ""}${d.toFixed(2)}%`;
}

/** "up" (green) for a rise, "down" (red) for a fall, "" when flat. */
export function trend(change: string): "up" | "down" | "" {
  const d = dec(change);
  return d.gt(0) ? "up" : d.lt(0) ? "down" : "";
}

/** [base, quote] of "BTC/USDT" or "BTC-USDT". */
export function splitSymbol(symbol: string): [string, string] {
  const [base = symbol, quote = ""] = symbol.split(/[/-]/);
  return [base, quote];
}
