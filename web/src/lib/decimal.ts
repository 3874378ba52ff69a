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

/** Number display of the spec: above 1,000,000 in M with one decimal, above 1,000 in K, else four decimals. */
export function compact(value: string | number | DecimalValue): string {
  const d = dec(value as string);
  const abs = d.abs();
  if (abs.gt(1_000_000)) return `${d.div(1_000_000).toFixed(1, D.ROUND_HALF_UP)}M`;
  if (abs.gt(1_000)) return `${d.div(1_000).toFixed(1, D.ROUND_HALF_UP)}K`;
  return d.toFixed(4, D.ROUND_HALF_UP);
}

/** Fixed decimals with thousands separators, half-up. Price precision defaults to 2. */
export function fixed(value: string | number | DecimalValue, decimals = 2): string {
  const [int, frac] = dec(value as string)
    .toFixed(decimals, D.ROUND_HALF_UP)
    .split(".");
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac ? `${grouped}.${frac}` : grouped;
}
