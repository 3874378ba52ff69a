import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { contentRoutes } from "./content.ts";

/** Every API route group, mounted under /api. Add a group here and nowhere else. */
export const routes = new Hono<AppEnv>().route("/", contentRoutes);
