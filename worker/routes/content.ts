import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { publicSettings } from "../domain/content/settings.ts";

export const contentRoutes = new Hono<AppEnv>().get("/getSiteConfig", async (c) => ok(c, await publicSettings(c.var.db)));
