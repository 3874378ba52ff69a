import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ErrorEnvelope } from "../../schema/api/envelope.ts";
import { DEFAULT_LANG } from "../../schema/api/lang.ts";
import { translate } from "../domain/i18n/translate.ts";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv } from "./context.ts";
import { log } from "../domain/log.ts";

/** One error handler: known errors become translated envelopes; anything else is logged, never leaked. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const lang = c.var.lang ?? DEFAULT_LANG;
  const requestId = c.var.requestId ?? "";
  if (err instanceof ApiError) {
    const body: ErrorEnvelope = { type: err.kind, code: err.code, message: translate(err.code, lang, err.params) };
    if (err.status === 429) c.header("Retry-After", String(err.params.seconds ?? 60));
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 413 ? "BODY_TOO_LARGE" : err.status === 404 ? "NOT_FOUND" : "BAD_BODY";
    return c.json<ErrorEnvelope>({ type: "error", code, message: translate(code, lang) }, err.status);
  }
  log("error", { requestId, path: c.req.path, error: String(err), stack: (err as Error)?.stack });
  return c.json<ErrorEnvelope>(
    { type: "error", code: "INTERNAL_ERROR", message: translate("INTERNAL_ERROR", lang, { requestId }), request_id: requestId },
    500,
  );
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  c.json<ErrorEnvelope>({ type: "error", code: "NOT_FOUND", message: translate("NOT_FOUND", c.var.lang ?? DEFAULT_LANG) }, 404);
