import * as z from "zod/mini";
import { id, limit, page, trimmed } from "./fields.ts";
import { currencyRef, decimalText } from "./money.ts";

/** Activities: VIP tiers (`/activity/vip`) and the couple link (`/activity/lovers*`), with their console sections. */

/** Tier numbers as stored in users.vip_level: 0 none, 1 junior, 2 intermediate, 3 senior. */
export const VIP_TIERS = [1, 2, 3] as const;
export type VipTier = (typeof VIP_TIERS)[number];
/** The level OTC loans ask for (the spec: borrowing needs VIP level at least 2). */
export const LOAN_MIN_VIP_LEVEL = 2;

export type VipView = {
  level: number;
  total_usdt: string;
  tiers: { level: VipTier; threshold: string }[];
  /** The next tier and what is missing to reach it, in USDT; null at the top tier. */
  next: { level: VipTier; threshold: string; remaining: string } | null;
  loan_min_level: number;
};

/** A user as the other side of a couple link sees them: UID and nickname only. */
export type CouplePerson = { uid: string; nickname: string };

export type CoupleRequestView = { id: number; from: CouplePerson; to: CouplePerson; created_at: number };

/** unclaimed: the pair has not yet deposited enough; claimable; claimed (by the caller). */
export type CoupleRewardState = "unclaimed" | "claimable" | "claimed";

export type CoupleView = {
  config: {
    enabled: boolean;
    deposit_currency: string;
    min_deposit_a: string;
    min_deposit_b: string;
    reward_currency: string;
    reward_amount: string;
  };
  /** The caller's confirmed link, or null. */
  link: {
    id: number;
    role: "a" | "b";
    partner: CouplePerson;
    linked_at: number;
    /** Confirmed deposits since linking, in the deposit coin, of A (requester) and B (partner). */
    deposited_a: string;
    deposited_b: string;
    reward: CoupleRewardState;
  } | null;
  /** The caller's own pending request, and the requests waiting for the caller's answer. */
  outgoing: CoupleRequestView | null;
  incoming: CoupleRequestView[];
};

export const coupleRequestSchema = z.strictObject({
  uid: z.pipe(trimmed(), z.string().check(z.regex(/^[A-Za-z0-9-]{1,32}$/, { error: "COUPLE_UID_INVALID" }))),
});
export const coupleIdSchema = z.strictObject({ id: id() });

export const vipConfigSchema = z.strictObject({ junior: decimalText(), intermediate: decimalText(), senior: decimalText() });
export const coupleConfigSchema = z.strictObject({
  enabled: z.enum(["0", "1"]),
  deposit_currency: currencyRef(),
  min_deposit_a: decimalText(),
  min_deposit_b: decimalText(),
  reward_currency: currencyRef(),
  reward_amount: decimalText(),
});
export const coupleAdminListSchema = z.strictObject({
  page: page(),
  // At most 40: the claimed rewards of a page are looked up by 2 keys per link, within D1's 100 parameters.
  limit: limit(40, 20),
  status: z.optional(z.enum(["pending", "linked", "declined", "cancelled"])),
});

export type AdminActivityConfig = {
  vip: { junior: string; intermediate: string; senior: string };
  couple: CoupleView["config"];
};

export type AdminCoupleLink = {
  id: number;
  status: "pending" | "linked" | "declined" | "cancelled";
  a: CouplePerson;
  b: CouplePerson;
  created_at: number;
  responded_at: number | null;
  /** Members who have claimed the reward: "a", "b". */
  claimed: ("a" | "b")[];
};
