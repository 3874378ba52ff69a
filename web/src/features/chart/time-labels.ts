import { type Time, TickMarkType } from "lightweight-charts";

const months = new Map<string, Intl.DateTimeFormat>();
const two = (n: number) => String(n).padStart(2, "0");

/**
 * A time-axis label: what lightweight-charts' own labels show (year, short month name, day of the month, or a
 * 24-hour clock time). The library's default builds a new date formatter for every label on every redraw
 * (Date.toLocaleString), which made the live chart's redraws long tasks on a phone; numbers are written directly and
 * only month names, which a month's first bar needs, ask Intl, one formatter per locale. Bar times are already
 * shifted to local time (toChartTime), so their UTC fields are the local ones.
 */
export function tickMarkLabel(time: Time, type: TickMarkType, locale: string): string | null {
  if (typeof time !== "number") return null;
  const d = new Date(time * 1000);
  switch (type) {
    case TickMarkType.Year:
      return String(d.getUTCFullYear());
    case TickMarkType.Month: {
      let format = months.get(locale);
      if (!format) {
        format = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
        months.set(locale, format);
      }
      return format.format(d);
    }
    case TickMarkType.DayOfMonth:
      return String(d.getUTCDate());
    case TickMarkType.Time:
      return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
    case TickMarkType.TimeWithSeconds:
      return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
    default:
      return null;
  }
}
