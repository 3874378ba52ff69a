import * as z from "zod/mini";
import type { FieldErrors } from "./messages.ts";

/**
 * Client-side form checks with the SAME zod/mini contracts the worker uses
 * (schema/api/*), so the browser and the server never disagree about a rule.
 * Issue messages of those schemas are stable codes; each has a translation
 * under `auth.errors.<CODE>` in every language.
 */
export const ERROR_CODES = [
  "REQUIRED",
  "INVALID_EMAIL",
  "INVALID_MOBILE",
  "INVALID_AREA_CODE",
  "CODE_MUST_BE_6_DIGITS",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORDS_DIFFER",
  "PAY_PASSWORD_LENGTH",
  "INVALID_INVITE_CODE",
  "NICKNAME_LENGTH",
  "SIGNATURE_LENGTH",
  "TEXT_INVALID_CHARACTERS",
  "UPLOAD_NOT_IMAGE",
  "UPLOAD_TOO_LARGE",
  "PARAMETER_ERROR",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const isErrorCode = (value: string): value is ErrorCode => (ERROR_CODES as readonly string[]).includes(value);

/**
 * The first issue code per field when `input` is checked against a shared schema: the
 * same rules the worker applies. For forms whose schema speaks its own codes (a bank
 * card's BANK_FIELD_*); `validate` turns the shared codes into messages.
 */
export function fieldIssues(schema: z.ZodMiniType, input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const result = z.safeParse(schema, input);
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * Validates `input` against a shared schema. Fields listed in `required` that
 * are blank get REQUIRED first (clearer than a format error for an empty box);
 * every other field gets the first issue the schema reports for it.
 */
export function validate<K extends string>(schema: z.ZodMiniType, input: Record<K, string>, required: readonly K[] = []): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of required) if (!input[key]?.trim()) errors[key] = { code: "REQUIRED" };
  for (const [key, code] of Object.entries(fieldIssues(schema, input)) as [K, string][])
    errors[key] ??= { code: isErrorCode(code) ? code : "PARAMETER_ERROR" };
  return errors;
}
