/**
 * Which bars the candle chart shows and where: a pure model of the time axis (no DOM), so pan, zoom and the live
 * frames' "keep the user's view" rule can be tested with numbers.
 *
 * Bars sit at integer slots 0..n-1 (oldest first). The view is anchored to the newest bar, not to the oldest, because
 * that is where a chart is read and where live frames arrive: `rightOffset` is how many bar widths of empty space lie
 * right of the newest bar (negative once the user has panned back past it). Bar i's centre is then
 *
 *   x(i) = width - (n - 1 + rightOffset - i + 0.5) * spacing
 */

export type View = {
  /** CSS pixels from one bar's centre to the next. */
  spacing: number;
  /** Bar widths of empty space right of the newest bar; negative when the newest bar is scrolled out on the right. */
  rightOffset: number;
};

export const DEFAULT_VIEW: View = { spacing: 7, rightOffset: 4 };
export const MIN_SPACING = 2;
export const MAX_SPACING = 30;
/** Bars kept on screen however far the chart is panned either way (fewer when there are fewer). */
const KEEP_BARS = 3;

/** The x (CSS px from the plot's left edge) of bar i's centre. */
export const xOf = (i: number, n: number, view: View, width: number): number => width - (n - 1 + view.rightOffset - i + 0.5) * view.spacing;

/** The fractional bar position at x: an integer at a bar's centre (round it for the nearest bar). */
export const indexAt = (x: number, n: number, view: View, width: number): number =>
  n - 1 + view.rightOffset + 0.5 - (width - x) / view.spacing;

/** The bars at least partly inside [0, width], inclusive; `from > to` when none is. */
export function visibleRange(n: number, view: View, width: number): { from: number; to: number } {
  // Bar i covers [i - 0.5, i + 0.5] in index units.
  const from = Math.max(0, Math.floor(indexAt(0, n, view, width) + 0.5));
  const to = Math.min(n - 1, Math.ceil(indexAt(width, n, view, width) + 0.5) - 1);
  return { from, to };
}

const clampSpacing = (s: number) => Math.min(MAX_SPACING, Math.max(MIN_SPACING, s));

/**
 * The view with its spacing in range and its scroll limited so that some bars stay in sight: the newest few are not
 * pushed off the left edge, the oldest few not off the right one.
 */
export function clampView(view: View, n: number, width: number): View {
  const spacing = clampSpacing(view.spacing);
  if (n === 0 || width <= 0) return { spacing, rightOffset: view.rightOffset };
  const keep = Math.min(n, KEEP_BARS);
  // Newest `keep` bars inside the left edge: bar n-keep's left side at x >= 0.
  const max = width / spacing - keep;
  // Oldest `keep` bars inside the right edge: bar keep-1's right side at x <= width.
  const min = keep - n;
  return { spacing, rightOffset: Math.max(min, Math.min(max, view.rightOffset)) };
}

/** The view after a horizontal drag of dx CSS px (right = towards older bars). */
export const pan = (view: View, dx: number, n: number, width: number): View =>
  clampView({ spacing: view.spacing, rightOffset: view.rightOffset - dx / view.spacing }, n, width);

/** The view after zooming by `factor` (more than 1 = wider bars), keeping the bar under anchorX where it is. */
export function zoom(view: View, factor: number, anchorX: number, n: number, width: number): View {
  const spacing = clampSpacing(view.spacing * factor);
  const at = indexAt(anchorX, n, view, width);
  // Solve indexAt(anchorX) = at for the new spacing.
  const rightOffset = at - (n - 1) - 0.5 + (width - anchorX) / spacing;
  return clampView({ spacing, rightOffset }, n, width);
}

/** Whether the user has panned the newest bar out of sight (a live frame then leaves the view where it is). */
const pannedBack = (view: View): boolean => view.rightOffset < 0;

/**
 * The view after `added` bars arrive after the newest: a chart that shows the newest bar keeps showing it (the bars
 * move left); one panned back keeps showing the same bars. Bars dropped at the oldest end do not matter: the view is
 * counted from the newest.
 */
export const afterAppend = (view: View, added: number): View =>
  pannedBack(view) && added > 0 ? { spacing: view.spacing, rightOffset: view.rightOffset - added } : view;

/** How many bars after `lastTime` a new list of ascending times has (0 when it is not newer, or when lastTime left it). */
export function barsAfter(times: readonly number[], lastTime: number): number {
  let added = 0;
  for (let i = times.length - 1; i >= 0 && times[i]! > lastTime; i--) added++;
  return added;
}
