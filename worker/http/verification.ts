import { createMiddleware } from "hono/factory";
import { verificationLevel } from "../domain/kyc/level.ts";
import { verificationRequired } from "../domain/errors.ts";
import type { AppEnv } from "./context.ts";

/**
 * Identity verification gate; runs after requireUser. Below the level it answers
 * 403 with type "998", which the client turns into a trip to the verification page.
 */
export const requireVerification = (level: 1 | 2) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if ((await verificationLevel(c.var.db, c.var.user.id)) < level) throw verificationRequired();
    await next();
  });
