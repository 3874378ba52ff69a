import { auditLog } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

export type AuditEntry = {
  actorId: number;
  action: string;
  subjectType: string;
  subjectId: string | number;
  detail?: Record<string, unknown>;
};

/** The audit row as a statement, so it joins the same db.batch as the change it records. */
export const auditStatement = (db: Db, entry: AuditEntry, now = Date.now()) =>
  db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    detail: JSON.stringify(entry.detail ?? {}),
    createdAt: now,
  });
