import { fixed } from "../../lib/format.ts";
import type { Model } from "./model.ts";

/** One legend entry and its colour: "up"/"down" (the bar's direction), "text", or a line colour's index. */
export type LegendItem = { text: string; color: "up" | "down" | "text" | number };

/** The short names of open, high, low and close in the reader's language. */
export type PriceNames = { open: string; high: string; low: string; close: string };

/**
 * The legend of a slot: with `prices`, the bar's open, high, low and close (from the candle's decimal strings), then
 * every indicator line's value there, `--` where it has none. Line values are plotted numbers, shown at the line's
 * decimals.
 */
export function legendItems(model: Model, slot: number, precision: number, prices: PriceNames | null): LegendItem[] {
  const items: LegendItem[] = [];
  const candle = slot >= 0 ? model.candles[slot] : null;
  if (prices && candle) {
    const color = model.bars[slot]!.close >= model.bars[slot]!.open ? "up" : "down";
    for (const key of ["open", "high", "low", "close"] as const)
      items.push({ text: `${prices[key]} ${fixed(candle[key], precision)}`, color });
  }
  for (const line of [...model.overlay, ...model.sub]) {
    const v = slot >= 0 ? line.values[slot] : null;
    const value = v === null || v === undefined ? "--" : fixed(String(v), line.decimals ?? precision);
    items.push({ text: `${line.name} ${value}`, color: line.color < 0 ? "text" : line.color });
  }
  return items;
}
