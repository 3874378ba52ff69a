import { D, dec, type DecimalValue } from "./decimal.ts";
import { numberMarks } from "./number-marks.ts";

/**
 * The app's one number formatter: every figure a page shows goes through here. decimal.js only (never a float),
 * rounding named at each step: half-up for prices and valuations, down for balances (never show more than is there),
 * up for fees (never show less than is charged).
 */

type Value = string | number | DecimalValue | null | undefined;

const toDec = (value: Value) => dec((value ?? 0) as string);

/** A plain decimal ("-1234567.5") in the reader's marks, the whole part grouped: "-1,234,567.5", "-1 234 567,5". */
function group(text: string): string {
  const marks = numberMarks();
  const [int, frac] = text.split(".");
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, marks.groups[0]!);
  return frac ? `${grouped}${marks.decimal}${frac}` : grouped;
}

/** Fixed decimals with thousands separators, half-up. */
export function fixed(value: Value, decimals = 2): string {
  return group(toDec(value).toFixed(decimals, D.ROUND_HALF_UP));
}

/** Number display of the spec: above 1,000,000 in M with one decimal, above 1,000 in K, else four decimals. */
export function compact(value: Value): string {
  const d = toDec(value);
  const abs = d.abs();
  if (abs.gt(1_000_000)) return `${group(d.div(1_000_000).toFixed(1, D.ROUND_HALF_UP))}M`;
  if (abs.gt(1_000)) return `${group(d.div(1_000).toFixed(1, D.ROUND_HALF_UP))}K`;
  return group(d.toFixed(4, D.ROUND_HALF_UP));
}

/** Decimals a coin's balances show when its configuration does not say. */
export const DEFAULT_DISPLAY_DECIMALS = 8;

/**
 * A balance at its coin's display decimals, always that many digits (so the same holding reads the same on assets,
 * trade and transfer), rounded down, grouped.
 */
export function balance(value: Value, decimals = DEFAULT_DISPLAY_DECIMALS): string {
  return group(toDec(value).toFixed(decimals, D.ROUND_DOWN));
}

/** An amount in a record or a message: up to `maxDecimals` (rounded down), no trailing zeros, grouped. */
export function amount(value: Value, maxDecimals = DEFAULT_DISPLAY_DECIMALS): string {
  const d = toDec(value).toDecimalPlaces(maxDecimals, D.ROUND_DOWN);
  return group(d.toFixed(Math.min(maxDecimals, Math.max(0, d.decimalPlaces()))));
}

/** A fee: rounded up to `decimals` (never shown below what is charged), no trailing zeros, grouped: one short line. */
export function fee(value: Value, decimals = DEFAULT_DISPLAY_DECIMALS): string {
  const up = toDec(value).toDecimalPlaces(decimals, D.ROUND_UP);
  return group(up.toFixed(Math.max(0, up.decimalPlaces())));
}

/** USDT valuations: two decimals, half-up. */
export const money = (value: Value) => fixed(value, 2);

/** The offered fiat currencies (FIAT_CODES) whose figures do not have two decimals, as Intl gives them. */
const FIAT_DECIMALS_NOT_TWO: Readonly<Record<string, number>> = { JPY: 0, VND: 0 };

/**
 * Decimals of a fiat currency (JPY and VND none, the others two). A table rather than asking Intl: the first currency
 * formatter a page builds loads ICU's currency data, about 35 ms of a phone's main thread on the trade page. A unit
 * test holds the table to Intl for every offered currency.
 */
export function fiatDigits(code: string): number {
  return FIAT_DECIMALS_NOT_TWO[code] ?? 2;
}

/** A fiat figure in its currency's own decimals, half-up, after its symbol: "$1,234.57", "¥1,235" (JPY). */
export function fiat(value: Value, currency: { code: string; symbol: string }): string {
  const d = toDec(value);
  const text = fixed(d.abs(), fiatDigits(currency.code));
  return `${d.isNegative() && !d.abs().toDecimalPlaces(fiatDigits(currency.code)).isZero() ? "-" : ""}${currency.symbol}${text}`;
}

/** The spec's price precision when a pair does not say. */
export const DEFAULT_PRICE_PRECISION = 2;

/** A price at the pair's precision, half-up, grouped. */
export const formatPrice = (value: Value, precision = DEFAULT_PRICE_PRECISION) => fixed(value, precision);

/** A quantity at the pair's amount precision. */
export const formatAmount = (value: Value, precision = 4) => fixed(value, precision);

/** Volume in the spec's compact form: M above 1,000,000, K above 1,000, else four decimals. */
export const formatVolume = (value: Value) => compact(value);

/** "up" (green) for a rise, "down" (red) for a fall, "" when flat. */
export function trend(change: Value): "up" | "down" | "" {
  const d = toDec(change);
  return d.gt(0) ? "up" : d.lt(0) ? "down" : "";
}

/** "+1.23" / "-0.5" / "0" → "+1.23%", "-0.50%", "0.00%". */
export function formatChange(change: Value): string {
  const d = toDec(change);
  return `${d.gt(0) ? "+" : ""}${group(d.toFixed(2, D.ROUND_HALF_UP))}%`;
}

/**
 * A chart axis label: charts hand their scale's values over as numbers (plotting only); the label is the pair's
 * precision with thousands separators like every other price. The number's own toFixed, not a Decimal: the chart
 * asks for every label on every redraw, and its values (scale marks on the pair's tick, closes read from decimal
 * text) have no more decimals than the precision, so the two round alike.
 */
export function axisPrice(value: number, precision = DEFAULT_PRICE_PRECISION): string {
  return Number.isFinite(value) ? group(value.toFixed(precision)) : "";
}

/** What a hidden figure shows (the assets eye). */
export const HIDDEN = "****";
