import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";
import type { TrailEntry } from "./trail.ts";

/**
 * Seconds (micro) contracts (/microtrade/*), with the original's field names. Amounts are decimal text in the pay coin;
 * ratios and the fee rate are percent ("120" = 120 %); times are epoch ms. Every order carries the two trail entries it
 * was opened and settled on, so anyone can check it against GET /currency/price_trail.
 */

/** A positive decimal amount as typed (at most 20 digits each side); precision is checked against the pay coin. */
const amountText = () => z.string().check(z.regex(/^\d{1,20}(?:\.\d{1,20})?$/, { error: "INVALID_AMOUNT" }));
/** Percent with at most 4 decimals, 0 to 1000. */
const percentText = () => z.string().check(z.regex(/^(?:1000|\d{1,3})(?:\.\d{1,4})?$/, { error: "PARAMETER_ERROR" }));

export const secondsSubmitRequest = z.strictObject({
  match_id: id(),
  /** The pay coin (the original client passes the pair's quote coin). */
  currency_id: id(),
  /** 1 up, 2 down. */
  type: z.enum(["1", "2"], { error: "PARAMETER_ERROR" }),
  seconds: id(),
  number: amountText(),
});

export const secondsListsRequest = z.strictObject({
  match_id: z.optional(id()),
  /** 1 open, 3 closed (2, closing, lists what is past due and not yet paid). */
  status: z._default(z.optional(z.enum(["1", "2", "3"])), "1"),
  page: page(),
  limit: limit(50, 5),
});

export const secondsResultRequest = z.strictObject({ id: id() });

export type SecondsDuration = {
  id: number;
  seconds: number;
  status: 0 | 1;
  profit_ratio: string;
  loss_ratio: string;
  min_amount: string;
  max_amount: string;
};

/** Public configuration: GET /microtrade/seconds answers `durations`; GET /microtrade/config answers it all. */
export type SecondsConfig = {
  durations: SecondsDuration[];
  fee_rate: string;
  match_ids: number[];
  pay_coin_ids: number[];
  max_open_per_coin: number;
};

export type PayableCurrency = { id: number; name: string; precision: number; user_wallet: { micro_balance: string } | null };

/** 1 open, 2 closing (past handled_at, payment on its way), 3 closed. */
export type SecondsStatus = 1 | 2 | 3;

export type SecondsOrder = {
  id: number;
  match_id: number;
  symbol_name: string;
  currency_id: number;
  currency_name: string;
  type: 1 | 2;
  seconds: number;
  number: string;
  fee: string;
  profit_ratio: string;
  loss_ratio: string;
  open_price: string;
  open_entry: TrailEntry;
  created_at: number;
  handled_at: number;
  status: SecondsStatus;
  /** The trail entry in effect at handled_at; null while open, or when none was (a void order: refunded). */
  close_entry: TrailEntry | null;
  end_price: string | null;
  /** 1 win, 0 tie, -1 loss; null while open or void. */
  profit_result: 1 | 0 | -1 | null;
  void: boolean;
  /** What was paid back (decimal text); null while open. */
  payout: string | null;
  /** payout - number, signed; null while open. */
  fact_profits: string | null;
};

export type SecondsList = { total: number; page: number; limit: number; data: SecondsOrder[] };

/** Pushed on the owner's user room when an order settles (parsed by realtime.ts's userRoomOutbound). */
export type SecondsResultFrame = { type: "seconds_result"; order: SecondsOrder };

/** POST /admin/seconds/config: the whole configuration at once (durations as JSON). */
export const secondsConfigRequest = z.strictObject({
  fee_rate: percentText(),
  match_ids: z.string().check(z.regex(/^\d{1,6}(?:,\d{1,6}){0,99}$|^$/, { error: "PARAMETER_ERROR" })),
  pay_coin_ids: z.string().check(z.regex(/^\d{1,6}(?:,\d{1,6}){0,99}$|^$/, { error: "PARAMETER_ERROR" })),
  max_open_per_coin: id(),
  durations: z.string().check(z.maxLength(4000)),
});

/** One duration inside secondsConfigRequest.durations. */
export const durationInput = z.strictObject({
  seconds: z.number().check(z.int(), z.minimum(5), z.maximum(86_400)),
  profit_ratio: percentText(),
  loss_ratio: percentText(),
  min_amount: amountText(),
  max_amount: amountText(),
  enabled: z.boolean(),
});
export const durationsInput = z.array(durationInput).check(z.minLength(1), z.maxLength(20));
