import { AXIS_PAD, type Frame, TIME_AXIS } from "./frame.ts";
import type { Series } from "./indicators.ts";
import type { Model } from "./model.ts";
import { type Scale, yOf } from "./price-scale.ts";
import type { ChartColors } from "./theme.ts";
import { xOf } from "./viewport.ts";

/**
 * Paints a computed frame on the canvas: only the visible bars, each kind in one path per colour. Bars, grid lines and
 * boxes are placed on whole device pixels (crisp at any devicePixelRatio); lines and text are drawn in CSS pixels.
 */

export const FONT = "10px system-ui, -apple-system, sans-serif";
/** Height of the boxes behind the last price and the crosshair's labels. */
const BOX = 15;

export function drawFrame(g: CanvasRenderingContext2D, f: Frame, model: Model, c: ChartColors, ratio: number): void {
  const dev = (v: number) => Math.round(v * ratio);
  // One device pixel at ratio < 2, more on denser screens: thin but visible.
  const hair = Math.max(1, Math.floor(ratio));
  const css = () => g.setTransform(ratio, 0, 0, ratio, 0, 0);
  const device = () => g.setTransform(1, 0, 0, 1, 0, 0);
  const x = (i: number) => xOf(i, f.n, f.view, f.plot);
  // Body (and histogram) width: 80 % of the spacing, and the same parity as the wick so the wick sits in the middle.
  let body = Math.max(1, Math.floor(f.view.spacing * ratio * 0.8));
  if (body > hair && (body - hair) % 2 === 1) body -= 1;
  body = Math.max(body, hair);
  const from = Math.max(0, f.from - 1);
  const to = Math.min(f.n - 1, f.to + 1);
  const mainBottom = f.main.top + f.main.height;
  const noBar = (i: number) => !model.bars[i];

  device();
  g.clearRect(0, 0, g.canvas.width, g.canvas.height);

  // Grid: a line per price label and per time label.
  g.fillStyle = c.grid;
  for (const t of [...f.priceTicks, ...f.subTicks]) g.fillRect(0, dev(t.y), dev(f.plot), hair);
  for (const t of f.timeLabels) g.fillRect(dev(t.x), 0, hair, dev(f.timeTop));

  // The price pane, clipped to its area.
  g.save();
  g.beginPath();
  g.rect(0, dev(f.main.top), dev(f.plot), dev(f.main.height));
  g.clip();

  // Volume behind the candles, in the soft colours.
  if (f.volume.max > 0) {
    const base = dev(mainBottom);
    for (const up of [true, false]) {
      g.beginPath();
      for (let i = from; i <= to; i++) {
        const bar = model.bars[i];
        if (!bar || bar.close >= bar.open !== up) continue;
        const h = Math.max(1, Math.round((bar.volume / f.volume.max) * f.volume.height * ratio));
        g.rect(dev(x(i)) - Math.floor(body / 2), base - h, body, h);
      }
      g.fillStyle = up ? c.upSoft : c.downSoft;
      g.fill();
    }
  }

  if (model.index) {
    css();
    g.setLineDash([4, 3]);
    const index = model.index;
    line(g, index, f.main, x, from, to, c.text, (i) => index[i] === null);
    g.setLineDash([]);
    device();
  }

  // Candles: wick, then a body at least one pixel high.
  for (const up of [true, false]) {
    g.beginPath();
    for (let i = from; i <= to; i++) {
      const bar = model.bars[i];
      if (!bar || bar.close >= bar.open !== up) continue;
      const cx = dev(x(i));
      const high = dev(yOf(f.main, bar.high));
      const low = dev(yOf(f.main, bar.low));
      const open = dev(yOf(f.main, bar.open));
      const close = dev(yOf(f.main, bar.close));
      g.rect(cx - Math.floor(hair / 2), high, hair, Math.max(1, low - high));
      g.rect(cx - Math.floor(body / 2), Math.min(open, close), body, Math.max(1, Math.abs(open - close)));
    }
    g.fillStyle = up ? c.up : c.down;
    g.fill();
  }

  css();
  for (const l of model.overlay) line(g, l.values, f.main, x, from, to, c.lines[l.color] ?? c.text, noBar);
  g.restore();

  // The sub-pane: its histogram from zero, its lines.
  if (f.sub) {
    const sub = f.sub;
    device();
    g.fillStyle = c.grid;
    g.fillRect(0, dev(sub.top) - hair, g.canvas.width, hair);
    g.save();
    g.beginPath();
    g.rect(0, dev(sub.top), dev(f.plot), dev(sub.height));
    g.clip();
    const zero = dev(yOf(sub, 0));
    for (const l of model.sub) {
      if (l.kind !== "histogram") continue;
      for (const up of [true, false]) {
        g.beginPath();
        for (let i = from; i <= to; i++) {
          const v = l.values[i];
          if (v === null || v === undefined || v >= 0 !== up) continue;
          const y = dev(yOf(sub, v));
          g.rect(dev(x(i)) - Math.floor(body / 2), Math.min(y, zero), body, Math.max(1, Math.abs(y - zero)));
        }
        g.fillStyle = up ? c.up : c.down;
        g.fill();
      }
    }
    css();
    for (const l of model.sub) if (l.kind !== "histogram") line(g, l.values, sub, x, from, to, c.lines[l.color] ?? c.text, noBar);
    g.restore();
  }

  // Axis borders.
  device();
  g.fillStyle = c.grid;
  g.fillRect(dev(f.plot), 0, hair, dev(f.timeTop));
  g.fillRect(0, dev(f.timeTop), g.canvas.width, hair);

  css();
  g.font = FONT;
  g.textBaseline = "middle";

  // The last price: a dashed line across and its label in a box of the bar's colour.
  const boxes: number[] = [];
  if (f.lastPrice) {
    const { y, text, up } = f.lastPrice;
    g.strokeStyle = up ? c.up : c.down;
    g.lineWidth = 1;
    g.setLineDash([2, 2]);
    g.beginPath();
    g.moveTo(0, crisp(y, ratio));
    g.lineTo(f.plot, crisp(y, ratio));
    g.stroke();
    g.setLineDash([]);
    axisBox(g, f, y, text, up ? c.upFill : c.downFill, "#fff");
    boxes.push(y);
  }
  if (f.crosshair?.y != null) boxes.push(f.crosshair.y);

  // Price labels, except where a box covers them.
  g.fillStyle = c.text;
  g.textAlign = "left";
  for (const t of [...f.priceTicks, ...f.subTicks]) {
    if (boxes.some((y) => Math.abs(y - t.y) < BOX)) continue;
    g.fillText(t.text, f.plot + AXIS_PAD, t.y);
  }

  // The crosshair's time box, where it will be drawn: the time labels under it are left out.
  const cross = f.crosshair;
  let timeBox: { left: number; width: number } | null = null;
  if (cross?.timeText != null) {
    const width = g.measureText(cross.timeText).width + 2 * AXIS_PAD;
    timeBox = { left: Math.min(Math.max(0, cross.x - width / 2), Math.max(0, f.plot - width)), width };
  }

  // Time labels.
  g.textAlign = "center";
  const timeY = f.timeTop + TIME_AXIS / 2;
  for (const t of f.timeLabels) {
    const half = g.measureText(t.text).width / 2;
    if (timeBox && t.x + half > timeBox.left - 2 && t.x - half < timeBox.left + timeBox.width + 2) continue;
    g.fillText(t.text, t.x, timeY);
  }

  // The crosshair: dashed lines through the bar and the pointer, their values on the axes.
  if (cross) {
    g.strokeStyle = c.faint;
    g.lineWidth = 1;
    g.setLineDash([4, 4]);
    g.beginPath();
    g.moveTo(crisp(cross.x, ratio), 0);
    g.lineTo(crisp(cross.x, ratio), f.timeTop);
    if (cross.y !== null) {
      g.moveTo(0, crisp(cross.y, ratio));
      g.lineTo(f.plot, crisp(cross.y, ratio));
    }
    g.stroke();
    g.setLineDash([]);
    if (cross.y !== null && cross.priceText !== null) axisBox(g, f, cross.y, cross.priceText, c.text, c.bg);
    if (timeBox && cross.timeText !== null) {
      g.fillStyle = c.text;
      g.fillRect(timeBox.left, f.timeTop + 1, timeBox.width, TIME_AXIS - 2);
      g.fillStyle = c.bg;
      g.textAlign = "center";
      g.fillText(cross.timeText, timeBox.left + timeBox.width / 2, timeY);
    }
  }
}

