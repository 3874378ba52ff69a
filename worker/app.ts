import { Hono } from "hono";
import type { AppEnv } from "./http/context.ts";
import { onError, onNotFound } from "./http/errors.ts";
import { readFields } from "./http/fields.ts";
import { KB, MB, limitBody, requestContext } from "./http/middleware.ts";
import { routes } from "./routes/index.ts";

/** Paths that carry files; everything else is small form data. */
const UPLOAD_PATHS = new Set(["/api/upload"]);

export function createApp() {
  const app = new Hono<AppEnv>();
  app.use("/api/*", requestContext);
  app.use("/api/*", (c, next) => limitBody(UPLOAD_PATHS.has(c.req.path) ? 10 * MB : 64 * KB)(c, next));
  app.use("/api/*", readFields);
  app.route("/api", routes);
  app.onError(onError);
  app.notFound(onNotFound);
  return app;
}
