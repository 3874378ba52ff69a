import { database } from "../domain/db.ts";
import { bodyLimit } from "hono/body-limit";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { DEFAULT_LANG, isLang } from "../../schema/api/lang.ts";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv } from "./context.ts";

/**
 * Request id for logs and 500 answers; language from the query until the body is read. Every API answer, errors
 * included, may not be framed and is never content-sniffed (a JSON body or an uploaded file must not be run as a page);
 * the SPA's own headers (CSP and the rest) come from web/public/_headers.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  const lang = c.req.query("lang");
  c.set("lang", isLang(lang) ? lang : DEFAULT_LANG);
  c.set("db", database(c.env.DB));
  await next();
  setAnswerHeaders(c, {
    "X-Request-Id": requestId,
    "Cache-Control": c.res.headers.get("Cache-Control") ?? "no-store",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
  });
});

/**
 * Sets headers on the answer in place. Hono's c.header() on an answer already made copies the whole Response per call
 * (four copies per request were a measurable share of the order path); only an answer with immutable headers (one
 * passed through from a fetch) takes that way.
 */
export function setAnswerHeaders(c: Context, headers: Record<string, string>): void {
  const target = c.res.headers;
  try {
    for (const name in headers) target.set(name, headers[name]!);
  } catch {
    for (const name in headers) c.header(name, headers[name]);
  }
}

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
