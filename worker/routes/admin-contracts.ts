import { Hono } from "hono";
import { adminContractLogSchema, adminContractSaveSchema } from "../../schema/api/admin-contracts.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { adminContractLog, adminContracts, saveAdminContract } from "../domain/contracts/admin.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import type { AdminContractPair } from "../../schema/api/admin-contracts.ts";
import type { Env } from "../domain/env.ts";
import { referenceOf, stockPrices } from "./lever.ts";

/** A stock pair's session, as its feed object (which owns it, and the local dev clock) says. */
const withSession = async (env: Env, p: AdminContractPair): Promise<AdminContractPair> =>
  p.feed === "stock" ? { ...p, open: (await stockPrices(env, p.symbol)).open } : p;

/** Operator console: contract pairs (configuration, audited; the house's exposure), the insurance account, the logs. */
export const adminContractRoutes = new Hono<AppEnv>()
  .get("/admin/contracts", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    const list = await adminContracts(c.var.db, referenceOf(c.env));
    return ok(c, { ...list, pairs: await Promise.all(list.pairs.map((p) => withSession(c.env, p))) });
  })
  .post("/admin/contracts", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminContractSaveSchema);
    return ok(c, await withSession(c.env, await saveAdminContract(c.var.db, c.var.user.id, input, referenceOf(c.env))));
  })
  .get("/admin/contracts/log", requireUser, requireOperator, async (c) => {
    const { kind, page, limit } = parse(c, adminContractLogSchema);
    return ok(c, await adminContractLog(c.var.db, kind, page, limit));
  });
