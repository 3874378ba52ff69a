import { axisPrice } from "../../lib/format.ts";
import type { Model } from "./model.ts";
import { EMPTY, extend, include, niceStep, type Range, type Scale, scaleFor, tickCount, ticks, valueAt, yOf } from "./price-scale.ts";
import { crosshairTime, labelStride, timeLabels } from "./time-labels.ts";
import { clampView, indexAt, type View, visibleRange, xOf } from "./viewport.ts";

/**
 * One picture of the candle chart, computed from the model, the view and the canvas size: where the panes are, their
 * scales, which bars are in sight, the axis labels and the crosshair. Pure (text widths come from `measure`), so the
 * layout rules are tested without a canvas; draw.ts paints it.
 */

/** Height of the time axis under the panes, CSS px. */
export const TIME_AXIS = 20;
/** Space left and right of a price label on the axis. */
export const AXIS_PAD = 6;
/** The volume histogram's share of the price pane, at its bottom. */
const VOLUME_SHARE = 0.18;
/** Free space above and below the candles: the legend sits at the top, and the candles stay clear of the volume. */
const MAIN_MARGINS = { top: 0.16, bottom: 0.2 };
const SUB_MARGINS = { top: 0.12, bottom: 0.12 };
/** An axis label nearer than this to its pane's top or bottom edge would be cut: it is left out (its grid line too). */
const EDGE = 6;

export type Tick = { y: number; text: string };

export type Frame = {
  width: number;
  height: number;
  /** Width of the plotted area (the price axis lies right of it). */
  plot: number;
  /** Top of the time axis. */
  timeTop: number;
  /** The view drawn: the one asked for, kept in range. */
  view: View;
  /** Slot count. */
  n: number;
  /** Visible slots, inclusive (from > to: none). */
  from: number;
  to: number;
  main: Scale;
  volume: { top: number; height: number; max: number };
  sub: Scale | null;
  priceTicks: Tick[];
  subTicks: Tick[];
  timeLabels: { x: number; text: string }[];
  lastPrice: { y: number; text: string; up: boolean } | null;
  crosshair: { x: number; y: number | null; priceText: string | null; timeText: string | null } | null;
  /** The slot whose values the legend shows: the crosshair's bar, else the newest (-1 for none). */
  legendSlot: number;
};

export type FrameInput = {
  model: Model;
  view: View;
  width: number;
  height: number;
  precision: number;
  /** Decimals of the sub-pane's labels. */
  subDecimals: number;
  intraday: boolean;
  locale: string;
  /** The pointer, in CSS px from the canvas's top left; null when there is no crosshair. */
  pointer: { x: number; y: number } | null;
  measure: (text: string) => number;
};

/** The price axis's width: the widest price the data can print there (so panning does not make it twitch). */
function axisWidth(input: Pick<FrameInput, "model" | "precision" | "measure">, hasSub: boolean): number {
  const widest = input.measure(axisPrice(input.model.widest, input.precision));
  const subWidest = hasSub ? input.measure("-100.00") : 0;
  return Math.ceil(Math.max(widest, subWidest, 24) + 2 * AXIS_PAD);
}

/** The panes' rows: the price pane over the sub-pane (3:1, a 1 px separator between), the time axis under both. */
export function paneRows(height: number, hasSub: boolean) {
  const panes = Math.max(0, height - TIME_AXIS);
  const mainHeight = hasSub ? Math.round((panes - 1) * 0.75) : panes;
  return {
    main: { top: 0, height: mainHeight },
    sub: hasSub ? { top: mainHeight + 1, height: Math.max(0, panes - mainHeight - 1) } : null,
    timeTop: panes,
  };
}

/** Ticks of a scale at a nice step, labelled, without those too near the pane's edges. */
function axisTicks(scale: Scale, maxTicks: number, decimals: number): Tick[] {
  const step = niceStep(scale.max - scale.min, maxTicks, 10 ** -decimals);
  return ticks(scale, step)
    .map((v) => ({ y: yOf(scale, v), text: axisPrice(v, decimals) }))
    .filter((t) => t.y >= scale.top + EDGE && t.y <= scale.top + scale.height - EDGE);
}

