import { Hono } from "hono";
import { listFiatRates } from "../domain/fiat/rates.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { noInput } from "../../schema/api/fields.ts";

/** Public fiat display rates (per 1 USD), refreshed daily by cron. */
export const fiatRoutes = new Hono<AppEnv>().get("/fiat/rates", async (c) => {
  parse(c, noInput());
  return ok(c, await listFiatRates(c.var.db));
});
