import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db.ts";

/**
 * One all-or-nothing D1 batch of two kinds of statement:
 *   - drizzle queries, for everything written once in a while;
 *   - Bound statements: fixed SQL text prepared once per D1 binding and bound per
 *     call, for the writes of every order and every fill (the ledger's postings,
 *     holds, order rows, settlement). Profiling the order path showed drizzle
 *     building the same SQL text again per order as its largest cost in the Market
 *     object; these skip it.
 * A Bound statement answers its rows as D1 returns them (column names as in its SQL).
 */

export class Bound {
  constructor(readonly stmt: D1PreparedStatement) {}
}

export type Statement = BatchItem<"sqlite"> | Bound;

const prepared = new WeakMap<D1Database, Map<string, D1PreparedStatement>>();

/** The D1 binding under a drizzle client (drizzle() sets `$client`; the Db type leaves it out). */
const client = (db: Db): D1Database => (db as Db & { $client: D1Database }).$client;

/**
 * Column `i` of a row passed as a JSON array in one parameter (`FROM json_each(?n)`): how every multi-row fixed
 * statement reads its rows. `from` names the json_each table when the statement aliases it.
 */
export const jsonColumn = (i: number, from = ""): string => `json_extract(${from ? `${from}.` : ""}value, '$[${i}]')`;

/** A fixed statement (prepared once per binding) bound to `params`. */
export function bound(db: Db, sql: string, ...params: unknown[]): Bound {
  const d1 = client(db);
  let byText = prepared.get(d1);
  if (!byText) {
    byText = new Map();
    prepared.set(d1, byText);
  }
  let stmt = byText.get(sql);
  if (!stmt) {
    stmt = d1.prepare(sql);
    byText.set(sql, stmt);
  }
  return new Bound(stmt.bind(...params));
}

/**
 * What drizzle's own D1 batch (drizzle-orm/d1/session.js, `batch`) takes from a
 * query: its prepared statement, its parameters and its result mapping. Used the
 * same way here so drizzle queries and Bound statements share one batch and each
 * drizzle query still answers what db.batch would have answered.
 */
type DrizzlePrepared = {
  stmt: D1PreparedStatement;
  getQuery(): { params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
};

/** Runs the statements as ONE D1 batch; answers each statement's result in order. Errors are D1's, untouched. */
export async function runBatch(db: Db, statements: Statement[]): Promise<unknown[]> {
  const stmts: D1PreparedStatement[] = [];
  const maps: ((r: D1Result) => unknown)[] = [];
  for (const s of statements) {
    if (s instanceof Bound) {
      stmts.push(s.stmt);
      maps.push((r) => r.results);
    } else {
      const p = (s as unknown as { _prepare(): DrizzlePrepared })._prepare();
      stmts.push(p.stmt.bind(...p.getQuery().params));
      maps.push((r) => p.mapResult(r, true));
    }
  }
  const results = await client(db).batch(stmts);
  return results.map((r, i) => maps[i]!(r));
}
