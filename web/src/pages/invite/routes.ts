import { rebatesRead, shareRead } from "../../features/invite/reads.ts";
import type { PageRoute } from "../types.ts";

/** Invitations (the share page with its link, QR code, invitees and rebates) and coupons; both need a session. */
export const inviteRoutes: PageRoute[] = [
  {
    path: "/setting/share",
    load: () => import("./SharePage.tsx"),
    guard: true,
    texts: ["invite", "fund"],
    reads: () => [shareRead, rebatesRead(1)],
  },
  { path: "/setting/coupon", load: () => import("./CouponPage.tsx"), guard: true, texts: ["coupon", "fund"] },
];
