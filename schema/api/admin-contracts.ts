import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";
import { decimalString } from "./market.ts";
import { flag } from "./money.ts";

/** Operator console: contract pairs' configuration, the house's exposure, the insurance account and the logs. */

/** "5,10,25": ascending whole multiples, at most 12, each 1–500. */
const multiples = () =>
  z.pipe(
    z.string(),
    z.transform((s, ctx) => {
      const list = s.split(",").map((x) => x.trim());
      const nums = list.map(Number);
      const ok =
        list.length >= 1 &&
        list.length <= 12 &&
        list.every((x) => /^\d{1,3}$/.test(x)) &&
        nums.every((n, i) => n >= 1 && n <= 500 && (i === 0 || n > nums[i - 1]!));
      if (!ok) {
        ctx.issues.push({ code: "custom", input: s, message: "CONTRACT_MULTIPLES_INVALID" });
        return z.NEVER;
      }
      return nums;
    }),
  );
/** A rate: a decimal fraction below 1 ("0.0005"). */
const rate = () => decimalString(8);

export const adminContractSaveSchema = z.strictObject({
  market_id: id(),
  multiples: z.optional(multiples()),
  lot_size: z.optional(decimalString(8)),
  min_lots: z.optional(id()),
  max_lots: z.optional(id()),
  spread: z.optional(decimalString(8)),
  fee_rate: z.optional(rate()),
  overnight_rate: z.optional(rate()),
  hazard_rate: z.optional(rate()),
  limit_entry: z.optional(flag()),
  stops: z.optional(flag()),
  enabled: z.optional(flag()),
});
export type AdminContractSave = z.output<typeof adminContractSaveSchema>;

export const adminContractLogSchema = z.strictObject({
  kind: z.enum(["liquidation", "overnight"]),
  page: page(),
  limit: limit(100, 20),
});

/** One contract pair as the console shows it: its terms, the house's exposure and what margin it holds. */
export type AdminContractPair = {
  market_id: number;
  symbol: string;
  multiples: number[];
  lot_size: string;
  min_lots: number;
  max_lots: number;
  spread: string;
  fee_rate: string;
  overnight_rate: string;
  hazard_rate: string;
  limit_entry: boolean;
  stops: boolean;
  enabled: boolean;
  /** Open positions; lots long and short; the house holds the other side of the net. */
  open_positions: number;
  long_lots: number;
  short_lots: number;
  /** Users' net base quantity (long − short); the house is short this much. */
  net_quantity: string;
  /** Net quantity × the reference price, in the margin coin ("" without a live price). */
  net_notional: string;
  reference: string;
  margin_held: string;
  updated_at: number;
  /** "stock": a stock feed with NYSE hours (09:30–16:00 New York, Monday to Friday), `open` in session now; null for "spot". */
  feed: "spot" | "stock";
  open: boolean | null;
};

export type AdminContracts = {
  pairs: AdminContractPair[];
  /** The insurance account per margin coin, and what it has paid for losses beyond margin. */
  insurance: { coin: string; balance: string; paid: string }[];
};

/** A liquidation (position, user, prices, the loss insurance covered) or an overnight charge. */
export type AdminContractLogRow = {
  id: number;
  position: number;
  user_id: number;
  symbol: string;
  at: number;
  /** Liquidation: the reference price and its time; overnight: the day. */
  detail: string;
  amount: string;
  insurance: string;
};
export type AdminContractLog = { data: AdminContractLogRow[]; page: number; pages: number; total: number };
