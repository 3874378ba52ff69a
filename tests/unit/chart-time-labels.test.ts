import { TickMarkType } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { tickMarkLabel } from "../../web/src/features/chart/time-labels.ts";

describe("time-axis labels", () => {
  // 2026-11-28 13:05:09 as the chart holds it (already shifted to local time, read as UTC).
  const t = Date.UTC(2026, 10, 28, 13, 5, 9) / 1000;

  it("show the year, month, day or clock time the tick marks, on a 24-hour clock", () => {
    expect(tickMarkLabel(t as never, TickMarkType.Year, "en-US")).toBe("2026");
    expect(tickMarkLabel(t as never, TickMarkType.Month, "en-US")).toBe("Nov");
    expect(tickMarkLabel(t as never, TickMarkType.DayOfMonth, "en-US")).toBe("28");
    expect(tickMarkLabel(t as never, TickMarkType.Time, "en-US")).toBe("13:05");
    expect(tickMarkLabel(t as never, TickMarkType.TimeWithSeconds, "en-US")).toBe("13:05:09");
    expect(tickMarkLabel((Date.UTC(2026, 0, 1, 0, 0) / 1000) as never, TickMarkType.Time, "en-US")).toBe("00:00");
  });

  it("follow the locale, and leave times that are not timestamps to the library", () => {
    expect(tickMarkLabel(t as never, TickMarkType.Month, "fr-FR")).toBe("nov.");
    expect(tickMarkLabel("2026-11-28" as never, TickMarkType.DayOfMonth, "en-US")).toBeNull();
  });
});
