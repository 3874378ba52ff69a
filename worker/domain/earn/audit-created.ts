import type { Db } from "../db.ts";
import { type Statement, bound } from "../ledger/index.ts";

// The new row's id is only known inside the batch: the audit row reads it with last_insert_rowid().
const AUDIT_CREATED =
  "INSERT INTO audit_log (actor_id, action, subject_type, subject_id, detail, created_at) " +
  "VALUES (?1, ?2, ?3, CAST(last_insert_rowid() AS TEXT), ?4, ?5)";

/** The audit row of a row inserted by the statement just before it in the same batch. */
export const auditCreatedStatement = (
  db: Db,
  entry: { actorId: number; action: string; subjectType: string; detail: Record<string, unknown> },
  now: number,
): Statement => bound(db, AUDIT_CREATED, entry.actorId, entry.action, entry.subjectType, JSON.stringify(entry.detail), now);
