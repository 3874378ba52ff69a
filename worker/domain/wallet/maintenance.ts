import { lt } from "drizzle-orm";
import { idempotencyKeys } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

/** Stored Idempotency-Key answers are kept a day; a later retry is a new request. For the daily cron. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export const purgeIdempotencyKeys = (db: Db, now = Date.now()) =>
  db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS));
