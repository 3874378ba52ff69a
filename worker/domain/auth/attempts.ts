import { sql } from "drizzle-orm";
import { tooManyRequests } from "../errors.ts";
import type { Db } from "../db.ts";
import { verifyPassword } from "./password.ts";

/**
 * Throttled secrets (log-in, current and pay passwords). A try is RESERVED in
 * one conditional upsert before the password is hashed, and the upsert refuses
 * once the window holds `limit` tries, so a burst of parallel guesses gets
 * `limit` evaluations, not one per request (counting after PBKDF2 let every
 * request of the burst through the read). A right answer gives its try back;
 * a wrong one keeps it. Counters live in rate_limits, fixed windows, as the
 * other throttles do.
 */
export type Budget = { limit: number; windowMs: number };
export type Reservation = { key: string; windowStart: number };

const windowOf = (now: number, windowMs: number) => now - (now % windowMs);
const secondsLeft = (windowStart: number, windowMs: number, now: number) => Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

/** One try under `key`, or null when the window is full. */
export async function reserve(db: Db, key: string, budget: Budget, now: number): Promise<Reservation | null> {
  const windowStart = windowOf(now, budget.windowMs);
  const row = await db.get<{ count: number } | undefined>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = MAX(rate_limits.window_start, ${windowStart})
    WHERE rate_limits.window_start < ${windowStart} OR rate_limits.count < ${budget.limit}
    RETURNING count`);
  return row ? { key, windowStart } : null;
}

/** Gives a reserved try back (the answer was right). A window that has rolled over is left alone. */
export const giveBack = (db: Db, r: Reservation) =>
  db.run(sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${r.key} AND window_start = ${r.windowStart} AND count > 0`);

/**
 * Reserves one try under every key (all or none): 429 with the seconds until
 * the window ends when any key is full, after giving back the others.
 */
export async function reserveAll(db: Db, keys: string[], budgets: Budget[], now: number): Promise<Reservation[]> {
  const taken: Reservation[] = [];
  for (const [i, key] of keys.entries()) {
    const budget = budgets[i]!;
    const r = await reserve(db, key, budget, now);
    if (!r) {
      await Promise.all(taken.map((t) => giveBack(db, t)));
      throw tooManyRequests(secondsLeft(windowOf(now, budget.windowMs), budget.windowMs, now));
    }
    taken.push(r);
  }
  return taken;
}

/**
 * Checks a password against its hash under a throttle: reserve, verify, give
 * back when right. Answers whether it was right (a 429 is thrown before any
 * hashing once the budget is spent).
 */
export async function verifyThrottled(
  db: Db,
  input: { key: string; budget: Budget; password: string; hash: string; pepper: string; now: number },
): Promise<boolean> {
  const [r] = await reserveAll(db, [input.key], [input.budget], input.now);
  const right = await verifyPassword(input.password, input.hash, input.pepper);
  if (right) await giveBack(db, r!);
  return right;
}