export function computeFrame(input: FrameInput): Frame {
  const { model, width, height, precision, intraday, locale, pointer, measure } = input;
  const n = model.times.length;
  const hasSub = model.sub.length > 0;
  const plot = Math.max(0, width - axisWidth(input, hasSub));
  // The view as it can be at this width (a narrower chart or fewer bars than when it was set).
  const view = clampView(input.view, n, plot);
  const rows = paneRows(height, hasSub);
  const { from, to } = visibleRange(n, view, plot);

  // The price pane's range: the visible bars, the index line and the overlay lines (all share its scale).
  let range: Range = EMPTY;
  let maxVolume = 0;
  for (let i = from; i <= to; i++) {
    const bar = model.bars[i];
    if (!bar) continue;
    range = include(include(range, bar.low), bar.high);
    if (bar.volume > maxVolume) maxVolume = bar.volume;
  }
  if (model.index) range = extend(range, model.index, from, to);
  for (const line of model.overlay) range = extend(range, line.values, from, to);
  const main = scaleFor(range, rows.main, MAIN_MARGINS);

  let sub: Scale | null = null;
  // Whether the sub-pane's indicator has a value in sight (it has none on the first bars): no labels otherwise.
  let subValues = false;
  if (rows.sub) {
    let subRange: Range = EMPTY;
    for (const line of model.sub) subRange = extend(subRange, line.values, from, to);
    subValues = subRange.min <= subRange.max;
    // A histogram grows from zero, so zero is on its scale.
    if (model.sub.some((line) => line.kind === "histogram")) subRange = include(subRange, 0);
    sub = scaleFor(subRange, rows.sub, SUB_MARGINS);
  }

  const x = (i: number) => xOf(i, n, view, plot);

  // Time labels only where the whole label fits on the axis. Sized by a clock time, the widest label but for some
  // month names (a stride's spare 12 px takes those in): asking for the names would build a date formatter, tens of ms
  // on a phone, on every first draw.
  const labelWidth = measure("00:00");
  const first = Math.max(0, Math.ceil(indexAt(labelWidth / 2, n, view, plot)));
  const last = Math.min(n - 1, Math.floor(indexAt(plot - labelWidth / 2, n, view, plot)));
  const labels = timeLabels(model.times, { from: first, to: last }, labelStride(view.spacing, labelWidth), intraday, locale);

  let lastPrice: Frame["lastPrice"] = null;
  if (model.last) {
    const y = yOf(main, model.last.close);
    if (y >= main.top && y <= main.top + main.height) {
      lastPrice = { y, text: axisPrice(model.last.close, precision), up: model.last.close >= model.last.open };
    }
  }

  let crosshair: Frame["crosshair"] = null;
  let legendSlot = model.lastSlot;
  if (pointer && pointer.x >= 0 && pointer.x < plot && pointer.y >= 0 && pointer.y < rows.timeTop && n > 0) {
    const slot = Math.min(n - 1, Math.max(0, Math.round(indexAt(pointer.x, n, view, plot))));
    let y: number | null = null;
    let priceText: string | null = null;
    if (pointer.y < rows.main.top + rows.main.height) {
      y = pointer.y;
      priceText = axisPrice(valueAt(main, y), precision);
    } else if (sub && pointer.y >= sub.top) {
      y = pointer.y;
      priceText = axisPrice(valueAt(sub, y), input.subDecimals);
    }
    crosshair = { x: x(slot), y, priceText, timeText: crosshairTime(model.times[slot]!, intraday) };
    if (model.bars[slot]) legendSlot = slot;
  }

  return {
    width,
    height,
    plot,
    timeTop: rows.timeTop,
    view,
    n,
    from,
    to,
    main,
    volume: { top: rows.main.top + rows.main.height * (1 - VOLUME_SHARE), height: rows.main.height * VOLUME_SHARE, max: maxVolume },
    sub,
    priceTicks: range.min <= range.max ? axisTicks(main, tickCount(rows.main.height), precision) : [],
    subTicks: sub && subValues ? axisTicks(sub, 3, input.subDecimals) : [],
    timeLabels: labels.map((l) => ({ x: x(l.index), text: l.text })),
    lastPrice,
    crosshair,
    legendSlot,
  };
}
