import { Hono } from "hono";
import type { AppEnv } from "./http/context.ts";
import { onError, onNotFound } from "./http/errors.ts";
import { readFields } from "./http/fields.ts";
import { KB, MB, limitBody, requestContext } from "./http/middleware.ts";
import { routes } from "./routes/index.ts";

/** Paths that carry files; everything else is small form data. */
export const UPLOAD_PATHS = new Set(["/api/upload", "/api/admin/nft/media"]);

export function createApp() {
  const app = new Hono<AppEnv>();
  app.use("/api/*", requestContext);
  const uploadLimit = limitBody(10 * MB);
  const formLimit = limitBody(64 * KB);
  app.use("/api/*", (c, next) => (UPLOAD_PATHS.has(c.req.path) ? uploadLimit : formLimit)(c, next));
  app.use("/api/*", readFields);
  app.route("/api", routes);
  app.onError(onError);
  app.notFound(onNotFound);
  return app;
}
