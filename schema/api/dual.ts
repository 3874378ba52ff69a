import { Decimal } from "decimal.js";
import * as z from "zod/mini";
import { id, limit, page, text, instant } from "./fields.ts";
import { decimalText } from "./money.ts";
import type { DualOrderStatus, DualSaleStatus, DualType } from "./dual-rules.ts";

/**
 * Dual products: the contracts of `/dual/*`. The payout rule is in dual-rules.ts, re-exported here; a page that
 * only computes imports the rules module and never builds these schemas (zod at import is a long task on a phone).
 */

export * from "./dual-rules.ts";

// Contracts -----------------------------------------------------------------------------------------------------

const dualType = () => z.enum(["call", "put"]);
/** The original's currency_id: 1 BTC, 2 ETH (also a name). */
const coinRef = () =>
  z.pipe(z.string(), z.string().check(z.regex(/^(?:[1-9]\d{0,8}|[A-Za-z][A-Za-z0-9]{0,15})$/, { error: "UNKNOWN_CURRENCY" })));

export const dualIndexSchema = z.strictObject({
  currency_id: z.optional(coinRef()),
  type: z.optional(dualType()),
});
export const dualDetailSchema = z.strictObject({ id: id() });
/** The quantity is a positive whole number of shares. */
export const dualBuySchema = z.strictObject({
  id: id(),
  num: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^[1-9]\d{0,8}$/.test(s)) {
        ctx.issues.push({ code: "custom", input: v, message: "DUAL_NUM_INVALID" });
        return z.NEVER;
      }
      return Number(s);
    }),
  ),
});
export const dualListSchema = z.strictObject({
  currency: z.optional(coinRef()),
  type: z.optional(dualType()),
  status: z.optional(z.enum(["1", "2", "3", "4"])),
  page: page(),
  limit: limit(100, 10),
});

/** An APR in percent with at most 4 decimals, above 0 and at most 1,000. */
const aprText = () =>
  z.pipe(
    decimalText(),
    z
      .string()
      .check(
        z.refine((s) => /^\d{1,4}(?:\.\d{1,4})?$/.test(s) && new Decimal(s).gt(0) && new Decimal(s).lte(1000), { error: "INVALID_RATE" }),
      ),
  );
const count = (max: number) => z.pipe(id(), z.number().check(z.maximum(max, { error: "PARAMETER_ERROR" })));

/** Operator: create (no id) or edit (id) a product. */
export const dualProductSaveSchema = z.strictObject({
  id: z.optional(id()),
  name: text(1, 60),
  currency: coinRef(),
  type: dualType(),
  rate: aprText(),
  exercise_price: decimalText(),
  per_price: decimalText(),
  total_number: count(100_000_000),
  user_limit: count(100_000_000),
  start_time: instant(),
  end_time: instant(),
  day: count(3650),
  enabled: z._default(z.optional(z.enum(["0", "1"])), "1"),
});

export type DualProductView = {
  id: number;
  name: string;
  currency_id: number;
  currency_name: string;
  pay_currency: string;
  type: DualType;
  /** APR in percent. */
  rate: string;
  exercise_price: string;
  per_price: string;
  total_number: number;
  purchased_number: number;
  remaining_number: number;
  user_limit: number;
  start_time: number;
  end_time: number;
  day: number;
  settle_time: number;
  status: DualSaleStatus;
  precision: number;
  pay_precision: number;
  usdt_precision: number;
  enabled: 0 | 1;
};

export type DualOrderView = {
  id: number;
  product_id: number;
  name: string;
  currency_name: string;
  pay_currency: string;
  type: DualType;
  order_rate: string;
  exercise_price: string;
  number: number;
  /** Amount per share in the pay coin. */
  price: string;
  day: number;
  /** The cost in the pay coin. */
  total: string;
  /** The settlement instant. */
  end_time: number;
  create_time: number;
  status: DualOrderStatus;
  settle_price: string | null;
  price_time: number | null;
  payout: string | null;
  payout_currency: string | null;
  settled_at: number | null;
};

export type DualPosition = { currency: string; amount: string; orders: number };
