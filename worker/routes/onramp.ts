import { Hono } from "hono";
import { noFieldsSchema } from "../../schema/api/money.ts";
import {
  adminOnrampCancelSchema,
  adminOnrampListSchema,
  onrampIdSchema,
  onrampListSchema,
  onrampOrderSchema,
} from "../../schema/api/onramp.ts";
import { type MessageCode, translate } from "../domain/i18n/translate.ts";
import { adminListOrders, cancelOrder, confirmOrder, createOrder, listOrders, onrampConfig, ownOrder } from "../domain/onramp/orders.ts";
import type { ReviewOutcome } from "../domain/wallet/four-eyes.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

const OUTCOME_TEXT: Record<ReviewOutcome, MessageCode> = {
  completed: "SUCCESS",
  awaiting_second: "APPROVAL_AWAITING_SECOND",
  rejected: "ONRAMP_ORDER_CANCELLED",
};

/** Buy crypto with fiat (page otc) and its console section. Confirming and cancelling take an Idempotency-Key. */
export const onrampRoutes = new Hono<AppEnv>()
  .get("/onramp/config", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await onrampConfig(c.var.db));
  })
  .post("/onramp/order", requireUser, async (c) => {
    const input = parse(c, onrampOrderSchema);
    return ok(c, await createOrder(c.var.db, c.var.user.id, input));
  })
  .get("/onramp/order", requireUser, async (c) => {
    const input = parse(c, onrampIdSchema);
    return ok(c, await ownOrder(c.var.db, c.var.user.id, input.id));
  })
  .get("/onramp/orders", requireUser, async (c) => {
    const input = parse(c, onrampListSchema);
    return ok(c, await listOrders(c.var.db, c.var.user.id, input));
  })
  .post(
    "/onramp/order/cancel",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, onrampIdSchema);
      const payload = translate("ONRAMP_ORDER_CANCELLED", c.var.lang);
      await cancelOrder(c.var.db, { userId: c.var.user.id }, input.id, idem.record(payload));
      return ok(c, payload);
    }),
  )
  .get("/admin/onramp/orders", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminOnrampListSchema);
    return ok(c, await adminListOrders(c.var.db, input));
  })
  .post(
    "/admin/onramp/confirm",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, onrampIdSchema);
      const answer = (outcome: ReviewOutcome) => translate(OUTCOME_TEXT[outcome], c.var.lang);
      const outcome = await confirmOrder(c.var.db, c.var.user.id, input.id, Date.now(), (o) => idem.record(answer(o)));
      return ok(c, answer(outcome));
    }),
  )
  .post(
    "/admin/onramp/cancel",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, adminOnrampCancelSchema);
      const payload = translate("ONRAMP_ORDER_CANCELLED", c.var.lang);
      await cancelOrder(c.var.db, { operatorId: c.var.user.id, reason: input.reason }, input.id, idem.record(payload));
      return ok(c, payload);
    }),
  );
