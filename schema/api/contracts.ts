import * as z from "zod/mini";
import { id, page } from "./fields.ts";
import { decimalString } from "./market.ts";

/** Contract (lever) trading requests: the original's `/lever/*` fields. */

const pair = { currency_id: id(), legal_id: id() };

export const leverDealRequest = z.strictObject(pair);

export const leverSubmitRequest = z.strictObject({
  ...pair,
  /** Lots: a whole number within the pair's limits. */
  share: id(),
  multiple: id(),
  /** 1 long, 2 short. */
  type: z.enum(["1", "2"]),
  /** 1 market entry, 0 limit entry at target_price. */
  status: z._default(z.optional(z.enum(["0", "1"])), "1"),
  target_price: z.optional(decimalString()),
  target_profit_price: z.optional(decimalString()),
  stop_loss_price: z.optional(decimalString()),
  /** The pay password. */
  password: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type LeverSubmitRequest = z.output<typeof leverSubmitRequest>;

export const leverCloseRequest = z.strictObject({ id: id() });
export const leverCancelRequest = z.strictObject({ id: id() });

export const leverSetStopRequest = z.strictObject({
  id: id(),
  target_profit_price: z.optional(decimalString()),
  stop_loss_price: z.optional(decimalString()),
});

export const leverBatchCloseRequest = z.strictObject({
  ...pair,
  /** 0 all, 1 longs, 2 shorts. */
  type: z.enum(["0", "1", "2"]),
});

export const leverMyTradeRequest = z.strictObject({
  currency_id: z.optional(id()),
  legal_id: z.optional(id()),
  page: page(),
  /** 1 holding, 3 closed, 0 entrusted, -1 all. */
  status: z._default(z.optional(z.enum(["-1", "0", "1", "3"])), "1"),
});

export const leverDealAllRequest = z.strictObject({ ...pair, page: page() });

/** A position as /lever/my_trade lists it (the original's fields, plus the published numbers behind each). */
export type LeverPosition = {
  id: number;
  symbol: string;
  /** 1 long, 2 short. */
  type: 1 | 2;
  /** 0 entrusted, 1 holding, 2 closing, 3 closed, 4 cancelled. */
  status: number;
  /** 1 own, 2 copied. */
  order_type: number;
  share: number;
  multiple: number;
  quantity: string;
  target_price: string;
  price: string;
  open_ref: string;
  open_ref_at: number;
  /** The current reference price (open positions) or the close reference (closed). */
  update_price: string;
  caution_money: string;
  trade_fee: string;
  overnight_money: string;
  profits: string;
  risk_rate: string;
  liq_price: string;
  hazard_rate: string;
  spread: string;
  target_profit_price: string;
  stop_loss_price: string;
  close_reason: string;
  close_ref_at: number;
  insurance: string;
  transaction_time: number;
  closed_at: number | null;
};

export type LeverDeal = {
  symbol: string;
  user_lever: string;
  multiple: { muit: { value: number }[] };
  lever_share_limit: { min: number; max: number };
  lot_size: string;
  spread: string;
  fee_rate: string;
  overnight_rate: string;
  hazard_rate: string;
  limit_entry: boolean;
  stops: boolean;
  last_price: string;
  last_price_at: number;
  /** Decimals of the margin coin: margin and fees are rounded up to them. */
  margin_precision: number;
  rule: "isolated";
  /** The rules in the caller's language: liquidation, the overnight fee, which price each event uses. */
  rule_text: { liquidation: string; overnight: string; price: string };
  /** "stock": priced by a stock feed with market hours; `session` says whether it is open now (null for "spot"). */
  feed: "spot" | "stock";
  session: StockSession | null;
};

/** A stock pair's trading session now: open or not, when that changes (epoch ms), and why orders wait while closed. */
export type StockSession = { open: boolean; next_change: number; closed_reason: string };
