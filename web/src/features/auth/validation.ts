/**
 * The form checks moved to lib/form (one form helper for every form). This name stays
 * only for the pages converted after the current parallel work merges; new code imports
 * lib/form/validation.ts.
 */
export { type ErrorCode, validate } from "../../lib/form/validation.ts";
export { type FieldErrors, type FieldMessage, hasErrors, serverFieldError } from "../../lib/form/messages.ts";
