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
