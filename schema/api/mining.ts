import { Decimal } from "decimal.js";
import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";
import { decimalText } from "./money.ts";

/**
 * Lock mining: the contracts of `/lh/deposit/*`. The formulas are in mining-rules.ts, re-exported here; a page that
 * only computes imports the rules module and never builds these schemas (zod at import is a long task on a phone).
 */

export * from "./mining-rules.ts";

// Contracts -----------------------------------------------------------------------------------------------------

export const miningDepositSchema = z.strictObject({ config_id: id(), amount: decimalText() });
export const miningCancelSchema = z.strictObject({ id: id() });
export const miningOrderListSchema = z.strictObject({
  page: page(),
  limit: limit(100, 10),
  /** 1 in progress, 2 redeemed; absent: both. */
  status: z.optional(z.pipe(z.string(), z.enum(["1", "2"]))),
});

/** A percent with at most 4 decimals, from 0 to 100. */
export const percentText = () =>
  z.pipe(
    decimalText(),
    z.string().check(z.refine((s) => /^\d{1,3}(?:\.\d{1,4})?$/.test(s) && new Decimal(s).lte(100), { error: "INVALID_RATE" })),
  );

/** Operator: create (no id) or edit (id) a configuration. */
export const miningConfigSaveSchema = z.strictObject({
  id: z.optional(id()),
  currency: z.pipe(z.string(), z.string().check(z.regex(/^(?:[1-9]\d{0,8}|[A-Za-z][A-Za-z0-9]{0,15})$/, { error: "UNKNOWN_CURRENCY" }))),
  days: z.pipe(id(), z.number().check(z.maximum(3650, { error: "PARAMETER_ERROR" }))),
  daily_rate: percentText(),
  min_amount: decimalText(),
  cancel_ratio: percentText(),
  enabled: z._default(z.optional(z.enum(["0", "1"])), "1"),
  sort: z._default(z.optional(z.pipe(z.string(), z.string().check(z.regex(/^\d{1,6}$/, { error: "PARAMETER_ERROR" })))), "0"),
});

export type MiningConfigView = {
  id: number;
  currency_id: number;
  currency: string;
  days: number;
  daily_rate: string;
  min_amount: string;
  cancel_ratio: string;
  precision: number;
  enabled: 0 | 1;
  sort: number;
};

export type MiningOrderView = {
  id: number;
  config_id: number;
  currency_id: number;
  currency: string;
  amount: string;
  days: number;
  daily_rate: string;
  cancel_ratio: string;
  daily_interest: string;
  total_interest: string;
  /** 1 in progress, 2 redeemed. */
  status: 1 | 2;
  outcome: "matured" | "early" | null;
  penalty: string;
  start_at: number;
  end_at: number;
  created_at: number;
  closed_at: number | null;
  /** For an order in progress, what an early redemption would cost and return now. */
  remaining_days: number;
  redeem_penalty: string | null;
  redeem_return: string | null;
};
