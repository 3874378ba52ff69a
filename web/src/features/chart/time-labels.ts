/**
 * The time axis's labels: which bars get one and what it says. A label names the coarsest boundary its bar crosses from
 * the bar before it, in the user's local time (candle times are UTC milliseconds): a year, a short month name, a day of
 * the month, or a 24-hour clock time (intraday periods only). Pure: no DOM, and Intl only for month names, twelve per
 * locale, once (a formatter per label per redraw made the live chart's redraws long tasks on a phone).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Boundaries from finest to coarsest: a weight (a bar crossing a coarser boundary weighs more) and how often the
 * boundary comes. Each boundary's times are among the finer ones' (every 10 minutes are 5-minute marks, every 6th and
 * 11th of a month are 1st-6th-11th-16th-... marks, every quarter a month), so the labels of one level fall at even
 * steps.
 */
const LEVELS = [
  { weight: 30, every: MINUTE_MS },
  { weight: 38, every: 5 * MINUTE_MS },
  { weight: 42, every: 10 * MINUTE_MS },
  { weight: 50, every: 30 * MINUTE_MS },
  { weight: 58, every: HOUR_MS },
  { weight: 62, every: 3 * HOUR_MS },
  { weight: 66, every: 6 * HOUR_MS },
  { weight: 70, every: 12 * HOUR_MS },
  { weight: 80, every: DAY_MS },
  { weight: 82, every: 5 * DAY_MS },
  { weight: 84, every: 10 * DAY_MS },
  { weight: 90, every: 30 * DAY_MS },
  { weight: 92, every: 91 * DAY_MS },
  { weight: 100, every: 365 * DAY_MS },
] as const;

export const YEAR = 100;
export const MONTH = 90;
export const DAY = 80;

/** Clock-time boundaries within a day, coarsest first: minutes since midnight divisible by `every` weigh `weight`. */
const CLOCK = LEVELS.filter((l) => l.every < DAY_MS)
  .map((l) => ({ weight: l.weight, every: l.every / MINUTE_MS }))
  .reverse();

/**
 * How coarse a boundary bar i crosses from bar i-1, in local time. The oldest bar is compared with a bar one period
 * before it (a lone bar counts as the start of a day, or of a month on longer periods).
 */
export function weightAt(times: readonly number[], i: number, intraday: boolean): number {
  const d = new Date(times[i]!);
  if (i === 0 && times.length < 2) return intraday ? DAY : MONTH;
  const p = new Date(i > 0 ? times[i - 1]! : 2 * times[0]! - times[1]!);
  if (d.getFullYear() !== p.getFullYear()) return YEAR;
  // Quarters (April, July, October) over other months.
  if (d.getMonth() !== p.getMonth()) return d.getMonth() % 3 === 0 ? MONTH + 2 : MONTH;
  if (d.getDate() !== p.getDate()) {
    const day = d.getDate() - 1;
    return day % 10 === 0 ? DAY + 4 : day % 5 === 0 ? DAY + 2 : DAY;
  }
  // Longer periods label days at the finest (two bars of one day only meet where an index line adds its own times).
  if (!intraday) return DAY;
  const minutes = d.getHours() * 60 + d.getMinutes();
  for (const { every, weight } of CLOCK) if (minutes % every === 0) return weight;
  return LEVELS[0].weight;
}

const monthNames = new Map<string, string[]>();

/** The locale's twelve short month names ("Jan", "janv.", "1月"), built once per locale. */
export function shortMonths(locale: string): string[] {
  let names = monthNames.get(locale);
  if (!names) {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
    } catch {
      format = new Intl.DateTimeFormat("en", { month: "short", timeZone: "UTC" });
    }
    names = Array.from({ length: 12 }, (_, m) => format.format(Date.UTC(2021, m, 15)));
    monthNames.set(locale, names);
  }
  return names;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The label of a bar at `ms` for a boundary of `weight`: year, month name, day of the month or HH:MM, local time. */
export function labelText(ms: number, weight: number, locale: string): string {
  const d = new Date(ms);
  if (weight >= YEAR) return String(d.getFullYear());
  if (weight >= MONTH) return shortMonths(locale)[d.getMonth()]!;
  if (weight >= DAY) return String(d.getDate());
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The crosshair's time: the bar's local date, and its clock time on intraday periods ("2026-11-28 13:05"). */
export function crosshairTime(ms: number, intraday: boolean): string {
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  return intraday ? `${date} ${two(d.getHours())}:${two(d.getMinutes())}` : date;
}

/** Bars from one label to the next at this spacing, so that labels `labelWidth` px wide keep a gap between them. */
export const labelStride = (spacing: number, labelWidth: number): number => Math.max(1, Math.ceil((labelWidth + 12) / spacing));

/** The shortest time between two of the bars from..to: the period (gaps, as a market's closed hours, are longer). */
function barPeriod(times: readonly number[], from: number, to: number): number {
  let period = Infinity;
  for (let i = Math.max(1, from); i <= to; i++) period = Math.min(period, times[i]! - times[i - 1]!);
  return period;
}

/**
 * The weight a label needs: the finest boundary that comes at least every `stride` bars (so labels neither crowd nor
 * skip a level: every 10 minutes, not 08:30, 08:36, 08:45). Taken from the bars' period, not from how many boundaries
 * are in sight, so panning does not switch it.
 */
export function labelLevel(times: readonly number[], range: { from: number; to: number }, stride: number): number {
  const period = barPeriod(times, range.from, range.to);
  if (!Number.isFinite(period) || period <= 0) return LEVELS[0].weight;
  return (LEVELS.find((l) => l.every / period >= stride) ?? LEVELS.at(-1)!).weight;
}

type TimeLabel = { index: number; text: string };

/**
 * The labels of bars from..to (those whose label fits on the axis): the bars crossing a boundary of the level the
 * stride needs, or a coarser one, at least `stride` bars apart (coarser boundaries first, then the older bar); on a
 * chart of a few bars that cross none, the bars crossing the coarsest boundary there is. Ascending by bar.
 */
export function timeLabels(
  times: readonly number[],
  range: { from: number; to: number },
  stride: number,
  intraday: boolean,
  locale: string,
): TimeLabel[] {
  const { from, to } = range;
  if (from > to) return [];
  const weights: number[] = [];
  for (let i = from; i <= to; i++) weights.push(weightAt(times, i, intraday));
  // A few bars far apart may cross no boundary of the level: then the finest level some bar crosses.
  let level = labelLevel(times, range, stride);
  if (!weights.some((w) => w >= level)) level = Math.max(...weights);
  const candidates: { index: number; weight: number }[] = [];
  weights.forEach((weight, k) => {
    if (weight >= level) candidates.push({ index: from + k, weight });
  });
  candidates.sort((a, b) => b.weight - a.weight || a.index - b.index);
  // taken[i - from]: a label sits within stride-1 bars of bar i.
  const taken = new Uint8Array(to - from + 1);
  const chosen: TimeLabel[] = [];
  for (const { index, weight } of candidates) {
    if (taken[index - from]) continue;
    chosen.push({ index, text: labelText(times[index]!, weight, locale) });
    for (let j = Math.max(from, index - stride + 1); j <= Math.min(to, index + stride - 1); j++) taken[j - from] = 1;
  }
  return chosen.sort((a, b) => a.index - b.index);
}
