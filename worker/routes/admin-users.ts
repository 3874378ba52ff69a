import { Hono } from "hono";
import { adminAuditSchema, adminUserDetailSchema, adminUserSearchSchema } from "../../schema/api/admin-users.ts";
import { auditPage, searchUsers, userDetail } from "../domain/admin/users.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Operator console: user look-up (every detail view is audited) and the audit log. */
export const adminUserRoutes = new Hono<AppEnv>()
  .get("/admin/users", requireUser, requireOperator, async (c) => {
    const { q, page, limit } = parse(c, adminUserSearchSchema);
    return ok(c, await searchUsers(c.var.db, q, page, limit));
  })
  .get("/admin/users/detail", requireUser, requireOperator, async (c) => {
    const { id } = parse(c, adminUserDetailSchema);
    return ok(c, await userDetail(c.var.db, c.var.user.id, id));
  })
  .get("/admin/audit", requireUser, requireOperator, async (c) => {
    const { page, limit } = parse(c, adminAuditSchema);
    return ok(c, await auditPage(c.var.db, page, limit));
  });
