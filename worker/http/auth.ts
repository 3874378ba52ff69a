import { createMiddleware } from "hono/factory";
import { findSession } from "../domain/auth/sessions.ts";
import { forbidden, unauthenticated } from "../domain/errors.ts";
import type { AppContext, AppEnv } from "./context.ts";

/** The token from `Authorization`, raw (as the original client sends it) or as `Bearer <token>`. */
export const bearerToken = (c: AppContext): string => (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();

/** Loads the session's user into c.var.user, or answers 401 with type "999". */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await findSession(c.get("db"), bearerToken(c));
  if (!session) throw unauthenticated();
  c.set("user", session);
  await next();
});

/** Operators only; runs after requireUser. */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== "operator") throw forbidden();
  await next();
});

export const clientMeta = (c: AppContext) => ({
  ip: c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "local",
  userAgent: c.req.header("user-agent") ?? "",
});
