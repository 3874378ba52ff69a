import type { Candle } from "../../../../schema/api/market.ts";
import { drawFrame, FONT } from "./draw.ts";
import { computeFrame } from "./frame.ts";
import { legendItems, type LegendItem, type PriceNames } from "./legend.ts";
import { type Overlay, type SubIndicator, subDecimals } from "./lines.ts";
import { buildModel, type Model } from "./model.ts";
import type { ChartColors } from "./theme.ts";
import { afterAppend, barsAfter, DEFAULT_VIEW, pan, type View, zoom } from "./viewport.ts";

/**
 * The candle chart on its canvas, outside React: its state, redraws coalesced into one per animation frame, the size
 * from a ResizeObserver, and the pointer: drag or one finger pans, the wheel or two fingers zoom, hover or a held (or
 * tapped) finger shows the crosshair. Pointer moves, live frames and resizes redraw without rendering a component.
 */

export type CandleChartHandle = {
  setData(data: { candles: Candle[]; index: Candle[] | null; key: string; overlay: Overlay; sub: SubIndicator }): void;
  setColors(colors: ChartColors): void;
  setOptions(options: { precision: number; intraday: boolean; prices: PriceNames }): void;
  destroy(): void;
};

/** Wheel steps to a zoom factor: a mouse notch (about 100 px) is about 20 %. */
const wheelZoom = (deltaY: number) => Math.exp(-deltaY * 0.002);
/** Touch: a finger held this long without moving shows the crosshair instead of panning. */
const PRESS_MS = 300;
/** Touch: a move further than this (CSS px) is a pan (or the page's scroll), not a press. */
const SLOP = 6;

