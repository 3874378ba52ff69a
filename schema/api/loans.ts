import * as z from "zod/mini";
import { id, limit, page, text } from "./fields.ts";
import { decimalText } from "./money.ts";
import { LOAN_TERMS } from "./loans-rules.ts";

/**
 * OTC loans: the API contracts. The published terms and the formulas are in loans-rules.ts, re-exported here; a page that
 * only computes imports the rules module and never builds these schemas (zod at import is a long task on a phone).
 */

export * from "./loans-rules.ts";

// Contracts -----------------------------------------------------------------------------------------------------

const payPassword = () =>
  z.string().check(z.minLength(1, { error: "PAY_PASSWORD_WRONG" }), z.maxLength(64, { error: "PAY_PASSWORD_WRONG" }));

export const loanApplySchema = z.strictObject({
  collateral: z.enum(LOAN_TERMS.collateral, { error: "LOAN_COLLATERAL_UNSUPPORTED" }),
  collateral_amount: decimalText(),
  amount: decimalText(),
  days: z.pipe(
    id(),
    z
      .number()
      .check(z.minimum(LOAN_TERMS.min_days, { error: "LOAN_TERM_RANGE" }), z.maximum(LOAN_TERMS.max_days, { error: "LOAN_TERM_RANGE" })),
  ),
  pay_password: payPassword(),
});
export const loanIdSchema = z.strictObject({ id: id() });
export const loanRepaySchema = z.strictObject({ id: id(), pay_password: payPassword() });
export const LOAN_STATES = ["pending", "active", "repaid", "liquidated", "rejected"] as const;
export const loanListSchema = z.strictObject({
  page: page(),
  limit: limit(100, 10),
  status: z.optional(z.enum(LOAN_STATES)),
});
export const adminLoanListSchema = loanListSchema;
export const adminLoanRejectSchema = z.strictObject({ id: id(), reason: text(1, 200) });
export const adminLoanFlagsSchema = z.strictObject({
  user_id: id(),
  market_maker: z.enum(["0", "1"]),
  pro_trader: z.enum(["0", "1"]),
});

export type LoanState = (typeof LOAN_STATES)[number];

export type LoanView = {
  id: number;
  user_id?: number;
  uid?: string;
  collateral: string;
  collateral_amount: string;
  collateral_precision: number;
  currency: string;
  amount: string;
  days: number;
  daily_rate: string;
  overdue_rate: string;
  daily_interest: string;
  overdue_interest: string;
  total_due_at_term: string;
  status: LoanState;
  /** An active loan past its due day. */
  overdue: boolean;
  accrued_interest: string;
  /** principal + accrued interest + interest owed for days begun but not yet recorded: what a repayment takes now. */
  debt: string;
  /** Reference price of the collateral now (USDT), its value and the risk rate in percent (2 decimals), when a price is known. */
  price: string | null;
  collateral_value: string | null;
  risk_rate: string | null;
  liquidation_price: string;
  start_at: number | null;
  due_at: number | null;
  repaid_amount: string;
  collateral_taken: string;
  shortfall: string;
  liquidated_at_price: string | null;
  reject_reason: string;
  created_at: number;
  reviewed_at: number | null;
  closed_at: number | null;
};

export type LoanEligibility = { eligible: boolean; vip_level: number; market_maker: boolean; pro_trader: boolean };
