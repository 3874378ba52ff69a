import { drizzle } from "drizzle-orm/d1";
import * as tables from "../../schema/db/index.ts";
import type { DrizzleD1Database } from "drizzle-orm/d1";

/** The drizzle client over D1 with the app's tables attached; the one database type of the domain. */
export type Db = DrizzleD1Database<typeof tables>;

const cache = new WeakMap<D1Database, Db>();

/**
 * The drizzle client for a D1 binding, built once per isolate: with the schema
 * attached, building it walks every table's relational config, which cost about
 * a millisecond per request when every request built its own.
 */
export function database(binding: D1Database): Db {
  let db = cache.get(binding);
  if (!db) {
    db = drizzle(binding, { schema: tables });
    cache.set(binding, db);
  }
  return db;
}
