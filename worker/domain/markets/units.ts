/**
 * Exact conversions between decimal strings and the engine's integer units, with BigInt (never a
 * float). A market has a tick size (price step) and a lot size (quantity step), both decimal strings
 * such as "0.01" or "0.5". Prices become ticks, quantities lots, and quote amounts ticks x lots
 * (a quote unit is tickSize * lotSize of the quote currency).
 */

export type Rounding = "exact" | "down" | "up";

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

interface Scaled {
  /** value = units / 10^scale */
  units: bigint;
  scale: number;
}

function parse(text: string, what: string): Scaled {
  const m = typeof text === "string" && text.length <= 80 ? DECIMAL.exec(text) : null;
  if (m === null) throw new RangeError(`${what}: not a non-negative decimal: ${String(text)}`);
  const frac = m[2] ?? "";
  return { units: BigInt(m[1]! + frac), scale: frac.length };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Writes units / 10^scale as canonical decimal text: no exponent, no trailing zeros. */
function format(units: bigint, scale: number): string {
  let digits = units.toString();
  if (scale === 0) return digits;
  if (digits.length <= scale) digits = "0".repeat(scale - digits.length + 1) + digits;
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  return frac.length > 0 ? `${int}.${frac}` : int;
}

function step(size: string, what: string): Scaled {
  const s = parse(size, what);
  if (s.units === 0n) throw new RangeError(`${what}: must be greater than zero`);
  return s;
}

/**
 * How many steps of `size` make `value`. "exact" throws if value is not a whole number of steps;
 * "down"/"up" round toward zero/away from zero. Throws if the result is not a safe integer.
 */
export function toUnits(value: string, size: string, rounding: Rounding = "exact"): number {
  const v = parse(value, "value");
  const s = step(size, "step");
  const scale = Math.max(v.scale, s.scale);
  const a = v.units * pow10(scale - v.scale);
  const b = s.units * pow10(scale - s.scale);
  let q = a / b;
  if (a % b !== 0n) {
    if (rounding === "exact") throw new RangeError(`${value} is not a multiple of ${size}`);
    if (rounding === "up") q += 1n;
  }
  if (q > MAX_SAFE) throw new RangeError(`${value} / ${size} is too large`);
  return Number(q);
}

/** units x size as canonical decimal text. */
export function fromUnits(units: number, size: string): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`not a non-negative safe integer: ${units}`);
  const s = step(size, "step");
  return format(BigInt(units) * s.units, s.scale);
}

/** The product of two decimal sizes, as canonical text (e.g. the quote unit tickSize x lotSize). */
export function multiplySizes(a: string, b: string): string {
  const x = parse(a, "size");
  const y = parse(b, "size");
  return format(x.units * y.units, x.scale + y.scale);
}

/** Price text to ticks ("27123.45" with tick "0.01" is 2712345). */
export function toTicks(price: string, tickSize: string, rounding: Rounding = "exact"): number {
  return toUnits(price, tickSize, rounding);
}

export function fromTicks(ticks: number, tickSize: string): string {
  return fromUnits(ticks, tickSize);
}

/** Quantity text to lots. */
export function toLots(qty: string, lotSize: string, rounding: Rounding = "exact"): number {
  return toUnits(qty, lotSize, rounding);
}

export function fromLots(lots: number, lotSize: string): string {
  return fromUnits(lots, lotSize);
}

/**
 * A quote amount to quote units (ticks x lots), rounded down so a market buy's budget never spends
 * more than the amount held.
 */
export function toQuoteUnits(amount: string, tickSize: string, lotSize: string): number {
  return toUnits(amount, multiplySizes(tickSize, lotSize), "down");
}

/** Quote units (for example price x qty of a fill) back to a quote amount. */
export function fromQuoteUnits(units: number, tickSize: string, lotSize: string): string {
  return fromUnits(units, multiplySizes(tickSize, lotSize));
}

/** The quote amount of price ticks x qty lots, exact even where the product passes 2^53. */
export function notional(price: number, qty: number, tickSize: string, lotSize: string): string {
  for (const n of [price, qty]) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a non-negative safe integer: ${n}`);
  }
  const t = step(tickSize, "tick size");
  const l = step(lotSize, "lot size");
  return format(BigInt(price) * BigInt(qty) * t.units * l.units, t.scale + l.scale);
}
