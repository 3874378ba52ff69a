import { Hono } from "hono";
import { noFieldsSchema } from "../../schema/api/money.ts";
import {
  type OnrampOrderView,
  adminOnrampCancelSchema,
  adminOnrampListSchema,
  onrampCallbackSchema,
  onrampIdSchema,
  onrampListSchema,
  onrampOrderSchema,
} from "../../schema/api/onramp.ts";
import { ApiError } from "../domain/errors.ts";
import { type PaymentProvider, offeredMethods, paymentProvider } from "../domain/onramp/provider.ts";
import { type MessageCode, translate } from "../domain/i18n/translate.ts";
import {
  adminListOrders,
  cancelOrder,
  confirmOrder,
  createOrder,
  listOrders,
  onrampConfig,
  ownOrder,
  settleProviderPayment,
} from "../domain/onramp/orders.ts";
import type { ReviewOutcome } from "../domain/wallet/four-eyes.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** A card or wallet order still to be paid carries the provider's page where the payer pays. */
const withCheckout = (o: OnrampOrderView, provider: PaymentProvider | null): OnrampOrderView =>
  provider && o.method !== "bank" && o.status === 1 ? { ...o, checkout_url: provider.checkoutUrl(o.reference) } : o;

const OUTCOME_TEXT: Record<ReviewOutcome, MessageCode> = {
  completed: "SUCCESS",
  awaiting_second: "APPROVAL_AWAITING_SECOND",
  rejected: "ONRAMP_ORDER_CANCELLED",
};

/** Buy crypto with fiat (page otc) and its console section. Confirming and cancelling take an Idempotency-Key. */
export const onrampRoutes = new Hono<AppEnv>()
  .get("/onramp/config", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await onrampConfig(c.var.db, offeredMethods(paymentProvider(c.env))));
  })
  .post("/onramp/order", requireUser, async (c) => {
    const input = parse(c, onrampOrderSchema);
    const provider = paymentProvider(c.env);
    return ok(c, withCheckout(await createOrder(c.var.db, c.var.user.id, input, offeredMethods(provider)), provider));
  })
  .get("/onramp/order", requireUser, async (c) => {
    const input = parse(c, onrampIdSchema);
    return ok(c, withCheckout(await ownOrder(c.var.db, c.var.user.id, input.id), paymentProvider(c.env)));
  })
  .post("/onramp/callback", async (c) => {
    // Called by the payment provider, not a user: the signature is the authentication.
    const input = parse(c, onrampCallbackSchema);
    const provider = paymentProvider(c.env);
    if (!provider || !(await provider.verify(input, Date.now()))) throw new ApiError(401, "ONRAMP_CALLBACK_INVALID");
    const status = await settleProviderPayment(c.var.db, input);
    return ok(c, { status });
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
