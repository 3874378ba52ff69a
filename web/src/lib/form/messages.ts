import type { TFunction } from "i18next";
import type { ErrorCode } from "./validation.ts";

/*
 * Form messages without the schema checks (validation.ts), so a form that does not
 * validate against a shared schema (the order form) does not load zod for it.
 */

/**
 * A field's message, translated on render: a schema code (`auth.errors.<CODE>`), any
 * other locale key with its values (a form's own checks, an unreadable amount), or
 * a sentence the server already translated.
 */
export type FieldMessage = { code: ErrorCode } | { key: string; values?: Record<string, string | number> } | { text: string };
export type FieldErrors<K extends string = string> = Partial<Record<K, FieldMessage>>;

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/** Server codes that belong to one field of a form (the first of these the form has). */
const SERVER_FIELDS: Record<string, readonly string[]> = {
  INVALID_EMAIL: ["user_string"],
  CONTRACT_LOTS_RANGE: ["share"],
  CONTRACT_TARGET_SIDE: ["target_price"],
  CONTRACT_TARGET_REQUIRED: ["target_price"],
  CONTRACT_TP_NOT_BEYOND: ["target_profit_price"],
  CONTRACT_SL_NOT_BEYOND: ["stop_loss_price"],
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
  INVALID_AMOUNT: ["amount", "number"],
  AMOUNT_TOO_PRECISE: ["amount", "number"],
  AMOUNT_TOO_LARGE: ["amount", "number"],
  AMOUNT_NOT_POSITIVE: ["amount", "number"],
  INSUFFICIENT_BALANCE: ["amount", "number"],
  WITHDRAW_BELOW_MINIMUM: ["amount", "number"],
  WITHDRAW_NOT_ABOVE_FEE: ["amount", "number"],
  QTY_BELOW_MINIMUM: ["amount"],
  NOTIONAL_BELOW_MINIMUM: ["amount"],
  PRICE_REQUIRED: ["price"],
  PRICE_INVALID: ["price"],
  PRICE_TOO_PRECISE: ["price"],
  OLD_PASSWORD_WRONG: ["oldPassword"],
  INVALID_INVITE_CODE: ["extension_code"],
  INVITE_CODE_REQUIRED: ["extension_code"],
  NICKNAME_LENGTH: ["nickname"],
  SIGNATURE_LENGTH: ["signature"],
  TEXT_INVALID_CHARACTERS: ["nickname", "signature"],
  TX_HASH_REQUIRED: ["tx_hash"],
  TX_HASH_INVALID: ["tx_hash"],
  TX_HASH_WRONG_FORMAT: ["tx_hash"],
  TX_HASH_ALREADY_USED: ["tx_hash"],
  VOUCHER_INVALID: ["voucher"],
  VOUCHER_ALREADY_USED: ["voucher"],
  PAY_PASSWORD_WRONG: ["pay_password", "password"],
  WITHDRAW_CODE_REQUIRED: ["code"],
  WITHDRAW_ADDRESS_NOT_SAVED: ["destination"],
  WITHDRAW_ADDRESS_NOT_YET_USABLE: ["destination"],
  WALLET_ADDRESS_REQUIRED: ["address"],
  WALLET_ADDRESS_INVALID: ["address"],
  WALLET_ADDRESS_UNSUPPORTED: ["address"],
  WALLET_ADDRESS_DUPLICATE: ["address"],
  WALLET_ADDRESS_NAME_LENGTH: ["name"],
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

/** The text of a field's message in the current language. */
export function fieldMessageText(t: TFunction, message: FieldMessage): string {
  // Message keys are built from codes at run time, beyond what the typed keys can check.
  const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string;
  if ("code" in message) return translate(`auth.errors.${message.code}`);
  if ("key" in message) return translate(message.key, message.values);
  return message.text;
}

/** Why a typed amount was refused (kept beside the amount reader, so a form can show it without this module). */
export { amountInputMessage } from "../amount-input.ts";
