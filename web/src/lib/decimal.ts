import Decimal from "decimal.js";

/** The spec's decimal rules: 20 significant digits, half-up rounding. */
export const D = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
export type DecimalValue = InstanceType<typeof D>;

/** Parses an API amount (decimal string); anything unparseable is zero. */
export function dec(value: string | number | null | undefined): DecimalValue {
  try {
    return new D(value ?? 0);
  } catch {
    return new D(0);
  }
}
