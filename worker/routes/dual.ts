import { Hono } from "hono";
import type { EarnJobs } from "../../durable/earn/earn-jobs.ts";
import { dualBuySchema, dualDetailSchema, dualIndexSchema, dualListSchema, dualProductSaveSchema } from "../../schema/api/dual.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import {
  DUAL_SETTLE_DELAY_MS,
  buyDual,
  dualDetail,
  dualPositions,
  listDualOrders,
  listDualProducts,
  matureDualProduct,
  saveDualProduct,
} from "../domain/earn/dual.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { notFound } from "../domain/errors.ts";
import { translate } from "../domain/i18n/translate.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Dual products (`/dual/*`, the original's names and fields), their console section and a development hook. */
export const dualRoutes = new Hono<AppEnv>()
  .get("/dual/index", async (c) => {
    const input = parse(c, dualIndexSchema);
    return ok(c, await listDualProducts(c.var.db, input));
  })
  .get("/dual/detail", async (c) => {
    const input = parse(c, dualDetailSchema);
    return ok(c, await dualDetail(c.var.db, input.id));
  })
  .post(
    "/dual/buyDual",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, dualBuySchema);
      let payload = "";
      await buyDual(c.var.db, c.var.user.id, input, (f) => {
        payload = translate("DUAL_PURCHASED", c.var.lang, { num: input.num, cost: f.cost, pay: f.pay });
        return idem.record(payload);
      });
      return ok(c, payload);
    }),
  )
  .post("/dual/dual_list", requireUser, async (c) => {
    const input = parse(c, dualListSchema);
    return ok(c, await listDualOrders(c.var.db, c.var.user.id, input));
  })
  .get("/dual/positions", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await dualPositions(c.var.db, c.var.user.id));
  })
  .get("/admin/dual/products", requireUser, requireOperator, async (c) => {
    const input = parse(c, dualIndexSchema);
    return ok(c, await listDualProducts(c.var.db, input, Date.now(), true));
  })
  .post("/admin/dual/product", requireUser, requireOperator, async (c) => {
    const input = parse(c, dualProductSaveSchema);
    return ok(c, await saveDualProduct(c.var.db, c.var.user.id, input));
  })
  /**
   * POST /api/dev/dual/mature {id}: the product's subscription closes and its orders reach their settlement instant
   * now, then the earn jobs run once the trail has passed that instant (browser tests). Local environments only; 404
   * anywhere else, as if it did not exist.
   */
  .post("/dev/dual/mature", async (c) => {
    if (!isLocalEnvironment(c.env)) throw notFound();
    const input = parse(c, dualDetailSchema);
    await matureDualProduct(c.var.db, input.id);
    await new Promise((resolve) => setTimeout(resolve, DUAL_SETTLE_DELAY_MS + 500));
    const result = await (c.env.EarnJobs as DurableObjectNamespace<EarnJobs>).getByName("earn").kick();
    return ok(c, result);
  });
