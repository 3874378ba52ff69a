import { describe, expect, it } from "vitest";
import type { Candle } from "../../schema/api/market.ts";
import { AXIS_PAD, computeFrame, type FrameInput, paneRows, TIME_AXIS } from "../../web/src/features/chart/frame.ts";
import { legendItems } from "../../web/src/features/chart/legend.ts";
import { buildModel } from "../../web/src/features/chart/model.ts";
import { DEFAULT_VIEW } from "../../web/src/features/chart/viewport.ts";

const start = new Date(2026, 10, 28, 8, 0).getTime();
/** 1-minute candles around 3,000 (a slow wave), rising bars on even minutes. */
function candles(count: number, from = start): Candle[] {
  return Array.from({ length: count }, (_, i) => {
    const mid = 3000 + Math.round(50 * Math.sin(i / 40));
    const [open, close] = i % 2 === 0 ? [mid - 2, mid + 2] : [mid + 2, mid - 2];
    return {
      time: from + i * 60_000,
      open: `${open}.00`,
      high: `${mid + 5}.00`,
      low: `${mid - 5}.00`,
      close: `${close}.00`,
      volume: "1.5",
    };
  });
}

/** Text widths as a 10 px font roughly has them. */
const measure = (text: string) => text.length * 6;

const input = (over: Partial<FrameInput> = {}): FrameInput => ({
  model: buildModel(candles(1440), null, "MA", "none"),
  view: DEFAULT_VIEW,
  width: 390,
  height: 240,
  precision: 2,
  subDecimals: 2,
  intraday: true,
  locale: "en",
  pointer: null,
  measure,
  ...over,
});

describe("chart frame", () => {
  it("gives the price axis room for the widest price, and splits the panes 3:1 over the time axis", () => {
    const f = computeFrame(input());
    // "3,055.00" is the widest price: 8 characters, 48 px, and the padding either side.
    expect(f.plot).toBe(390 - (48 + 2 * AXIS_PAD));
    expect(f.main).toMatchObject({ top: 0, height: 240 - TIME_AXIS });
    expect(f.sub).toBeNull();
    expect(paneRows(320, true)).toEqual({ main: { top: 0, height: 224 }, sub: { top: 225, height: 75 }, timeTop: 300 });
  });

  it("draws only the bars in view, with the newest in view at first", () => {
    const f = computeFrame(input());
    expect(f.to).toBe(1439);
    expect(f.from).toBe(1439 + 4 - Math.floor(f.plot / 7));
  });

  it("labels the price axis with 4 to 6 nice prices at the pair's precision, inside the pane", () => {
    const f = computeFrame(input());
    expect(f.priceTicks.length).toBeGreaterThanOrEqual(3);
    expect(f.priceTicks.length).toBeLessThanOrEqual(6);
    for (const t of f.priceTicks) {
      expect(t.text).toMatch(/^\d,\d{3}\.\d{2}$/);
      expect(t.y).toBeGreaterThan(0);
      expect(t.y).toBeLessThan(f.main.height);
    }
    const values = f.priceTicks.map((t) => Number(t.text.replace(",", "")));
    const steps = new Set(values.slice(1).map((v, i) => v - values[i]!));
    expect(steps.size).toBe(1);
  });

  it("keeps the visible candles between the margins, clear of the volume at the bottom", () => {
    const f = computeFrame(input());
    const model = input().model;
    for (let i = f.from; i <= f.to; i++) {
      const bar = model.bars[i]!;
      const yHigh = f.main.top + ((f.main.max - bar.high) / (f.main.max - f.main.min)) * f.main.height;
      const yLow = f.main.top + ((f.main.max - bar.low) / (f.main.max - f.main.min)) * f.main.height;
      expect(yHigh).toBeGreaterThanOrEqual(f.main.height * 0.16 - 1e-9);
      expect(yLow).toBeLessThanOrEqual(f.volume.top + 1e-9);
    }
    expect(f.volume.top).toBeCloseTo(180.4, 9);
    expect(f.volume.height).toBeCloseTo(39.6, 9);
    expect(f.volume.max).toBe(1.5);
  });

  it("writes time labels that fit on the axis and do not overlap", () => {
    const f = computeFrame(input());
    const width = measure("00:00");
    // The newest bar is 07:59 the next morning; about 47 bars are in sight: a label every 10 minutes.
    expect(f.timeLabels.map((l) => l.text)).toEqual(["07:20", "07:30", "07:40", "07:50"]);
    for (const l of f.timeLabels) {
      expect(l.x - width / 2).toBeGreaterThanOrEqual(0);
      expect(l.x + width / 2).toBeLessThanOrEqual(f.plot);
    }
    for (let i = 1; i < f.timeLabels.length; i++) expect(f.timeLabels[i]!.x - f.timeLabels[i - 1]!.x).toBeGreaterThan(width + 6);
  });

  it("marks the last price in the newest bar's direction", () => {
    const f = computeFrame(input());
    // Bar 1439 (odd) falls from 2,953 to 2,949.
    expect(f.lastPrice).toMatchObject({ text: "2,949.00", up: false });
    expect(f.lastPrice!.y).toBeCloseTo(((f.main.max - 2949) / (f.main.max - f.main.min)) * f.main.height, 9);
  });

  it("snaps the crosshair to the bar under the pointer and reads its price and time", () => {
    const base = input();
    const f0 = computeFrame(base);
    const x = f0.plot - 4.5 * 7 - 10 * 7 + 2; // 2 px right of bar 1429's centre
    const f = computeFrame({ ...base, pointer: { x, y: 100 } });
    expect(f.crosshair!.x).toBe(f0.plot - 14.5 * 7);
    expect(f.crosshair!.y).toBe(100);
    expect(f.crosshair!.timeText).toBe("2026-11-29 07:49");
    expect(Number(f.crosshair!.priceText!.replace(",", ""))).toBeCloseTo(f.main.max - (100 / f.main.height) * (f.main.max - f.main.min), 2);
    expect(f.legendSlot).toBe(1429);
    expect(f0.legendSlot).toBe(1439);
    // On the axis: no crosshair.
    expect(computeFrame({ ...base, pointer: { x: f0.plot + 5, y: 100 } }).crosshair).toBeNull();
  });

  it("gives the sub-pane its own scale and 2 or 3 labels", () => {
    const f = computeFrame(input({ model: buildModel(candles(1440), null, "none", "RSI"), height: 320 }));
    expect(f.sub).toMatchObject({ top: 225, height: 75 });
    expect(f.subTicks.length).toBeGreaterThanOrEqual(1);
    expect(f.subTicks.length).toBeLessThanOrEqual(3);
    for (const t of f.subTicks) {
      expect(t.y).toBeGreaterThan(225);
      expect(t.y).toBeLessThan(300);
    }
    // Eight bars: MACD has no value yet, and its pane no labels.
    expect(computeFrame(input({ model: buildModel(candles(8), null, "none", "MACD"), height: 320 })).subTicks).toEqual([]);
    const macd = computeFrame(input({ model: buildModel(candles(1440), null, "none", "MACD"), height: 320 }));
    // The histogram grows from zero: zero is on the scale.
    expect(macd.sub!.min).toBeLessThan(0);
    expect(macd.sub!.max).toBeGreaterThan(0);
  });
});

