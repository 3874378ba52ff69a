import { TRAIL_KEEP_MS } from "../../schema/api/trail.ts";
import { priceInEffect, type TrailPoint } from "../../worker/domain/trail/in-effect.ts";
import type { SqlDriver } from "./sql.ts";

/**
 * The market's price trail in its own SQLite: one row per feed tick with a live price (time in ms, price in ticks, the
 * feed's kind). Rows older than TRAIL_KEEP_MS are pruned; prune() is cheap (a range delete on the primary key).
 */
export class PriceTrail {
  constructor(private readonly sql: SqlDriver) {
    sql.run(`CREATE TABLE IF NOT EXISTS trail (t INTEGER PRIMARY KEY, price INTEGER NOT NULL, source TEXT NOT NULL)`);
  }

  /** One tick. A second tick in the same millisecond replaces the first (the later price is the one used). */
  record(time: number, ticks: number, source: string): void {
    this.sql.run(`INSERT OR REPLACE INTO trail (t, price, source) VALUES (?, ?, ?)`, time, ticks, source);
  }

  /** Entries with from <= time <= to, oldest first, at most `limit`. */
  range(from: number, to: number, limit: number): TrailPoint[] {
    return this.sql
      .raw(`SELECT t, price, source FROM trail WHERE t >= ? AND t <= ? ORDER BY t LIMIT ?`, from, to, limit)
      .map(([t, price, source]) => ({ time: t as number, ticks: price as number, source: source as string }));
  }

  /** The price in effect at `t` (see in-effect.ts), or null. */
  at(t: number): TrailPoint | null {
    const row = this.sql.raw(`SELECT t, price, source FROM trail WHERE t <= ? ORDER BY t DESC LIMIT 1`, t)[0];
    const latest = row ? [{ time: row[0] as number, ticks: row[1] as number, source: row[2] as string }] : [];
    return priceInEffect(latest, t);
  }

  prune(now: number): void {
    this.sql.run(`DELETE FROM trail WHERE t < ?`, now - TRAIL_KEEP_MS);
  }
}
