import { dec } from "../../lib/decimal.ts";

/** What is wrong with a typed amount, checked with decimal.js (never a float). */
export type AmountIssue = "required" | "invalid" | "positive" | "tooPrecise" | "belowMin" | "aboveBalance" | "notAboveFee";

const PLAIN = /^\d{1,20}(?:\.\d{1,20})?$/;

export function amountIssue(
  text: string,
  rules: { decimals?: number; min?: string; max?: string; above?: string } = {},
): AmountIssue | null {
  const s = text.trim();
  if (!s) return "required";
  if (!PLAIN.test(s)) return "invalid";
  const value = dec(s);
  if (!value.gt(0)) return "positive";
  if (rules.decimals !== undefined && value.decimalPlaces() > rules.decimals) return "tooPrecise";
  if (rules.min !== undefined && value.lt(dec(rules.min))) return "belowMin";
  if (rules.above !== undefined && !value.gt(dec(rules.above))) return "notAboveFee";
  if (rules.max !== undefined && value.gt(dec(rules.max))) return "aboveBalance";
  return null;
}

/** Keeps what an amount box may hold while typing: digits and one point, at most `decimals` after it. */
export function sanitizeAmount(text: string, decimals = 8): string {
  let s = text.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const dot = s.indexOf(".");
  if (dot >= 0) s = s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, "");
  if (dot >= 0 && decimals >= 0) s = s.slice(0, dot + 1 + decimals);
  if (decimals === 0) s = s.replace(".", "");
  return s.replace(/^0+(?=\d)/, "");
}
