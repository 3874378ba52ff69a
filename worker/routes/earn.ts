import { Hono } from "hono";
import { miningCancelSchema, miningConfigSaveSchema, miningDepositSchema, miningOrderListSchema } from "../../schema/api/mining.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
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

/** Earn products: lock mining (`/lh/deposit/*`) and its console section. Money-moving POSTs take an Idempotency-Key. */
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
  });
