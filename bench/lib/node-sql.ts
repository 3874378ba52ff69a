import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { SqlDriver, SqlValue } from "../../durable/spot/store.ts";

/**
 * The Market object's storage driver on node:sqlite (the same SQLite engine the
 * Durable Object storage uses), for benchmarks and unit tests of the market core.
 */
export function nodeSql(path = ":memory:"): SqlDriver & { close(): void } {
  const db = new DatabaseSync(path);
  const statements = new Map<string, StatementSync>();
  const prepared = (query: string): StatementSync => {
    let s = statements.get(query);
    if (!s) {
      s = db.prepare(query);
      statements.set(query, s);
    }
    return s;
  };
  const arrays = new Map<string, StatementSync>();
  let depth = 0;
  return {
    all: <T>(query: string, ...args: SqlValue[]) => prepared(query).all(...args) as T[],
    raw: (query: string, ...args: SqlValue[]) => {
      let s = arrays.get(query);
      if (!s) {
        s = db.prepare(query);
        s.setReturnArrays(true);
        arrays.set(query, s);
      }
      return s.all(...args) as unknown as SqlValue[][];
    },
    run: (query: string, ...args: SqlValue[]) => {
      prepared(query).run(...args);
    },
    transaction: <T>(fn: () => T): T => {
      if (depth > 0) return fn();
      depth++;
      db.exec("BEGIN");
      try {
        const out = fn();
        db.exec("COMMIT");
        return out;
      } catch (err) {
        db.exec("ROLLBACK");
        throw err;
      } finally {
        depth--;
      }
    },
    close: () => db.close(),
  };
}
