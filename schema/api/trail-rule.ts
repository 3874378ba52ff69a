/**
 * The price trail's numbers (see trail.ts), apart from its request schema so the web's pages can show the rule without
 * loading the markets contract.
 */

/** Entries are kept this long (7 days and a margin). */
export const TRAIL_KEEP_MS = 8 * 86_400_000;
/** An entry is in effect for at most this long after its time. */
export const TRAIL_MAX_AGE_MS = 10_000;
/** One request reads at most this window. */
export const TRAIL_MAX_RANGE_MS = 3_600_000;
/** ...and at most this many entries (the feed ticks every 2 s, so an hour fits). */
export const TRAIL_MAX_ENTRIES = 2_000;
