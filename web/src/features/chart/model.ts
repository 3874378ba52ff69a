import type { Candle } from "../../../../schema/api/market.ts";
import type { Series } from "./indicators.ts";
import { type Line, type Overlay, overlayLines, type SubIndicator, subLines } from "./lines.ts";
import { plotNumber } from "./theme.ts";

/** A bar as the chart draws it: JS numbers, for plotting only (see plotNumber); `time` is the candle's UTC ms. */
export type Bar = { time: number; open: number; high: number; low: number; close: number; volume: number };

/**
 * Bars already converted, by candle. A live frame replaces only the newest candle and keeps the others as they were
 * read, so each frame converts one candle, not the whole history.
 */
const converted = new WeakMap<Candle, Bar>();

function toBars(candles: readonly Candle[]): Bar[] {
  return candles.map((c) => {
    let bar = converted.get(c);
    if (!bar) {
      bar = {
        time: c.time,
        open: plotNumber(c.open),
        high: plotNumber(c.high),
        low: plotNumber(c.low),
        close: plotNumber(c.close),
        volume: plotNumber(c.volume),
      };
      converted.set(c, bar);
    }
    return bar;
  });
}

/**
 * What the chart draws, by slot of the time axis. Slots are the bars' times, merged with the index line's when there
 * is one (another feed may have candles where this market has none, as in a quiet market whose chart is mostly the
 * index line): `bars[s]` is null where only the index has a point, `index[s]` null where only the market has one.
 * Indicator values are per slot too, null where there is no bar.
 */
export type Model = {
  times: number[];
  bars: (Bar | null)[];
  /** The candles the bars were read from (their decimal strings are what the legend shows). */
  candles: (Candle | null)[];
  index: Series | null;
  overlay: Line[];
  sub: Line[];
  /** The newest bar: its close is the last price. */
  last: Bar | null;
  /** The slot of the newest bar (-1 for none). */
  lastSlot: number;
  /** The largest magnitude the price axis may print: it sizes the axis once per data, not on every pan. */
  widest: number;
};

/** The model of the candles, an optional index line (another feed's candles: their closes) and the chosen indicators. */
export function buildModel(candles: readonly Candle[], index: readonly Candle[] | null, overlay: Overlay, sub: SubIndicator): Model {
  const bars = toBars(candles);
  const closes = bars.map((b) => b.close);
  const overlayByBar = overlayLines(overlay, closes);
  const subByBar = subLines(sub, bars, closes);
  let widest = 0;
  for (const b of bars) widest = Math.max(widest, Math.abs(b.high), Math.abs(b.low));
  const last = bars.at(-1) ?? null;

  if (!index || index.length === 0) {
    return {
      times: bars.map((b) => b.time),
      bars,
      candles: candles as Candle[],
      index: null,
      overlay: overlayByBar,
      sub: subByBar,
      last,
      lastSlot: bars.length - 1,
      widest,
    };
  }

  // Merge the two ascending time lists; barOf[s] is the bar at slot s (-1 for none).
  const times: number[] = [];
  const slotIndex: Series = [];
  const barOf: number[] = [];
  let b = 0;
  let k = 0;
  while (b < bars.length || k < index.length) {
    const bt = b < bars.length ? bars[b]!.time : Infinity;
    const kt = k < index.length ? index[k]!.time : Infinity;
    const t = Math.min(bt, kt);
    times.push(t);
    barOf.push(bt === t ? b++ : -1);
    if (kt === t) {
      const value = plotNumber(index[k++]!.close);
      slotIndex.push(value);
      widest = Math.max(widest, Math.abs(value));
    } else slotIndex.push(null);
  }
  const bySlot = (line: Line): Line => ({ ...line, values: barOf.map((i) => (i < 0 ? null : line.values[i]!)) });
  return {
    times,
    bars: barOf.map((i) => (i < 0 ? null : bars[i]!)),
    candles: barOf.map((i) => (i < 0 ? null : candles[i]!)),
    index: slotIndex,
    overlay: overlayByBar.map(bySlot),
    sub: subByBar.map(bySlot),
    last,
    lastSlot: bars.length > 0 ? barOf.lastIndexOf(bars.length - 1) : -1,
    widest,
  };
}
