import { Hono } from "hono";
import { adminContractLogSchema, adminContractSaveSchema } from "../../schema/api/admin-contracts.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { adminContractLog, adminContracts, saveAdminContract } from "../domain/contracts/admin.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { referenceOf } from "./lever.ts";

/** Operator console: contract pairs (configuration, audited; the house's exposure), the insurance account, the logs. */
export const adminContractRoutes = new Hono<AppEnv>()
  .get("/admin/contracts", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await adminContracts(c.var.db, referenceOf(c.env)));
  })
  .post("/admin/contracts", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminContractSaveSchema);
    return ok(c, await saveAdminContract(c.var.db, c.var.user.id, input, referenceOf(c.env)));
  })
  .get("/admin/contracts/log", requireUser, requireOperator, async (c) => {
    const { kind, page, limit } = parse(c, adminContractLogSchema);
    return ok(c, await adminContractLog(c.var.db, kind, page, limit));
  });
