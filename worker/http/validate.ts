import * as z from "zod/mini";
import { isMessageCode } from "../domain/i18n/translate.ts";
import { ApiError, badRequest } from "../domain/errors.ts";
import type { AppContext } from "./context.ts";

/**
 * The one validation layer: handlers read only what a schema let through.
 * The first issue decides the error; a schema may name a message code as the
 * issue's message, otherwise the field is named in a generic parameter error.
 */
export function parse<S extends z.ZodMiniType>(c: AppContext, schema: S): z.output<S> {
  return parseValue(schema, c.get("fields"));
}

export function parseValue<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw toApiError(result.error.issues);
}

function toApiError(issues: readonly z.core.$ZodIssue[]): ApiError {
  const issue = issues[0];
  if (!issue) return badRequest("PARAMETER_ERROR", { field: "" });
  if (issue.code === "unrecognized_keys") return badRequest("UNKNOWN_FIELD", { field: issue.keys.join(", ") });
  const field = issue.path.map(String).join(".");
  if (isMessageCode(issue.message)) return badRequest(issue.message, { field });
  return badRequest("PARAMETER_ERROR", { field });
}
