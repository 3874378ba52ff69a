import { Hono } from "hono";
import { simCheckoutSchema, simPaySchema } from "../../schema/api/onramp.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { notFound } from "../domain/errors.ts";
import { signSimCallback } from "../domain/onramp/provider.ts";
import { ownOrderByReference } from "../domain/onramp/orders.ts";
import { settleProviderPayment } from "../domain/onramp/orders.ts";
import type { AppEnv } from "../http/context.ts";
import { parse } from "../http/validate.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The simulated payment provider (development and tests only; 404 in production): its hosted checkout page, where
 * the payer types a card number or wallet account that goes to the "provider" and nowhere else (it is checked for
 * shape and dropped, never stored or logged), and its signed callback into POST /onramp/callback's settlement.
 * It stands in for a third party's own page, so it is not translated.
 */
export const onrampSimRoutes = new Hono<AppEnv>()
  .get("/onramp/sim/checkout", async (c) => {
    if (!isLocalEnvironment(c.env)) throw notFound();
    const input = parse(c, simCheckoutSchema);
    const o = await ownOrderByReference(c.var.db, input.reference);
    const label = o.method === "card" ? "Card number" : "Wallet account";
    return c.html(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Simulated payment provider</title>
<body style="font-family:sans-serif;max-width:420px;margin:24px auto;padding:0 16px">
<h1 style="font-size:20px">Simulated payment provider</h1>
<p>Development only: no real money moves.
Pay <strong>${o.amount} ${escape(o.fiat)}</strong> for order <code>${escape(o.reference)}</code>.</p>
<form method="post" action="/api/onramp/sim/pay">
<input type="hidden" name="reference" value="${escape(o.reference)}">
<label>${label}<br><input name="account" required autocomplete="off" data-testid="sim-account" style="width:100%;padding:8px"></label>
<p><button name="outcome" value="paid" data-testid="sim-pay" style="padding:10px 16px">Pay</button>
<button name="outcome" value="failed" data-testid="sim-fail" style="padding:10px 16px">Decline</button></p>
</form></body></html>`);
  })
  .post("/onramp/sim/pay", async (c) => {
    if (!isLocalEnvironment(c.env)) throw notFound();
    const input = parse(c, simPaySchema);
    const o = await ownOrderByReference(c.var.db, input.reference);
    // The provider reports the payment with its signed callback, settled exactly as POST /onramp/callback does.
    const callback = await signSimCallback(pepperOf(c.env), {
      reference: o.reference,
      payment_id: `sim_${crypto.randomUUID().replaceAll("-", "")}`,
      amount: o.amount,
      fiat: o.fiat,
      status: input.outcome,
      ts: String(Date.now()),
    });
    await settleProviderPayment(c.var.db, callback);
    return c.redirect(`/#/otc/order?id=${o.id}`, 303);
  });
