/**
 * Chart periods and how far back each reads. Apart from market.ts (which re-exports them) because they hold no zod:
 * the web app's market pages use them at run time, and importing market.ts builds every request schema it declares.
 */

const DAY_MS = 86_400_000;

export const PERIODS = ["1min", "5min", "15min", "30min", "60min", "1D", "1W", "1M"] as const;
export type Period = (typeof PERIODS)[number];
/** Aliases the original client sends. */
export const PERIOD_ALIASES: Record<string, Period> = { "1H": "60min", "1day": "1D", "1week": "1W", "1mon": "1M" };

/** A period name or one of the original client's aliases, or null. */
export function normalizePeriod(value: string): Period | null {
  if ((PERIODS as readonly string[]).includes(value)) return value as Period;
  return Object.hasOwn(PERIOD_ALIASES, value) ? PERIOD_ALIASES[value]! : null;
}

/**
 * How far back a chart reads by default, per period (the original client's look-back; 15min sits between 5 and 30).
 * The server uses it when `from` is missing and the web app always sends it, so both read the same window.
 */
export const LOOKBACK_MS: Record<Period, number> = {
  "1min": DAY_MS,
  "5min": 5 * DAY_MS,
  "15min": 15 * DAY_MS,
  "30min": 30 * DAY_MS,
  "60min": 60 * DAY_MS,
  "1D": 360 * DAY_MS,
  "1W": 1800 * DAY_MS,
  "1M": 10800 * DAY_MS,
};
