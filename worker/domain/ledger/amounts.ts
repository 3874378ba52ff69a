import { Decimal } from "decimal.js";

/**
 * Decimal strings ⇄ integer minor units. Pure. Every rounding is named by the caller;
 * amounts typed by users are never rounded, they are rejected when they do not fit.
 */

/** 20 significant digits, half-up (README, "Design": Money). Wide enough for any safe-integer amount at 8 decimals. */
export const D = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export type Rounding = "exact" | "down" | "up" | "half_up";

export const MAX_PRECISION = 8;
const ROUNDING: Record<Exclude<Rounding, "exact">, Decimal.Rounding> = {
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
  half_up: Decimal.ROUND_HALF_UP,
};

/** Plain decimal text as users may type it: digits, an optional fraction, nothing else (no sign, exponent, NaN). */
const DECIMAL_TEXT = /^\d{1,20}(?:\.\d{1,20})?$/;

export type AmountProblem = "INVALID_AMOUNT" | "AMOUNT_TOO_PRECISE" | "AMOUNT_TOO_LARGE" | "AMOUNT_NOT_POSITIVE";

export class AmountError extends Error {
  readonly code: AmountProblem;
  readonly decimals: number;
  // Plain fields, not parameter properties: node runs this file as it is (benchmarks strip types only).
  constructor(code: AmountProblem, decimals = 0) {
    super(code);
    this.code = code;
    this.decimals = decimals;
  }
}

export function assertPrecision(precision: number): void {
  if (!Number.isInteger(precision) || precision < 0 || precision > MAX_PRECISION) throw new Error(`bad precision ${precision}`);
}

/** Is the text a plain non-negative decimal? ("1", "0.5", "12.340"; not "1e3", "-1", "NaN", ".5", " 1"). */
export const isDecimalText = (text: string): boolean => DECIMAL_TEXT.test(text);

/**
 * A user-typed amount in minor units: must be plain decimal text, > 0, have at
 * most `precision` decimals (trailing zeros do not count) and fit a safe integer.
 */
export function parseUserAmount(text: string, precision: number): number {
  assertPrecision(precision);
  const trimmed = text.trim();
  if (!isDecimalText(trimmed)) throw new AmountError("INVALID_AMOUNT");
  const value = new D(trimmed);
  if (value.isZero()) throw new AmountError("AMOUNT_NOT_POSITIVE");
  if (value.decimalPlaces() > precision) throw new AmountError("AMOUNT_TOO_PRECISE", precision);
  const units = value.times(new D(10).pow(precision));
  if (units.greaterThan(Number.MAX_SAFE_INTEGER)) throw new AmountError("AMOUNT_TOO_LARGE");
  return units.toNumber();
}

/**
 * A decimal (string or Decimal, may be signed) in minor units with a named rounding.
 * "exact" throws when the value has more decimals than the precision.
 */
export function toUnits(value: string | Dec, precision: number, rounding: Rounding): number {
  assertPrecision(precision);
  const d = typeof value === "string" ? parseSigned(value) : value;
  if (!d.isFinite()) throw new Error(`not a finite amount: ${String(value)}`);
  const scaled = d.times(new D(10).pow(precision));
  let units: Dec;
  if (rounding === "exact") {
    if (!scaled.isInteger()) throw new AmountError("AMOUNT_TOO_PRECISE", precision);
    units = scaled;
  } else {
    units = scaled.toDecimalPlaces(0, ROUNDING[rounding]);
  }
  if (units.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new AmountError("AMOUNT_TOO_LARGE");
  return units.toNumber();
}

/** Minor units as canonical decimal text: no exponent, no trailing zeros ("1.5", "0", "-0.00000001"). */
export function fromUnits(units: number, precision: number): string {
  assertPrecision(precision);
  if (!Number.isSafeInteger(units)) throw new Error(`unsafe units ${units}`);
  return new D(units).div(new D(10).pow(precision)).toFixed();
}

/** Canonical text of a decimal (no exponent, no trailing zeros). */
export const canonical = (value: string | Dec): string => new D(value).toFixed();

/** Rounds a decimal for display, half-up as the spec says, then canonical text. */
export const roundDisplay = (value: Dec, decimals: number): string => value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed();

function parseSigned(text: string): Dec {
  const t = text.trim();
  if (!/^-?\d{1,20}(?:\.\d{1,20})?$/.test(t)) throw new AmountError("INVALID_AMOUNT");
  return new D(t);
}
