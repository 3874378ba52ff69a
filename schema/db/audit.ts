import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Every operator action, append-only. `detail` is JSON. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    detail: text("detail").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("audit_subject").on(t.subjectType, t.subjectId), index("audit_actor").on(t.actorId, t.createdAt)],
);
