import * as z from "zod/mini";
import { id, limit, page, text, instant } from "./fields.ts";
import { currencyRef, decimalText } from "./money.ts";
import type { TimeStatus } from "./ieo-rules.ts";

/**
 * IEO: the contracts of `/project*`. The rules are in ieo-rules.ts, re-exported here; a page that
 * only computes imports the rules module and never builds these schemas (zod at import is a long task on a phone).
 */

export * from "./ieo-rules.ts";

// Contracts -----------------------------------------------------------------------------------------------------

export const ieoListSchema = z.strictObject({
  page: page(),
  limit: limit(100, 10),
  status: z.optional(z.pipe(z.string(), z.enum(["1", "2", "3"]))),
});
export const ieoDetailSchema = z.strictObject({ id: id() });
/** The original client also sends `pay_currency` and `price`; they are accepted and ignored (the project decides). */
export const ieoOrderSchema = z.strictObject({
  project_id: id(),
  amount: decimalText(),
  pay_currency: z.optional(z.string().check(z.maxLength(20))),
  price: z.optional(z.string().check(z.maxLength(40))),
});
export const ieoOrderListSchema = z.strictObject({ page: page(), limit: limit(100, 10) });

export const ieoProjectSaveSchema = z.strictObject({
  id: z.optional(id()),
  name: text(1, 60),
  currency: currencyRef(),
  pay_currency: currencyRef(),
  price: decimalText(),
  total_amount: decimalText(),
  min_amount: decimalText(),
  start_at: instant(),
  end_at: instant(),
  lock_days: z._default(z.optional(z.pipe(z.string(), z.string().check(z.regex(/^\d{1,4}$/, { error: "PARAMETER_ERROR" })))), "0"),
  description: z._default(z.optional(text(0, 2000)), ""),
  enabled: z._default(z.optional(z.enum(["0", "1"])), "1"),
});

export type IeoProjectView = {
  id: number;
  name: string;
  currency_id: number;
  currency: string;
  pay_currency_id: number;
  pay_currency: string;
  price: string;
  total_amount: string;
  sold: string;
  remaining: string;
  percentage: string;
  min_amount: string;
  precision: number;
  pay_precision: number;
  start_at: number;
  end_at: number;
  lock_days: number;
  distribute_at: number;
  time_status: TimeStatus;
  description: string;
  enabled: 0 | 1;
};

export type IeoOrderView = {
  id: number;
  project_id: number;
  name: string;
  currency: string;
  pay_currency: string;
  amount: string;
  cost: string;
  price: string;
  /** 1 subscribed (cost held), 2 distributed. */
  status: 1 | 2;
  distribute_at: number;
  created_at: number;
  distributed_at: number | null;
};
