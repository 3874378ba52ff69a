import * as z from "zod/mini";
import type { Quotation } from "./market.ts";

/** Stock contract pairs (README, "Design": Stocks). */

/** GET /stocks/quotation: each stock pair's line (price, change, session high and low) and its session now. */
export type StockQuotation = Quotation & {
  /** True during NYSE regular hours (09:30–16:00 New York, Monday to Friday). */
  open: boolean;
  /** When the session next opens (closed) or closes (open), epoch ms. */
  next_change: number;
};

/**
 * POST /api/dev/stock_clock {at?}: local development and tests only. The stock feeds judge market hours as if it
 * were `at` (epoch ms) now, the clock running on from there; without `at`, by the real clock again.
 */
export const stockClockRequest = z.strictObject({
  at: z.optional(z.string().check(z.regex(/^\d{13}$/, { error: "PARAMETER_ERROR" }))),
});
