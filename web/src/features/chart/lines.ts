import { boll, ema, type HLC, kdj, macd, rsi, type Series, sma } from "./indicators.ts";

export type Overlay = "MA" | "EMA" | "BOLL" | "none";
export type SubIndicator = "MACD" | "RSI" | "KDJ" | "none";

/**
 * A drawn indicator: its legend name, one value per bar (null = nothing drawn), its colour as an index into the
 * palette's line colours (-1 = up/down by sign), its legend decimals (null = the price's), and how it is drawn.
 */
export type Line = { name: string; values: Series; color: number; decimals: number | null; kind?: "histogram" };

/** The lines an overlay draws on the price pane, from the bars' closes. */
export function overlayLines(overlay: Overlay, closes: readonly number[]): Line[] {
  switch (overlay) {
    case "MA":
      return [5, 10, 30].map((n, i) => ({ name: `MA${n}`, values: sma(closes, n), color: i, decimals: null }));
    case "EMA":
      return [7, 25, 99].map((n, i) => ({ name: `EMA${n}`, values: ema(closes, n), color: i, decimals: null }));
    case "BOLL": {
      const b = boll(closes, 20, 2);
      return [
        { name: "MID", values: b.mid, color: 0, decimals: null },
        { name: "UP", values: b.upper, color: 1, decimals: null },
        { name: "LOW", values: b.lower, color: 2, decimals: null },
      ];
    }
    default:
      return [];
  }
}

/** The lines of the sub-pane's indicator. */
export function subLines(sub: SubIndicator, bars: readonly HLC[], closes: readonly number[]): Line[] {
  switch (sub) {
    case "MACD": {
      const m = macd(closes, 12, 26, 9);
      return [
        { name: "MACD", values: m.hist, color: -1, decimals: null, kind: "histogram" },
        { name: "DIF", values: m.dif, color: 0, decimals: null },
        { name: "DEA", values: m.dea, color: 1, decimals: null },
      ];
    }
    case "RSI":
      return [6, 12, 24].map((n, i) => ({ name: `RSI${n}`, values: rsi(closes, n), color: i, decimals: 2 }));
    case "KDJ": {
      const k = kdj(bars, 9, 3, 3);
      return [
        { name: "K", values: k.k, color: 0, decimals: 2 },
        { name: "D", values: k.d, color: 1, decimals: 2 },
        { name: "J", values: k.j, color: 2, decimals: 2 },
      ];
    }
    default:
      return [];
  }
}

/** The decimals of the sub-pane's axis labels: RSI and KDJ are 0..100 figures, MACD is in the price's units. */
export const subDecimals = (sub: SubIndicator, precision: number): number => (sub === "MACD" ? precision : 2);
