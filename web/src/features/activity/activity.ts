import type { AdminActivityConfig, AdminCoupleLink, CoupleView, VipView } from "../../../../schema/api/activity.ts";
import { get, post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

export type { AdminActivityConfig, AdminCoupleLink, CoupleView, VipView };

/** GET /activity/vip: the caller's tier, recomputed by the server on each read. */
export const vipQuery = (owner: string): QueryDef<VipView> => ({
  key: [Q.activity, owner, "vip"],
  load: () => get<VipView>("/activity/vip", {}, { silent: true }),
  // Read again on every visit: deposits and confirmations by others change it without a write of the caller's.
  staleTime: 0,
});

/** GET /activity/lovers: the terms, the caller's link and pending requests. */
export const loversQuery = (owner: string): QueryDef<CoupleView> => ({
  key: [Q.activity, owner, "lovers"],
  load: () => get<CoupleView>("/activity/lovers", {}, { silent: true }),
  staleTime: 0,
});

const KEYS = [[Q.activity]] as const;

export const requestLink = mutation((uid: string) => post<CoupleView>("/activity/lovers/request", { uid }, { silent: true }), [...KEYS]);
export const answerRequest = mutation(
  (id: number, accept: boolean) => post<CoupleView>(`/activity/lovers/${accept ? "confirm" : "decline"}`, { id }, { silent: true }),
  [...KEYS],
);
export const cancelRequest = mutation((id: number) => post<CoupleView>("/activity/lovers/cancel", { id }, { silent: true }), [...KEYS]);
/** POST /activity/lovers/claim (Idempotency-Key): answers the translated confirmation. */
export const claimReward = mutation(
  (idempotencyKey: string) => post<string>("/activity/lovers/claim", {}, { idempotencyKey, silent: true }),
  [...KEYS, ...BALANCE_KEYS],
);

// Console ---------------------------------------------------------------------------------------------------------

export const adminActivityQuery: QueryDef<AdminActivityConfig> = {
  key: [Q.admin, "activity-config"],
  load: () => get<AdminActivityConfig>("/admin/activity/config", {}, { silent: true }),
};
export const adminCoupleLinksQuery = (status: string): QueryDef<{ list: AdminCoupleLink[]; total: number }> => ({
  key: [Q.admin, "couple-links", status],
  load: () => get("/admin/activity/lovers", status ? { status, limit: 40 } : { limit: 40 }, { silent: true }),
});
export const saveVipThresholds = mutation(
  (input: AdminActivityConfig["vip"]) => post<AdminActivityConfig>("/admin/activity/vip", { ...input }),
  [[Q.admin], [Q.activity]],
);
export const saveCoupleTerms = mutation(
  (input: {
    enabled: "0" | "1";
    deposit_currency: string;
    min_deposit_a: string;
    min_deposit_b: string;
    reward_currency: string;
    reward_amount: string;
  }) => post<AdminActivityConfig>("/admin/activity/lovers/config", { ...input }),
  [[Q.admin], [Q.activity]],
);
