import * as z from "zod/mini";
import { symbolField } from "./market.ts";

/**
 * The price trail: every reference price a market used, one entry per feed tick (time, price, source), kept at least
 * TRAIL_KEEP_MS and readable by anyone (GET /currency/price_trail). It is the only input to seconds-contract settlement.
 *
 * "The price in effect at instant t" is the entry with the greatest time <= t, provided it is at most
 * TRAIL_MAX_AGE_MS older than t; otherwise no price is in effect at t (the trail is stale there). The rule is
 * implemented once, in worker/domain/trail/in-effect.ts.
 */

/** Entries are kept this long (7 days and a margin). */
export const TRAIL_KEEP_MS = 8 * 86_400_000;
/** An entry is in effect for at most this long after its time. */
export const TRAIL_MAX_AGE_MS = 10_000;
/** One request reads at most this window. */
export const TRAIL_MAX_RANGE_MS = 3_600_000;
/** ...and at most this many entries (the feed ticks every 2 s, so an hour fits). */
export const TRAIL_MAX_ENTRIES = 2_000;

/** One tick of a market's reference price. `time` in ms; `source` the feed that gave it ("simulator", "binance"). */
export type TrailEntry = { time: number; price: string; source: string };

const epochMs = () => z.string().check(z.regex(/^\d{10,13}$/, { error: "PARAMETER_ERROR" }));

/** GET /currency/price_trail?symbol&from&to: times in ms (13 digits) or seconds (10 digits); `to` defaults to now. */
export const priceTrailRequest = z.strictObject({
  symbol: symbolField(),
  from: z.optional(epochMs()),
  to: z.optional(epochMs()),
});

export type PriceTrail = { symbol: string; from: number; to: number; max_age_ms: number; entries: TrailEntry[] };
