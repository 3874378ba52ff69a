import { database } from "../domain/db.ts";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { DEFAULT_LANG, isLang } from "../../schema/api/lang.ts";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv } from "./context.ts";

/** Request id for logs and 500 answers; language from the query until the body is read. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  const lang = c.req.query("lang");
  c.set("lang", isLang(lang) ? lang : DEFAULT_LANG);
  c.set("db", database(c.env.DB));
  await next();
  c.header("X-Request-Id", requestId);
  c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
});

export const KB = 1024;
export const MB = 1024 * KB;

/** Bodies above the limit get 413 before anything reads them. */
export const limitBody = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "BODY_TOO_LARGE");
    },
  });
