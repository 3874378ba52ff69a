import { describe, expect, it } from "vitest";
import {
  afterAppend,
  barsAfter,
  clampView,
  DEFAULT_VIEW,
  indexAt,
  MAX_SPACING,
  MIN_SPACING,
  pan,
  visibleRange,
  xOf,
  zoom,
} from "../../web/src/features/chart/viewport.ts";

const W = 330;
const N = 1440;

describe("chart viewport", () => {
  it("puts the newest bar 4 bars of space left of the right edge, 7 px apart, at first", () => {
    expect(DEFAULT_VIEW).toEqual({ spacing: 7, rightOffset: 4 });
    expect(xOf(N - 1, N, DEFAULT_VIEW, W)).toBe(W - 4.5 * 7); // centre 31.5 px from the edge: 28 px (4 bars) free
    expect(xOf(N - 2, N, DEFAULT_VIEW, W)).toBe(W - 5.5 * 7);
  });

  it("maps x back to the bar under it", () => {
    expect(indexAt(xOf(1000, N, DEFAULT_VIEW, W), N, DEFAULT_VIEW, W)).toBeCloseTo(1000, 9);
    expect(Math.round(indexAt(xOf(1000, N, DEFAULT_VIEW, W) + 3, N, DEFAULT_VIEW, W))).toBe(1000);
    expect(Math.round(indexAt(xOf(1000, N, DEFAULT_VIEW, W) + 4, N, DEFAULT_VIEW, W))).toBe(1001);
  });

  it("sees only the bars inside the plot, partly cut ones included", () => {
    // Right edge at index 1439 + 4 + 0.5 = 1443.5; left edge 330 / 7 = 47.14 bars before: 1396.36, inside bar 1396.
    expect(visibleRange(N, DEFAULT_VIEW, W)).toEqual({ from: 1396, to: 1439 });
    expect(visibleRange(8, DEFAULT_VIEW, W)).toEqual({ from: 0, to: 7 });
    expect(visibleRange(0, DEFAULT_VIEW, W)).toEqual({ from: 0, to: -1 });
    expect(visibleRange(N, { spacing: 7, rightOffset: -100 }, W)).toEqual({ from: 1292, to: 1339 });
  });

  it("pans by dragged pixels: right shows older bars", () => {
    expect(pan(DEFAULT_VIEW, 70, N, W)).toEqual({ spacing: 7, rightOffset: -6 });
    expect(pan(DEFAULT_VIEW, -35, N, W)).toEqual({ spacing: 7, rightOffset: 9 });
  });

  it("keeps a few bars in sight however far it is panned", () => {
    // Oldest three bars at the right edge at most.
    expect(pan(DEFAULT_VIEW, 1e6, N, W).rightOffset).toBe(3 - N);
    // Newest three bars at the left edge at most: 330 / 7 - 3.
    expect(pan(DEFAULT_VIEW, -1e6, N, W).rightOffset).toBeCloseTo(W / 7 - 3, 9);
    expect(clampView({ spacing: 7, rightOffset: 50 }, 2, W).rightOffset).toBeCloseTo(W / 7 - 2, 9);
  });

  it("zooms around the anchor: the bar under the pointer stays under it", () => {
    const anchor = 200;
    const before = indexAt(anchor, N, DEFAULT_VIEW, W);
    const wider = zoom(DEFAULT_VIEW, 2, anchor, N, W);
    expect(wider.spacing).toBe(14);
    expect(indexAt(anchor, N, wider, W)).toBeCloseTo(before, 9);
    const narrower = zoom(DEFAULT_VIEW, 0.5, anchor, N, W);
    expect(narrower.spacing).toBe(3.5);
    expect(indexAt(anchor, N, narrower, W)).toBeCloseTo(before, 9);
  });

  it("clamps the bar spacing to 2..30 px", () => {
    expect(zoom(DEFAULT_VIEW, 100, 100, N, W).spacing).toBe(MAX_SPACING);
    expect(zoom(DEFAULT_VIEW, 0.01, 100, N, W).spacing).toBe(MIN_SPACING);
    expect([MIN_SPACING, MAX_SPACING]).toEqual([2, 30]);
  });

  it("follows new bars while the newest is in view, and keeps a panned-back view on its bars", () => {
    expect(afterAppend(DEFAULT_VIEW, 1)).toBe(DEFAULT_VIEW);
    const back = { spacing: 7, rightOffset: -20 };
    const moved = afterAppend(back, 1);
    expect(moved).toEqual({ spacing: 7, rightOffset: -21 });
    // The bar that was at some x is still there after one bar arrived.
    expect(xOf(1300, N + 1, moved, W)).toBe(xOf(1300, N, back, W));
    expect(afterAppend(back, 0)).toBe(back);
  });

  it("counts the bars newer than the last one drawn", () => {
    expect(barsAfter([1, 2, 3, 4], 4)).toBe(0);
    expect(barsAfter([1, 2, 3, 4, 5], 4)).toBe(1);
    expect(barsAfter([2, 3, 4, 5, 6], 4)).toBe(2); // the oldest dropped as two arrived
    expect(barsAfter([], 4)).toBe(0);
  });
});
