import * as z from "zod/mini";

/**
 * Bank card contracts (POST /user/cash_save, /user/cash_info and the
 * _international pair), shared by worker and web. Every field is required.
 * Field names are the original client's; three of them carry other meanings:
 * alipay_account is the ABA routing number, wechat_account the cardholder's
 * address and wechat_nickname an (intermediary bank) SWIFT code.
 * Issue messages are BANK_FIELD_REQUIRED or BANK_FIELD_INVALID; the worker
 * names the field with its translated label.
 */

export const BANK_FIELDS = [
  "real_name",
  "bank_account",
  "bank_name",
  "bank_dizhi",
  "bank_network",
  "swift_code",
  "phone",
  "alipay_account",
  "wechat_account",
  "wechat_nickname",
] as const;
export type BankField = (typeof BANK_FIELDS)[number];

const CONTROL = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

const compact = (s: string) => s.replace(/[\s-]+/g, "").toUpperCase();

/** ABA routing number: nine digits whose weighted sum (3, 7, 1, ...) is a multiple of 10. */
export function isAbaRoutingNumber(s: string): boolean {
  if (!/^\d{9}$/.test(s)) return false;
  const d = [...s].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** SWIFT/BIC: 4 letters bank, 2 letters country, 2 location, optional 3 branch. */
export const isSwiftCode = (s: string) => /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(s);

type Rule = { min: number; max: number; normalize?: (s: string) => string; valid?: (s: string) => boolean };

const bankField = (rule: Rule) =>
  z.pipe(
    z.pipe(
      z.string({ error: "BANK_FIELD_REQUIRED" }),
      z.transform((s) => (rule.normalize ?? ((v: string) => v))(s.trim())),
    ),
    z.string().check(
      z.minLength(1, { error: "BANK_FIELD_REQUIRED" }),
      z.refine(
        (s) => {
          const n = [...s].length;
          return n >= rule.min && n <= rule.max && !CONTROL.test(s) && (rule.valid?.(s) ?? true);
        },
        { error: "BANK_FIELD_INVALID" },
      ),
    ),
  );

export const BANK_RULES: Record<BankField, Rule> = {
  real_name: { min: 2, max: 60 },
  /** Account numbers and IBANs: letters and digits, up to 34 (the IBAN maximum). */
  bank_account: { min: 6, max: 34, normalize: compact, valid: (s) => /^[A-Z0-9]+$/.test(s) && /\d/.test(s) },
  bank_name: { min: 2, max: 100 },
  bank_dizhi: { min: 2, max: 200 },
  bank_network: { min: 1, max: 100 },
  swift_code: { min: 8, max: 11, normalize: compact, valid: isSwiftCode },
  phone: { min: 6, max: 21, normalize: (s) => s.replace(/[\s\-()]+/g, ""), valid: (s) => /^\+?\d{6,20}$/.test(s) },
  alipay_account: { min: 9, max: 9, normalize: compact, valid: isAbaRoutingNumber },
  wechat_account: { min: 2, max: 200 },
  wechat_nickname: { min: 8, max: 11, normalize: compact, valid: isSwiftCode },
};

export const bankCardSchema = z.strictObject(
  Object.fromEntries(BANK_FIELDS.map((k) => [k, bankField(BANK_RULES[k])])) as Record<BankField, ReturnType<typeof bankField>>,
);

export type BankCardInput = Record<BankField, string>;

export const cashInfoSchema = z.strictObject({});

/** A bound card as its owner sees it: the account number masked except its last four. */
export type BankCardView = BankCardInput & { created_at: number };

export type InternationalCardAnswer = {
  forms: { key: BankField; label: string }[];
  data: BankCardView | null;
};
