import * as z from "zod/mini";

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

/** A field's message: a code translated on render, or a sentence the server already translated. */
export type FieldMessage = { code: ErrorCode } | { text: string };
export type FieldErrors<K extends string = string> = Partial<Record<K, FieldMessage>>;

const isErrorCode = (value: string): value is ErrorCode => (ERROR_CODES as readonly string[]).includes(value);

/**
 * Validates `input` against a shared schema. Fields listed in `required` that
 * are blank get REQUIRED first (clearer than a format error for an empty box);
 * every other field gets the first issue the schema reports for it.
 */
export function validate<K extends string>(schema: z.ZodMiniType, input: Record<K, string>, required: readonly K[] = []): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of required) if (!input[key]?.trim()) errors[key] = { code: "REQUIRED" };
  const result = z.safeParse(schema, input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "") as K;
      if (!key || errors[key]) continue;
      errors[key] = { code: isErrorCode(issue.message) ? issue.message : "PARAMETER_ERROR" };
    }
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/** Server codes that belong to one field of a form (the first of these the form has). */
const SERVER_FIELDS: Record<string, readonly string[]> = {
  INVALID_EMAIL: ["user_string"],
  INVALID_MOBILE: ["user_string", "mobile"],
  ACCOUNT_EXISTS: ["user_string"],
  EMAIL_TAKEN: ["user_string"],
  MOBILE_TAKEN: ["user_string", "mobile"],
  CODE_INVALID: ["code", "auth_code"],
  CODE_EXPIRED: ["code", "auth_code"],
  CODE_TOO_MANY_TRIES: ["code", "auth_code"],
  REAUTH_REQUIRED: ["login_password", "auth_code", "code"],
  REAUTH_PASSWORD_WRONG: ["login_password"],
  CODE_MUST_BE_6_DIGITS: ["code"],
  PASSWORD_TOO_SHORT: ["password"],
  PASSWORD_TOO_LONG: ["password"],
  PAY_PASSWORD_LENGTH: ["password"],
  PASSWORDS_DIFFER: ["re_password"],
  OLD_PASSWORD_REQUIRED: ["oldPassword"],
  OLD_PASSWORD_WRONG: ["oldPassword"],
  INVALID_INVITE_CODE: ["extension_code"],
  NICKNAME_LENGTH: ["nickname"],
  SIGNATURE_LENGTH: ["signature"],
  TEXT_INVALID_CHARACTERS: ["nickname", "signature"],
};

/**
 * A server failure that belongs under one of `fields` (its translated message
 * shown there), or null when it is not about a field (the caller toasts it).
 */
export function serverFieldError<K extends string>(
  failure: { code?: string; message: string },
  fields: readonly K[],
): FieldErrors<K> | null {
  const field = (SERVER_FIELDS[failure.code ?? ""] ?? []).find((f): f is K => (fields as readonly string[]).includes(f));
  return field ? ({ [field]: { text: failure.message } } as FieldErrors<K>) : null;
}
