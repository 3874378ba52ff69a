import { TRAIL_MAX_AGE_MS } from "../../../schema/api/trail.ts";

/** A trail entry in a market's own units: time in ms, price in ticks. */
export type TrailPoint = { time: number; ticks: number; source: string };

/**
 * The price in effect at instant `t`: of `points` (any order), the one with the greatest time <= t, when it is at most
 * `maxAgeMs` older than t; null when there is none (no entry yet, or the trail is stale at t). The single definition
 * every settlement on the trail uses (seconds contracts, the quiz). Pure.
 */
export function priceInEffect(points: readonly TrailPoint[], t: number, maxAgeMs = TRAIL_MAX_AGE_MS): TrailPoint | null {
  let best: TrailPoint | null = null;
  for (const p of points) if (p.time <= t && (best === null || p.time > best.time)) best = p;
  return best !== null && t - best.time <= maxAgeMs ? best : null;
}