export function mountCandleChart(canvas: HTMLCanvasElement, box: HTMLElement, legend: HTMLElement): CandleChartHandle {
  /** The theme's colours: set (setColors) before anything is drawn. */
  let colors: ChartColors | null = null;
  let model: Model | null = null;
  let view: View = DEFAULT_VIEW;
  let size = { w: 0, h: 0 };
  /** Width of the plotted area at the last draw (the canvas's less the price axis): pan and zoom work in it. */
  let plot = 0;
  let pointer: { x: number; y: number } | null = null;
  let options = { precision: 2, intraday: false, sub: "none" as SubIndicator, prices: null as PriceNames | null };
  /** The data key and newest time last set: what a live frame is compared with. */
  let drawn: { key: string; lastTime: number } | null = null;
  let legendText = "";
  let raf = 0;

  /** Draws now: the frame, then the legend if its text changed. */
  const paint = () => {
    if (!model || !colors || size.w === 0 || size.h === 0) return;
    const c = colors;
    const ratio = window.devicePixelRatio || 1;
    const w = Math.round(size.w * ratio);
    const h = Math.round(size.h * ratio);
    if (canvas.width !== w || canvas.height !== h) Object.assign(canvas, { width: w, height: h });
    const g = canvas.getContext("2d");
    if (!g) return;
    g.font = FONT;
    const frame = computeFrame({
      model,
      view,
      width: size.w,
      height: size.h,
      precision: options.precision,
      subDecimals: subDecimals(options.sub, options.precision),
      intraday: options.intraday,
      locale: document.documentElement.lang || navigator.language,
      pointer,
      measure: (text) => g.measureText(text).width,
    });
    view = frame.view;
    plot = frame.plot;
    drawFrame(g, frame, model, c, ratio);

    // The legend: the crosshair's bar (with its prices) or the newest bar, each value in its line's colour.
    const colorOf = (color: LegendItem["color"]) =>
      color === "up" ? c.up : color === "down" ? c.down : color === "text" ? c.text : (c.lines[color] ?? c.text);
    const items = legendItems(model, frame.legendSlot, options.precision, frame.crosshair ? options.prices : null);
    const text = items.map((i) => `${colorOf(i.color)}:${i.text}`).join("|");
    if (text !== legendText) {
      legendText = text;
      legend.replaceChildren(
        ...items.map((i) => {
          const span = document.createElement("span");
          span.style.color = colorOf(i.color);
          span.textContent = i.text;
          return span;
        }),
      );
    }
  };

  /** Draws at the next animation frame, once however many changes come before it. */
  const schedule = () => {
    if (raf !== 0) return;
    raf = requestAnimationFrame(() => {
      raf = 0;
      paint();
    });
  };

  // Drawn at once on a resize: the observer runs after layout and before the frame is painted.
  const observer = new ResizeObserver(([entry]) => {
    size = { w: entry!.contentRect.width, h: entry!.contentRect.height };
    paint();
  });
  observer.observe(box);

  // Pointer gestures.
  const bars = () => model?.times.length ?? 0;
  const touches = new Map<number, { x: number; y: number }>();
  let mouseX: number | null = null;
  let touch: { mode: "press" | "pan" | "crosshair" | "pinch" | "none"; startX: number; startY: number; lastX: number } | null = null;
  let pressTimer = 0;
  let pinchWidth = 0;
  const at = (e: PointerEvent | WheelEvent) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const panBy = (dx: number) => {
    view = pan(view, dx, bars(), plot);
  };

  const down = (e: PointerEvent) => {
    const p = at(e);
    if (e.pointerType === "mouse") {
      if (e.button !== 0) return;
      canvas.setPointerCapture(e.pointerId);
      mouseX = p.x;
      return;
    }
    touches.set(e.pointerId, p);
    clearTimeout(pressTimer);
    if (touches.size === 1) {
      touch = { mode: "press", startX: p.x, startY: p.y, lastX: p.x };
      pressTimer = window.setTimeout(() => {
        if (touch?.mode !== "press") return;
        touch.mode = "crosshair";
        pointer = p;
        schedule();
      }, PRESS_MS);
    } else if (touches.size === 2) {
      const [a, b] = [...touches.values()];
      touch = { mode: "pinch", startX: 0, startY: 0, lastX: 0 };
      pinchWidth = Math.abs(a!.x - b!.x);
      pointer = null;
      schedule();
    }
  };

  const move = (e: PointerEvent) => {
    const p = at(e);
    if (e.pointerType === "mouse") {
      if (mouseX !== null) {
        panBy(p.x - mouseX);
        mouseX = p.x;
      }
      pointer = p;
      schedule();
      return;
    }
    if (!touches.has(e.pointerId) || !touch) return;
    touches.set(e.pointerId, p);
    if (touch.mode === "pinch" && touches.size === 2) {
      const [a, b] = [...touches.values()];
      const width = Math.abs(a!.x - b!.x);
      // Fingers almost one above the other give no horizontal measure to zoom by.
      if (pinchWidth > 10 && width > 10) view = zoom(view, width / pinchWidth, (a!.x + b!.x) / 2, bars(), plot);
      pinchWidth = width;
    } else if (touch.mode === "press") {
      const dx = p.x - touch.startX;
      const dy = p.y - touch.startY;
      if (Math.abs(dx) <= SLOP && Math.abs(dy) <= SLOP) return;
      clearTimeout(pressTimer);
      // Sideways pans the chart; up or down is the page's scroll (touch-action: pan-y), which the chart leaves alone.
      touch.mode = Math.abs(dx) >= Math.abs(dy) ? "pan" : "none";
      if (touch.mode === "pan") {
        pointer = null;
        panBy(p.x - touch.lastX);
      }
    } else if (touch.mode === "pan") {
      panBy(p.x - touch.lastX);
    } else if (touch.mode === "crosshair") {
      pointer = p;
    }
    touch.lastX = p.x;
    schedule();
  };

  const up = (e: PointerEvent) => {
    if (e.pointerType === "mouse") {
      mouseX = null;
      return;
    }
    touches.delete(e.pointerId);
    clearTimeout(pressTimer);
    // A tap shows the crosshair there and leaves it, so the legend can be read; a pan hides it.
    if (touch?.mode === "press" && e.type === "pointerup") {
      pointer = at(e);
      schedule();
    }
    if (touches.size === 0) touch = null;
    else if (touch) touch.mode = "none";
  };

  const leave = (e: PointerEvent) => {
    if (e.pointerType !== "mouse" || mouseX !== null) return;
    pointer = null;
    schedule();
  };

  const wheel = (e: WheelEvent) => {
    if (bars() === 0) return;
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? plot : 1;
    if (Math.abs(e.deltaX) > Math.abs(e.deltaY)) panBy(-e.deltaX * unit);
    else view = zoom(view, wheelZoom(e.deltaY * unit), at(e).x, bars(), plot);
    schedule();
  };

  canvas.addEventListener("pointerdown", down);
  canvas.addEventListener("pointermove", move);
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);
  canvas.addEventListener("pointerleave", leave);
  canvas.addEventListener("wheel", wheel, { passive: false });

  return {
    setData({ candles, index, key, overlay, sub }) {
      model = buildModel(candles, index, overlay, sub);
      const lastTime = model.times.at(-1) ?? 0;
      // A new pair or period brings the newest bar into view; a live frame keeps a panned-back view on its bars.
      if (drawn?.key !== key) view = { spacing: view.spacing, rightOffset: DEFAULT_VIEW.rightOffset };
      else view = afterAppend(view, barsAfter(model.times, drawn.lastTime));
      drawn = { key, lastTime };
      options = { ...options, sub };
      // What is drawn, readable from outside (the canvas is not): bar count, the newest close, the index line's points.
      Object.assign(box.dataset, {
        bars: String(candles.length),
        lastClose: candles.at(-1)?.close ?? "",
        indexPoints: String(index?.length ?? 0),
      });
      schedule();
    },
    setColors(next) {
      colors = next;
      // The candles' colours, readable by a browser test.
      Object.assign(box.dataset, { upColor: next.up, downColor: next.down });
      legendText = "";
      schedule();
    },
    setOptions(next) {
      options = { ...options, ...next };
      legendText = "";
      schedule();
    },
    destroy() {
      observer.disconnect();
      clearTimeout(pressTimer);
      cancelAnimationFrame(raf);
      canvas.removeEventListener("pointerdown", down);
      canvas.removeEventListener("pointermove", move);
      canvas.removeEventListener("pointerup", up);
      canvas.removeEventListener("pointercancel", up);
      canvas.removeEventListener("pointerleave", leave);
      canvas.removeEventListener("wheel", wheel);
    },
  };
}
