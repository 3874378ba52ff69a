/**
 * A tiny SQL driver, so the same object code runs on Durable Object storage (ctx.storage.sql) and on node:sqlite
 * (benchmarks, unit tests). Every object family with its own SQLite reaches it through this.
 */

export type SqlValue = string | number | null;

export interface SqlDriver {
  all<T>(query: string, ...args: SqlValue[]): T[];
  /** Rows as arrays of column values (no per-row object: the rebuild's hot path). */
  raw(query: string, ...args: SqlValue[]): SqlValue[][];
  run(query: string, ...args: SqlValue[]): void;
  /** Runs fn in one transaction: all of its writes or none. */
  transaction<T>(fn: () => T): T;
}

/** Durable Object SQLite storage as a driver. */
export function durableSql(storage: DurableObjectStorageLike): SqlDriver {
  return {
    all: <T>(query: string, ...args: SqlValue[]) => storage.sql.exec(query, ...args).toArray() as T[],
    raw: (query: string, ...args: SqlValue[]) => [...storage.sql.exec(query, ...args).raw()] as SqlValue[][],
    run: (query: string, ...args: SqlValue[]) => {
      storage.sql.exec(query, ...args);
    },
    transaction: <T>(fn: () => T) => storage.transactionSync(fn),
  };
}

/** The part of DurableObjectStorage the driver needs (structural, so node code can import this file). */
export type DurableObjectStorageLike = {
  sql: { exec(query: string, ...bindings: SqlValue[]): { toArray(): unknown[]; raw(): Iterable<unknown[]> } };
  transactionSync<T>(fn: () => T): T;
};
