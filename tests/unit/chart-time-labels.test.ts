import { describe, expect, it } from "vitest";
import {
  crosshairTime,
  DAY,
  labelLevel,
  labelStride,
  labelText,
  MONTH,
  shortMonths,
  timeLabels,
  weightAt,
  YEAR,
} from "../../web/src/features/chart/time-labels.ts";

// Times are built in local time (the axis shows local time), so these hold in any time zone.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m, d, h, min).getTime();
/** `count` bars from `start`, `step` ms apart. */
const bars = (start: number, count: number, step: number) => Array.from({ length: count }, (_, i) => start + i * step);
const MIN = 60_000;

describe("time-axis label texts", () => {
  const t = local(2026, 10, 28, 13, 5);

  it("write the year, short month, day of the month or 24-hour clock time, in local time", () => {
    expect(labelText(t, YEAR, "en-US")).toBe("2026");
    expect(labelText(t, MONTH, "en-US")).toBe("Nov");
    expect(labelText(t, DAY, "en-US")).toBe("28");
    expect(labelText(t, 30, "en-US")).toBe("13:05");
    expect(labelText(local(2026, 0, 1, 0, 0), 30, "en-US")).toBe("00:00");
  });

  it("take month names from the locale, once per locale, and fall back to English for a tag Intl refuses", () => {
    expect(labelText(t, MONTH, "fr-FR")).toBe("nov.");
    expect(shortMonths("en")).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
    expect(shortMonths("en")).toBe(shortMonths("en"));
    expect(shortMonths("not a locale!")[0]).toBe("Jan");
  });

  it("give the crosshair the date, and the time on intraday periods", () => {
    expect(crosshairTime(t, true)).toBe("2026-11-28 13:05");
    expect(crosshairTime(t, false)).toBe("2026-11-28");
  });
});

describe("time-axis boundaries", () => {
  it("weigh the coarsest boundary crossed from the bar before", () => {
    const times = [local(2026, 11, 31, 23, 55), local(2027, 0, 1, 0, 0), local(2027, 0, 1, 0, 5), local(2027, 0, 1, 0, 7)];
    expect(weightAt(times, 1, true)).toBe(YEAR);
    expect(weightAt(times, 2, true)).toBe(38); // a 5-minute mark
    expect(weightAt(times, 3, true)).toBe(30); // a plain minute
    expect(weightAt([local(2026, 2, 31), local(2026, 3, 1)], 1, false)).toBe(MONTH + 2); // April starts a quarter
    expect(weightAt([local(2026, 3, 30), local(2026, 4, 1)], 1, false)).toBe(MONTH);
    expect(weightAt([local(2026, 4, 10), local(2026, 4, 11)], 1, false)).toBe(DAY + 4);
    expect(weightAt([local(2026, 4, 5), local(2026, 4, 6)], 1, false)).toBe(DAY + 2);
    expect(weightAt([local(2026, 4, 6), local(2026, 4, 7)], 1, false)).toBe(DAY);
  });

  it("weigh the oldest bar against one period before it, and a lone bar as a new day or month", () => {
    expect(weightAt([local(2026, 4, 6, 9, 13), local(2026, 4, 6, 9, 14)], 0, true)).toBe(30);
    expect(weightAt([local(2026, 4, 6, 0, 0), local(2026, 4, 6, 0, 1)], 0, true)).toBe(DAY + 2);
    expect(weightAt([local(2026, 4, 1), local(2026, 5, 1)], 0, false)).toBe(MONTH);
    expect(weightAt([local(2026, 4, 6, 9, 13)], 0, true)).toBe(DAY);
    expect(weightAt([local(2026, 4, 6)], 0, false)).toBe(MONTH);
  });

  it("never show a clock time on daily periods", () => {
    expect(weightAt([local(2026, 4, 6, 0), local(2026, 4, 6, 12)], 1, false)).toBe(DAY);
  });
});

describe("which bars get a label", () => {
  it("space labels by the bar spacing: wider bars, fewer bars between labels", () => {
    expect(labelStride(7, 28)).toBe(6); // (28 + 12) / 7 = 5.7
    expect(labelStride(30, 28)).toBe(2);
    expect(labelStride(2, 28)).toBe(20);
    expect(labelStride(100, 28)).toBe(1);
  });

  it("pick the finest level that comes at least every stride bars", () => {
    const minutes = bars(local(2026, 10, 28, 8, 3), 60, MIN);
    expect(labelLevel(minutes, { from: 0, to: 59 }, 6)).toBe(42); // every 10 minutes
    expect(labelLevel(minutes, { from: 0, to: 59 }, 5)).toBe(38); // every 5 minutes
    expect(labelLevel(minutes, { from: 0, to: 59 }, 11)).toBe(50); // every 30 minutes
    const hours = bars(local(2026, 10, 28, 0), 48, 60 * MIN);
    expect(labelLevel(hours, { from: 0, to: 47 }, 6)).toBe(66); // every 6 hours
  });

  it("label 1-minute bars every 10 minutes at the default spacing, and a new day by its date", () => {
    const times = bars(local(2026, 10, 28, 23, 23), 50, MIN);
    const labels = timeLabels(times, { from: 0, to: 49 }, 6, true, "en");
    expect(labels.map((l) => l.text)).toEqual(["23:30", "23:40", "23:50", "29", "00:10"]);
    expect(labels.map((l) => l.index)).toEqual([7, 17, 27, 37, 47]);
  });

  it("label daily bars on the 1st (as the month), 11th and 21st, and the year at its turn", () => {
    const times = bars(local(2026, 11, 5, 0), 40, 86_400_000).map((t) => {
      const d = new Date(t);
      return local(d.getFullYear(), d.getMonth(), d.getDate());
    });
    const labels = timeLabels(times, { from: 0, to: 39 }, 6, false, "en");
    expect(labels.map((l) => l.text)).toEqual(["11", "21", "2027", "11"]);
  });

  it("keep labels at least a stride apart and on the same bars while the chart is panned", () => {
    const times = bars(local(2026, 10, 28, 8, 0), 300, 5 * MIN);
    const a = timeLabels(times, { from: 40, to: 120 }, 7, true, "en");
    const b = timeLabels(times, { from: 47, to: 127 }, 7, true, "en");
    for (let i = 1; i < a.length; i++) expect(a[i]!.index - a[i - 1]!.index).toBeGreaterThanOrEqual(7);
    const inBoth = (l: { index: number }) => l.index >= 47 && l.index <= 120;
    expect(a.filter(inBoth)).toEqual(b.filter(inBoth));
    expect(a.length).toBeGreaterThan(5);
  });

  it("still label a chart of a few bars that cross no boundary of the level", () => {
    // Two weekly bars: quarters are the level at this stride, and neither starts one; the second is December's first.
    const weeks = [local(2026, 10, 30), local(2026, 11, 6)];
    expect(timeLabels(weeks, { from: 0, to: 1 }, 6, false, "en")).toEqual([{ index: 1, text: "Dec" }]);
  });

  it("give nothing for an empty range", () => {
    expect(timeLabels([], { from: 0, to: -1 }, 6, true, "en")).toEqual([]);
  });
});
