import { sql } from "drizzle-orm";
import { tooManyRequests } from "../errors.ts";
import type { Db } from "../db.ts";

/**
 * The clock of callers that pass no `now`. Tests move it to cross a window boundary over HTTP without waiting an hour;
 * nothing else sets it.
 */
export const limiterClock = { now: (): number => Date.now() };

/**
 * Fixed-window counter in one atomic upsert, so concurrent requests cannot
 * both see a free slot. Returns how many hits the window now holds.
 */
export async function hit(
  db: Db,
  key: string,
  windowMs: number,
  now = limiterClock.now(),
): Promise<{ count: number; windowStart: number }> {
  const windowStart = now - (now % windowMs);
  const row = await db.get<{ count: number; window_start: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < ${windowStart} THEN ${windowStart} ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  return { count: row.count, windowStart: row.window_start };
}

/** Counts a hit and answers 429 with the seconds until the window ends once `limit` is passed. */
export async function enforce(db: Db, key: string, limit: number, windowMs: number, now = limiterClock.now()): Promise<void> {
  const { count, windowStart } = await hit(db, key, windowMs, now);
  if (count > limit) throw tooManyRequests(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
}

/** Reads without counting (for "is this account throttled" before verifying a password). */
export async function isLimited(db: Db, key: string, limit: number, windowMs: number, now = limiterClock.now()): Promise<number> {
  const windowStart = now - (now % windowMs);
  const row = await db.get<{ count: number } | undefined>(
    sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start = ${windowStart}`,
  );
  return row && row.count >= limit ? Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) : 0;
}

export const clearLimit = (db: Db, key: string) => db.run(sql`DELETE FROM rate_limits WHERE key = ${key}`);
