import { Hono } from "hono";
import { miningCancelSchema, miningConfigSaveSchema, miningDepositSchema, miningOrderListSchema } from "../../schema/api/mining.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { ieoDetailSchema, ieoListSchema, ieoOrderListSchema, ieoOrderSchema, ieoProjectSaveSchema } from "../../schema/api/ieo.ts";
import { ieoPositions, listIeoOrders, listProjects, projectDetail, saveProject, subscribe } from "../domain/earn/ieo.ts";
import {
  depositMining,
  listMiningConfigs,
  listMiningOrders,
  miningPositions,
  redeemMining,
  saveMiningConfig,
} from "../domain/earn/mining.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { translate } from "../domain/i18n/translate.ts";

/**
 * Earn products: lock mining (`/lh/deposit/*`), IEO (`/project*`) and their console sections.
 * Money-moving POSTs take an Idempotency-Key.
 */
export const earnRoutes = new Hono<AppEnv>()
  .get("/lh/deposit/config", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await listMiningConfigs(c.var.db));
  })
  .get("/lh/deposit/order", requireUser, async (c) => {
    const input = parse(c, miningOrderListSchema);
    return ok(c, await listMiningOrders(c.var.db, c.var.user.id, input));
  })
  .get("/lh/deposit/positions", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await miningPositions(c.var.db, c.var.user.id));
  })
  .post(
    "/lh/deposit",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, miningDepositSchema);
      const payload = translate("PURCHASE_SUCCESS", c.var.lang);
      await depositMining(c.var.db, c.var.user.id, input, idem.record(payload), Date.now());
      return ok(c, payload);
    }),
  )
  .post(
    "/lh/deposit/order/cancel",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, miningCancelSchema);
      let payload = "";
      await redeemMining(c.var.db, c.var.user.id, input.id, (returned) => {
        payload = translate("MINING_REDEEMED", c.var.lang, returned);
        return idem.record(payload);
      });
      return ok(c, payload);
    }),
  )
  .get("/admin/mining/configs", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await listMiningConfigs(c.var.db, true));
  })
  .post("/admin/mining/config", requireUser, requireOperator, async (c) => {
    const input = parse(c, miningConfigSaveSchema);
    return ok(c, await saveMiningConfig(c.var.db, c.var.user.id, input));
  })
  .get("/project", async (c) => {
    const input = parse(c, ieoListSchema);
    return ok(c, await listProjects(c.var.db, input));
  })
  .get("/project/detail", async (c) => {
    const input = parse(c, ieoDetailSchema);
    return ok(c, await projectDetail(c.var.db, input.id));
  })
  .post(
    "/project/order",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, ieoOrderSchema);
      // The answer names the figures, which only the project decides: read it first, then record the answer in the batch.
      const project = await projectDetail(c.var.db, input.project_id);
      let payload = "";
      const record = (o: { amount: string; cost: string }) => {
        payload = translate("IEO_SUBSCRIBED", c.var.lang, {
          amount: o.amount,
          currency: project.currency,
          cost: o.cost,
          pay: project.pay_currency,
        });
        return idem.record(payload);
      };
      await subscribe(c.var.db, c.var.user.id, input, record);
      return ok(c, payload);
    }),
  )
  .get("/user/project/order", requireUser, async (c) => {
    const input = parse(c, ieoOrderListSchema);
    return ok(c, await listIeoOrders(c.var.db, c.var.user.id, input));
  })
  .get("/user/project/positions", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await ieoPositions(c.var.db, c.var.user.id));
  })
  .get("/admin/ieo/projects", requireUser, requireOperator, async (c) => {
    const input = parse(c, ieoListSchema);
    return ok(c, await listProjects(c.var.db, input, Date.now(), true));
  })
  .post("/admin/ieo/project", requireUser, requireOperator, async (c) => {
    const input = parse(c, ieoProjectSaveSchema);
    return ok(c, await saveProject(c.var.db, c.var.user.id, input));
  });