describe("chart model", () => {
  it("merges the index line's times with the bars' and keeps indicators on bars", () => {
    const own = candles(3, start + 2 * 60_000); // minutes 2, 3, 4
    const index = candles(4); // minutes 0..3
    const m = buildModel(own, index, "MA", "none");
    expect(m.times).toEqual([0, 1, 2, 3, 4].map((i) => start + i * 60_000));
    expect(m.bars.map((b) => b?.close ?? null)).toEqual([null, null, 3002, 2999, 3004]);
    expect(m.index).toEqual([3002, 2999, 3004, 3002, null]);
    expect(m.overlay[0]!.values).toEqual([null, null, null, null, null]); // MA5 needs five bars
    expect(m.lastSlot).toBe(4);
    expect(m.widest).toBe(3007); // the highest high; the index's closes are lower
  });

  it("draws an index line alone when the market has no candles", () => {
    const m = buildModel([], candles(2), "MA", "none");
    expect(m.times).toHaveLength(2);
    expect(m.last).toBeNull();
    expect(m.lastSlot).toBe(-1);
  });
});

describe("chart legend", () => {
  const model = buildModel(candles(40), null, "MA", "RSI");

  it("shows each line's value at the bar, in its colour, and -- where it has none", () => {
    expect(legendItems(model, 39, 2, null)).toEqual([
      // Worked out apart from the app's code, from the closes (MA: means of the last 5, 10, 30; RSI: Wilder's smoothing).
      { text: "MA5 3,039.40", color: 0 },
      { text: "MA10 3,037.90", color: 1 },
      { text: "MA30 3,028.03", color: 2 },
      { text: "RSI6 54.74", color: 0 },
      { text: "RSI12 58.67", color: 1 },
      { text: "RSI24 61.14", color: 2 },
    ]);
    expect(legendItems(model, 3, 2, null).map((i) => i.text)).toEqual(["MA5 --", "MA10 --", "MA30 --", "RSI6 --", "RSI12 --", "RSI24 --"]);
  });

  it("adds the bar's prices from the candle's decimal strings under the crosshair", () => {
    const items = legendItems(model, 10, 2, { open: "O", high: "H", low: "L", close: "C" });
    expect(items.slice(0, 4)).toEqual([
      { text: "O 3,010.00", color: "up" },
      { text: "H 3,017.00", color: "up" },
      { text: "L 3,007.00", color: "up" },
      { text: "C 3,014.00", color: "up" },
    ]);
  });
});
