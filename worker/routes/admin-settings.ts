import { Hono } from "hono";
import { adminSettingSchema } from "../../schema/api/admin-settings.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { editableSettings, saveSetting } from "../domain/admin/settings.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Operator console: the settings operators may edit (each change audited). */
export const adminSettingRoutes = new Hono<AppEnv>()
  .get("/admin/settings", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await editableSettings(c.var.db));
  })
  .post("/admin/settings", requireUser, requireOperator, async (c) => {
    const { key, value } = parse(c, adminSettingSchema);
    return ok(c, await saveSetting(c.var.db, c.var.user.id, key, value));
  });
