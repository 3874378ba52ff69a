import { describe, expect, it } from "vitest";
import { EMPTY, extend, include, niceStep, scaleFor, tickCount, ticks, valueAt, yOf } from "../../web/src/features/chart/price-scale.ts";

describe("price scale", () => {
  it("spans the values it is given, skipping nulls", () => {
    expect(include(include(EMPTY, 5), 3)).toEqual({ min: 3, max: 5 });
    expect(include(EMPTY, null)).toEqual(EMPTY);
    expect(include(EMPTY, Number.NaN)).toEqual(EMPTY);
    expect(extend(EMPTY, [9, null, 4, 7, 1], 1, 3)).toEqual({ min: 4, max: 7 });
  });

  it("leaves the margins free above and below the data", () => {
    // 100..200 on 200 px with 20 % free at the top and 30 % at the bottom: 100 over 50 % of the pane, 200 in all.
    const s = scaleFor({ min: 100, max: 200 }, { top: 0, height: 200 }, { top: 0.2, bottom: 0.3 });
    expect(s).toEqual({ top: 0, height: 200, min: 40, max: 240 });
    expect(yOf(s, 200)).toBeCloseTo(40, 9); // 20 % down
    expect(yOf(s, 100)).toBeCloseTo(140, 9); // 30 % up from the bottom
    expect(valueAt(s, 40)).toBeCloseTo(200, 9);
    expect(valueAt(s, yOf(s, 123.45))).toBeCloseTo(123.45, 9);
  });

  it("opens a flat range around its price, and shows 0..1 when there is nothing", () => {
    expect(scaleFor({ min: 50, max: 50 }, { top: 0, height: 100 }, { top: 0, bottom: 0 })).toEqual({
      top: 0,
      height: 100,
      min: 49.5,
      max: 50.5,
    });
    expect(scaleFor(EMPTY, { top: 10, height: 100 }, { top: 0, bottom: 0 })).toEqual({ top: 10, height: 100, min: 0, max: 1 });
  });

  it("steps by 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(90, 5)).toBe(20);
    expect(niceStep(11, 5)).toBe(2.5);
    expect(niceStep(0.033, 4)).toBe(0.01);
    expect(niceStep(4000, 5)).toBe(1000);
    expect(niceStep(3, 6)).toBe(0.5);
  });

  it("never steps finer than the price's last decimal", () => {
    expect(niceStep(0.03, 6, 0.01)).toBe(0.01);
    expect(niceStep(0.001, 6, 0.01)).toBe(0.01);
    expect(niceStep(5, 5, 1)).toBe(1);
  });

  it("puts ticks on the step's multiples inside the range, without summed float error", () => {
    expect(ticks({ min: 2931.2, max: 3010.1 }, 20)).toEqual([2940, 2960, 2980, 3000]);
    expect(ticks({ min: 0.15, max: 0.61 }, 0.1)).toEqual([0.2, 0.3, 0.4, 0.5, 0.6]);
    expect(ticks({ min: -3, max: 3 }, 2.5)).toEqual([-2.5, 0, 2.5]);
    expect(ticks({ min: 1, max: 0 }, 1)).toEqual([]);
  });

  it("gives a pane one tick per 40 px, 2 to 6", () => {
    expect(tickCount(224)).toBe(5);
    expect(tickCount(300)).toBe(6);
    expect(tickCount(75)).toBe(2);
  });
});
