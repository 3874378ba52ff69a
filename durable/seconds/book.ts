import type { OpenOrder } from "../../worker/domain/seconds/types.ts";

/**
 * A Seconds object's open orders in its own SQLite, sorted by due time (handled_at): what its one alarm settles.
 * An order enters once its acceptance batch is in D1 and leaves once its settlement batch is; anything between is
 * made good by journal keys (see settle.ts). Structural SQL type, so node code (tests, bench) can run it on node:sqlite.
 */

export type SqlExec = { exec(query: string, ...bindings: (string | number | null)[]): { toArray(): unknown[] } };

export class SecondsBook {
  constructor(private readonly sql: SqlExec) {
    sql.exec(`CREATE TABLE IF NOT EXISTS open_orders (id INTEGER PRIMARY KEY, due INTEGER NOT NULL, body TEXT NOT NULL)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS open_orders_due ON open_orders (due, id)`);
  }

  /** Adds an order (again: nothing changes). */
  add(order: OpenOrder): void {
    this.sql.exec(`INSERT OR IGNORE INTO open_orders (id, due, body) VALUES (?, ?, ?)`, order.id, order.handledAt, JSON.stringify(order));
  }

  has(id: number): boolean {
    return this.sql.exec(`SELECT 1 FROM open_orders WHERE id = ?`, id).toArray().length > 0;
  }

  /** Orders due by `now`, soonest first, at most `limit`. */
  due(now: number, limit: number): OpenOrder[] {
    return (
      this.sql.exec(`SELECT body FROM open_orders WHERE due <= ? ORDER BY due, id LIMIT ?`, now, limit).toArray() as { body: string }[]
    ).map((r) => JSON.parse(r.body) as OpenOrder);
  }

  remove(ids: number[]): void {
    for (let i = 0; i < ids.length; i += 500) {
      this.sql.exec(`DELETE FROM open_orders WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids.slice(i, i + 500)));
    }
  }

  /** The soonest due time, or null when nothing is open. */
  next(): number | null {
    const row = this.sql.exec(`SELECT MIN(due) AS due FROM open_orders`).toArray()[0] as { due: number | null } | undefined;
    return row?.due ?? null;
  }

  size(): number {
    return (this.sql.exec(`SELECT COUNT(*) AS n FROM open_orders`).toArray()[0] as { n: number }).n;
  }
}
