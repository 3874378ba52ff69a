import type { AdminCouponView, CouponTab, CouponView, InviteConfig, RebateView, ShareView } from "../../../../schema/api/invite.ts";
import { get, post, read } from "../../lib/api.ts";
import { REBATE_PAGE_SIZE, rebatesRead, shareRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { AdminCouponView, CouponTab, CouponView, InviteConfig, RebateView, ShareView };
export { COUPON_TABS } from "../../../../schema/api/invite-rules.ts";

export { REBATE_PAGE_SIZE } from "./reads.ts";

/** The register page's address with the code filled in: what the share page's link and QR code carry. */
export const inviteLink = (origin: string, code: string) => `${origin}/#/register?code=${encodeURIComponent(code)}`;

/** GET /invite/share: the caller's code, the terms, its invitees (masked) and rebate totals. */
export const shareQuery = (owner: string): QueryDef<ShareView> => ({
  key: [Q.invite, owner, "share"],
  load: () => read<ShareView>(shareRead, { silent: true }),
  staleTime: 30_000,
});

export const REBATES_KEY = (owner: string) => [Q.invite, owner, "rebates"] as const;

/** GET /invite/rebates, one page. */
export async function loadRebates(page: number): Promise<PageResult<RebateView>> {
  const res = await read<{ list: RebateView[]; total: number }>(rebatesRead(page), { silent: true });
  return { items: res.list, hasMore: page * REBATE_PAGE_SIZE < res.total };
}

/** GET /coupon/list for one tab. */
export const couponsQuery = (owner: string, tab: CouponTab): QueryDef<CouponView[]> => ({
  key: [Q.coupons, owner, tab],
  load: () => get<CouponView[]>("/coupon/list", { tab }, { silent: true }),
  staleTime: 15_000,
});

/** POST /coupon/claim (Idempotency-Key): a bonus is credited, a discount starts applying to spot fills. */
export const claimCoupon = mutation(
  (id: number, idempotencyKey: string) => post<{ status: CouponView["status"] }>("/coupon/claim", { id }, { idempotencyKey, silent: true }),
  [[Q.coupons], ...BALANCE_KEYS],
);

// Console ------------------------------------------------------------------------

export const inviteConfigQuery: QueryDef<InviteConfig> = {
  key: [Q.admin, "invite-config"],
  load: () => get<InviteConfig>("/invite/config", {}, { silent: true }),
  staleTime: 0,
};

export const saveInviteConfig = mutation(
  (required: boolean, rate: string) =>
    post<InviteConfig>("/admin/invite/config", { required: required ? "1" : "0", rate }, { silent: true }),
  [[Q.admin], [Q.invite], [Q.content]],
);

export const adminCouponsQuery: QueryDef<{ list: AdminCouponView[]; total: number }> = {
  key: [Q.admin, "coupons"],
  load: () => get<{ list: AdminCouponView[]; total: number }>("/admin/coupon/list", { limit: 50 }, { silent: true }),
  staleTime: 0,
};

export type CouponDraft = {
  kind: "discount" | "bonus";
  discount_pct: string;
  currency: string;
  amount: string;
  uid: string;
  valid_from: number;
  valid_to: number;
};

/** POST /admin/coupon/issue: only the kind's own fields are sent; no UID means everyone. */
export const issueCoupon = mutation(
  (d: CouponDraft) =>
    post<{ id: number }>(
      "/admin/coupon/issue",
      {
        kind: d.kind,
        ...(d.kind === "discount" ? { discount_pct: d.discount_pct } : { currency: d.currency, amount: d.amount }),
        ...(d.uid.trim() ? { uid: d.uid.trim() } : {}),
        valid_from: String(d.valid_from),
        valid_to: String(d.valid_to),
      },
      { silent: true },
    ),
  [[Q.admin], [Q.coupons]],
);
