import * as z from "zod/mini";

export const ORDER_STATUSES = ["open", "partial", "filled", "cancelled", "rejected"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A spot order as GET /coin/list and the user room's `order` frame show it. */
export const spotOrderSchema = z.strictObject({
  id: z.number(),
  symbol: z.string(),
  /** 1 buy, 2 sell. */
  type: z.union([z.literal(1), z.literal(2)]),
  order_type: z.enum(["limit", "market"]),
  /** Limit price ("" for market). */
  target_price: z.string(),
  /** Ordered base quantity. */
  amount: z.string(),
  /** Filled base quantity. */
  trade_amount: z.string(),
  /** Average fill price ("0" before the first fill). */
  avg_price: z.string(),
  /** Fee paid so far, in fee_currency: the currency received (base for a buy, quote for a sell). */
  fee: z.string(),
  fee_currency: z.string(),
  /** What fee-discount coupons waived on this order's fills, in fee_currency (GET /coin/list only, when any). */
  fee_saved: z.optional(z.string()),
  /** 1 doing, 2 complete (the original's). */
  status: z.union([z.literal(1), z.literal(2)]),
  /** An order accepted but not yet on the book shows as "open". */
  state: z.enum(ORDER_STATUSES),
  created_at: z.number(),
  updated_at: z.number(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;
