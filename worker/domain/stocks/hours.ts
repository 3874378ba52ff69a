/**
 * NYSE regular trading hours: 09:30 to 16:00 in New York, Monday to Friday (README, "Design": Stocks). New York's
 * offset follows the US rule since 2007: daylight time (UTC−4) from the second Sunday of March at 02:00 local to the
 * first Sunday of November at 02:00 local, standard time (UTC−5) otherwise. Computed here rather than through Intl so
 * the worker, the stock feed object and the tests agree to the millisecond whatever time-zone data the runtime carries.
 * Exchange holidays are not modelled: a holiday is an open session for the simulator.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const NYSE_OPEN_MINUTE = 9 * 60 + 30;
export const NYSE_CLOSE_MINUTE = 16 * 60;

/** Day of the month of the n-th Sunday (n ≥ 1) of a UTC month. */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + 7 * (n - 1);
}

/** New York's offset from UTC in hours (−4 or −5) at the instant `ms`. */
export function newYorkOffsetHours(ms: number): -4 | -5 {
  const year = new Date(ms).getUTCFullYear();
  // 02:00 EST = 07:00 UTC starts daylight time; 02:00 EDT = 06:00 UTC ends it.
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  return ms >= start && ms < end ? -4 : -5;
}

export type StockSession = {
  /** True during regular hours. */
  open: boolean;
  /** The next opening (when closed) or closing (when open), epoch ms. */
  nextChange: number;
};

/** Monday to Friday; `day` counts days since 1970-01-01 (a Thursday) on the New York calendar. */
const isTradingDay = (day: number): boolean => ((day + 4) % 7) % 6 !== 0;

/** The instant of `minute` past midnight of New York calendar day `localDay` (the offset of that morning applies). */
function instantAt(localDay: number, minute: number): number {
  const guess = localDay * DAY + minute * 60_000;
  const offset = newYorkOffsetHours(guess + 5 * HOUR);
  return guess - offset * HOUR;
}

/** Whether NYSE regular hours are in session at `ms`, and when that next changes. */
export function nyseSession(ms: number): StockSession {
  const local = ms + newYorkOffsetHours(ms) * HOUR;
  const day = Math.floor(local / DAY);
  const minute = Math.floor((local - day * DAY) / 60_000);
  if (isTradingDay(day) && minute >= NYSE_OPEN_MINUTE && minute < NYSE_CLOSE_MINUTE) {
    return { open: true, nextChange: instantAt(day, NYSE_CLOSE_MINUTE) };
  }
  let next = isTradingDay(day) && minute < NYSE_OPEN_MINUTE ? day : day + 1;
  while (!isTradingDay(next)) next++;
  return { open: false, nextChange: instantAt(next, NYSE_OPEN_MINUTE) };
}

/** The most recent opening at or before `ms` (the session the current or last prices belong to). */
export function lastNyseOpen(ms: number): number {
  const local = ms + newYorkOffsetHours(ms) * HOUR;
  let day = Math.floor(local / DAY);
  for (;;) {
    if (isTradingDay(day)) {
      const at = instantAt(day, NYSE_OPEN_MINUTE);
      if (at <= ms) return at;
    }
    day--;
  }
}
