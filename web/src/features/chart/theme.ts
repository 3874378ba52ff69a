/** Chart colours from the theme's CSS variables (so a theme switch repaints the charts too). */
export type ChartColors = {
  up: string;
  down: string;
  upSoft: string;
  downSoft: string;
  /** Backgrounds that carry white text (the last price's label). */
  upFill: string;
  downFill: string;
  text: string;
  faint: string;
  grid: string;
  bg: string;
  lines: string[];
};

/**
 * Reads the colours of the theme now applied (<html data-theme>). `_theme` is
 * the theme the caller expects; passing it makes a theme switch re-read them.
 */
export function readChartColors(_theme: string): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: v("--up", "#28ba98"),
    down: v("--down", "#f04a5a"),
    upSoft: v("--up-soft", "rgba(40,186,152,0.14)"),
    downSoft: v("--down-soft", "rgba(240,74,90,0.14)"),
    upFill: v("--up-fill", "#1c826a"),
    downFill: v("--down-fill", "#d1404e"),
    text: v("--text-2", "#9aa3ad"),
    faint: v("--text-3", "#6b7480"),
    grid: v("--border", "#2a3038"),
    bg: v("--bg-elevated", "#161a1f"),
    // Indicator lines: yellow, violet, blue keep their contrast on both themes.
    lines: [v("--warn", "#f0b90b"), "#b36bff", "#3d9bff"],
  };
}

/**
 * A decimal string as a JS number, FOR PLOTTING ONLY: charts take numbers to
 * place pixels. Never used for amounts, balances or displayed figures. Number()
 * gives the nearest double, as Decimal's toNumber would, without building a
 * Decimal for each of a chart's thousands of values.
 */
export const plotNumber = (value: string): number => Number(value);