/** The middle of a device pixel row or column near v (CSS px), where a 1 px line is sharp. */
const crisp = (v: number, ratio: number) => (Math.floor(v * ratio) + 0.5) / ratio;

/** A label box on the price axis centred on y, kept inside the panes. */
function axisBox(g: CanvasRenderingContext2D, f: Frame, y: number, text: string, fill: string, ink: string) {
  const top = Math.min(Math.max(0, y - BOX / 2), f.timeTop - BOX);
  g.fillStyle = fill;
  g.fillRect(f.plot, top, f.width - f.plot, BOX);
  g.fillStyle = ink;
  g.textAlign = "left";
  g.fillText(text, f.plot + AXIS_PAD, top + BOX / 2);
}

/**
 * A polyline through values[from..to] on a scale (CSS px transform). A null breaks it (an indicator not yet started),
 * except at slots `stepOver` names, which the line runs across: an indicator's slots without a bar, the index line's
 * slots without an index point (the two feeds' times are merged on one axis).
 */
function line(
  g: CanvasRenderingContext2D,
  values: Series,
  scale: Scale,
  x: (i: number) => number,
  from: number,
  to: number,
  color: string,
  stepOver: (i: number) => boolean,
) {
  g.beginPath();
  let open = false;
  for (let i = from; i <= to; i++) {
    if (stepOver(i)) continue;
    const v = values[i];
    if (v === null || v === undefined) {
      open = false;
      continue;
    }
    const y = yOf(scale, v);
    if (open) g.lineTo(x(i), y);
    else g.moveTo(x(i), y);
    open = true;
  }
  g.strokeStyle = color;
  g.lineWidth = 1;
  g.stroke();
}
