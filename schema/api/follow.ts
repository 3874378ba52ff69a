import * as z from "zod/mini";
import { id, page, text, trimmed } from "./fields.ts";

/** Copy trading (`/follow/*`, the original's names and fields), shared by the worker and the web. */

/** The follow's number (multiple or lots): above 0, at most 5, at most two decimals. */
export const followNumberField = () =>
  z.pipe(
    trimmed(),
    z
      .string()
      .check(z.refine((s) => /^\d{1,2}(?:\.\d{1,2})?$/.test(s) && Number(s) > 0 && Number(s) <= 5, { error: "FOLLOW_NUMBER_INVALID" })),
  );

export const followIndexRequest = z.strictObject({ page: page() });
export const followFollowRequest = z.strictObject({
  trader_user_id: id(),
  number: followNumberField(),
  type: z.enum(["1", "2"]),
});
export const followCancelRequest = z.strictObject({ follow_user_id: id() });
export const followTraderDetailRequest = z.strictObject({ trader_user_id: id() });
export const followSelfHoldingRequest = z.strictObject({ transaction_id: id() });
export const followHistoryRequest = z.strictObject({ trader_user_id: id(), page: page() });
export const followMyRequest = z.strictObject({ page: page() });
export const followApplyRequest = z.strictObject({ nickname: text(2, 24), bio: text(0, 200) });
export const adminTradersRequest = z.strictObject({
  status: z.optional(z.enum(["pending", "approved", "rejected", "suspended"])),
  page: page(),
});
export const adminTraderReviewRequest = z.strictObject({ user_id: id(), action: z.enum(["approve", "reject", "suspend"]) });

export type TraderStats = {
  total_profits: string;
  profitCount: number;
  riseCount: number;
  fallCount: number;
  total_income_rate: string;
  correct_rate: string;
  follow_num: number;
  yesterday_profits: string;
  position_count: number;
  total_count: number;
  stats_at: number;
};
export type TraderListItem = {
  id: number;
  nickname: string;
  head_portrait: string;
  total_profits: string;
  correct_rate: string;
  follow_num: number;
  is_followed: 0 | 1;
};
export type TraderDetail = {
  trader_info: { id: number; nickname: string; head_portrait: string; bio: string };
  data: TraderStats;
  is_followed: 0 | 1;
  /** The caller's active follow of this trader, if any. */
  follow: { type: 1 | 2; number: string; created_at: number } | null;
  /** Whether the caller may follow (not a trader, fewer than 2 active follows). */
  can_follow: boolean;
};
export type HistoryTrade = {
  id: number;
  symbol: string;
  type: 1 | 2;
  share: number;
  multiple: number;
  price: string;
  close_price: string;
  profits: string;
  transaction_time: number;
  closed_at: number | null;
};
export type MyFollow = {
  trader_user_id: number;
  nickname: string;
  head_portrait: string;
  type: 1 | 2;
  number: string;
  created_at: number;
};
export type MyCopy = {
  id: number;
  trader_user_id: number;
  nickname: string;
  symbol: string;
  type: 1 | 2;
  status: number;
  order_type: number;
  share: number;
  multiple: number;
  price: string;
  update_price: string;
  caution_money: string;
  profits: string;
  close_reason: string;
  transaction_time: number;
  closed_at: number | null;
};
export type MyTrader = {
  status: "none" | "pending" | "approved" | "rejected" | "suspended";
  nickname: string;
  bio: string;
  active_follows: number;
  data: TraderStats | null;
};
export type AdminTrader = {
  user_id: number;
  email: string;
  nickname: string;
  bio: string;
  status: "pending" | "approved" | "rejected" | "suspended";
  created_at: number;
  reviewed_at: number | null;
  follow_num: number;
  total_profits: string;
};
