/**
 * A pane's vertical scale: the range its visible values need, "nice" tick values for the axis, and price <-> y. Pure
 * numbers (plotting only; labels are written by axisPrice).
 */

/** A value range; empty while min > max. */
export type Range = { min: number; max: number };

export const EMPTY: Range = { min: Infinity, max: -Infinity };

/** A pane's scale: the values at its top and bottom edges, over its pixel rows. */
export type Scale = { top: number; height: number; min: number; max: number };

/** The range widened to take a value in (null and non-finite values are skipped). */
export function include(range: Range, value: number | null | undefined): Range {
  if (value === null || value === undefined || !Number.isFinite(value)) return range;
  return { min: Math.min(range.min, value), max: Math.max(range.max, value) };
}

/** The min and max of values[from..to] (nulls skipped), merged into `range`. A loop, not spread: thousands of bars. */
export function extend(range: Range, values: readonly (number | null)[], from: number, to: number): Range {
  let { min, max } = range;
  for (let i = from; i <= to; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

/**
 * The scale of a pane whose data spans `range`, leaving `top` and `bottom` (fractions of the pane's height) free above
 * and below it. A flat range (one price) is opened around its value, and an empty one falls back to 0..1.
 */
export function scaleFor(range: Range, pane: { top: number; height: number }, margins: { top: number; bottom: number }): Scale {
  let { min, max } = range;
  if (!(min <= max)) [min, max] = [0, 1];
  if (max === min) {
    const pad = Math.abs(max) * 0.01 || 1;
    min -= pad;
    max += pad;
  }
  const full = (max - min) / Math.max(0.1, 1 - margins.top - margins.bottom);
  return { top: pane.top, height: pane.height, min: min - full * margins.bottom, max: max + full * margins.top };
}

export const yOf = (scale: Scale, value: number): number => scale.top + ((scale.max - value) / (scale.max - scale.min)) * scale.height;

export const valueAt = (scale: Scale, y: number): number => scale.max - ((y - scale.top) / scale.height) * (scale.max - scale.min);

/**
 * The smallest step of 1, 2, 2.5 or 5 times a power of ten that splits `span` into at most `maxTicks` parts, and not
 * finer than `minStep` (the price's last decimal: finer steps would print the same label twice).
 */
export function niceStep(span: number, maxTicks: number, minStep = 0): number {
  const raw = Math.max(span / Math.max(1, maxTicks), minStep, Number.MIN_VALUE);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) {
    const step = m * power;
    // A tolerance for raw values that are already a nice step but came out of float division a hair above it.
    if (step >= raw * (1 - 1e-9) && step >= minStep * (1 - 1e-9)) return step;
  }
  return 10 * power;
}

/**
 * The multiples of `step` inside [min, max], ascending: each is k * step (no summed float error), to 12 digits (0.3,
 * not 0.30000000000000004).
 */
export function ticks(range: Range, step: number): number[] {
  if (!(step > 0) || !(range.min <= range.max)) return [];
  const out: number[] = [];
  for (let k = Math.ceil(range.min / step - 1e-9); k * step <= range.max + step * 1e-9; k++) out.push(Number((k * step).toPrecision(12)));
  return out;
}

/** How many ticks a pane of this height gets: one per ~40 px, between `least` and 6. */
export const tickCount = (height: number, least = 2): number => Math.max(least, Math.min(6, Math.floor(height / 40)));
