import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { MessageCode } from "./i18n/translate.ts";

/**
 * The one way a handler fails on purpose. The error handler turns it into the
 * translated envelope; `kind` picks the envelope type ("999" session, "998" identity).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly kind: "error" | "999" | "998" = "error",
  ) {
    super(code);
  }
}

export const badRequest = (code: MessageCode, params?: Record<string, string | number>) => new ApiError(400, code, params);
export const notFound = (code: MessageCode = "NOT_FOUND") => new ApiError(404, code);
export const conflict = (code: MessageCode, params?: Record<string, string | number>) => new ApiError(409, code, params);
export const forbidden = (code: MessageCode = "FORBIDDEN") => new ApiError(403, code);
export const unauthenticated = (code: MessageCode = "PLEASE_LOG_IN") => new ApiError(401, code, {}, "999");
export const verificationRequired = () => new ApiError(403, "VERIFY_IDENTITY_FIRST", {}, "998");
export const tooManyRequests = (retryAfterSeconds: number) => new ApiError(429, "TOO_MANY_REQUESTS", { seconds: retryAfterSeconds });
