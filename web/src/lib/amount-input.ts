import type { Lang } from "../../../schema/api/lang.ts";
import { SEPARATORS } from "./number-marks.ts";

/**
 * Reading a typed amount or price in the user's language, never as a different
 * number: "1,000" is one thousand in English and one in French, "1.000" one thousand
 * in Spanish. Each language accepts the decimal mark and the grouping separator
 * Intl.NumberFormat writes for it; grouping only between three-digit groups of the
 * whole part. Anything else (a separator this language does not use, a group of the
 * wrong size, two decimal marks, letters, a sign) is refused with a reason, because
 * guessing is what turned "1,000" into one USDT.
 */

export { SEPARATORS, type Separators } from "./number-marks.ts";

/**
 * Why a text is not an amount: `empty`; `notNumber` (letters, signs, exponents, other
 * symbols); `separator` (a mark this language does not use, grouping outside
 * three-digit groups of the whole part, two decimal marks, a decimal mark with no
 * digits after it); `tooLong` (more than 20 digits before or after the mark).
 */
export type AmountInputError = "empty" | "notNumber" | "separator" | "tooLong";
export type AmountInputResult = { ok: true; value: string } | { ok: false; error: AmountInputError };

/** The most digits before and after the decimal mark (the API's decimal strings). */
export const MAX_DIGITS = 20;

const FULLWIDTH_DIGIT = /[\uff10-\uff19]/g;
const THAI_DIGIT = /[\u0e50-\u0e59]/g;
/** Marks someone may type as a separator; ones this language does not use are refused as `separator`. */
const ANY_SEPARATOR = /[.,'\u2019\u00a0\u202f\u2009 ]/;

/** Digits and marks from other keyboards as their ASCII forms (full-width digits and punctuation, Thai digits). */
function normalise(text: string): string {
  return text
    .replace(FULLWIDTH_DIGIT, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(THAI_DIGIT, (d) => String(d.charCodeAt(0) - 0x0e50))
    .replace(/\uff0e/g, ".")
    .replace(/\uff0c/g, ",")
    .trim();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The canonical decimal string of `text` typed in `lang` ("1234.5": no grouping, "."
 * as the mark, no leading zeros, no trailing fraction zeros), or why it is refused.
 * Signs are refused: the fields that use this take amounts and prices, which are positive.
 */
export function parseAmountInput(text: string, lang: Lang): AmountInputResult {
  const s = normalise(text);
  if (!s) return { ok: false, error: "empty" };
  const { decimal, groups } = SEPARATORS[lang];
  const allowed = new Set([decimal, ...groups]);
  for (const ch of s) {
    if (ch >= "0" && ch <= "9") continue;
    if (allowed.has(ch)) continue;
    return { ok: false, error: ANY_SEPARATOR.test(ch) ? "separator" : "notNumber" };
  }
  const parts = s.split(decimal);
  if (parts.length > 2) return { ok: false, error: "separator" };
  const [whole = "", fraction] = parts;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return { ok: false, error: "separator" };
  let digits = whole;
  if (!/^\d*$/.test(whole)) {
    const group = `(?:${groups.map(escape).join("|")})`;
    if (!new RegExp(`^\\d{1,3}(?:${group}\\d{3})+$`).test(whole)) return { ok: false, error: "separator" };
    digits = whole.replace(/\D/g, "");
  }
  if (!digits && fraction === undefined) return { ok: false, error: "separator" };
  const int = digits.replace(/^0+(?=\d)/, "") || "0";
  const frac = (fraction ?? "").replace(/0+$/, "");
  if (int.length > MAX_DIGITS || (fraction ?? "").length > MAX_DIGITS) return { ok: false, error: "tooLong" };
  return { ok: true, value: frac ? `${int}.${frac}` : int };
}

/** A canonical decimal as the user's language types it (its decimal mark, no grouping), for an input box. */
export function amountInputText(value: string, lang: Lang): string {
  return SEPARATORS[lang].decimal === "." ? value : value.replace(".", ",");
}

/** An example amount written the way `lang` accepts it ("1,234.56", "1 234,56"), for messages. */
export function amountInputExample(lang: Lang): string {
  const { decimal, groups } = SEPARATORS[lang];
  return `1${groups[0]}234${decimal}56`;
}

/** Why a typed amount was refused, with how this language writes one (a locale key and its values). */
export function amountInputMessage(error: AmountInputError, lang: Lang): { key: string; values: Record<string, string | number> } {
  return {
    key: `common.amountInput.${error}`,
    values: { example: amountInputExample(lang), decimal: SEPARATORS[lang].decimal, max: MAX_DIGITS },
  };
}
