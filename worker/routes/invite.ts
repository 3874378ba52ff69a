import { Hono } from "hono";
import * as z from "zod/mini";
import { noFieldsSchema } from "../../schema/api/money.ts";
import {
  adminCouponListSchema,
  couponIdSchema,
  couponIssueSchema,
  couponListSchema,
  dayOf,
  inviteConfigSchema,
  rebateListSchema,
} from "../../schema/api/invite.ts";
import { id } from "../../schema/api/fields.ts";
import { adminCoupons, claimCoupon, issueCoupon, listCoupons } from "../domain/coupons/coupons.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { notFound } from "../domain/errors.ts";
import { inviteConfig, saveInviteConfig } from "../domain/invite/config.ts";
import { payRebatesForDay } from "../domain/invite/rebates.ts";
import { rebateList, shareView } from "../domain/invite/share.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

const devRebateSchema = z.strictObject({ day: z.optional(id()) });

/** Invitations (page setting/share), rebates, coupons (page setting/coupon) and their console sections. */
export const inviteRoutes = new Hono<AppEnv>()
  .get("/invite/config", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await inviteConfig(c.var.db));
  })
  .get("/invite/share", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await shareView(c.var.db, c.var.user.id));
  })
  .get("/invite/rebates", requireUser, async (c) => {
    const input = parse(c, rebateListSchema);
    return ok(c, await rebateList(c.var.db, c.var.user.id, input.page, input.limit));
  })
  .post("/admin/invite/config", requireUser, requireOperator, async (c) => {
    const input = parse(c, inviteConfigSchema);
    return ok(c, await saveInviteConfig(c.var.db, c.var.user.id, { required: input.required === "1", rate: input.rate }));
  })
  .get("/coupon/list", requireUser, async (c) => {
    const input = parse(c, couponListSchema);
    return ok(c, await listCoupons(c.var.db, c.var.user.id, input.tab));
  })
  .post(
    "/coupon/claim",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, couponIdSchema);
      return ok(c, await claimCoupon(c.var.db, c.var.user.id, input.id, (answer) => idem.record(answer)));
    }),
  )
  .post("/admin/coupon/issue", requireUser, requireOperator, async (c) => {
    const input = parse(c, couponIssueSchema);
    return ok(c, await issueCoupon(c.var.db, c.var.user.id, input));
  })
  .get("/admin/coupon/list", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminCouponListSchema);
    return ok(c, await adminCoupons(c.var.db, input.page, input.limit));
  })
  /**
   * POST /api/dev/invite_rebates {day?}: pays every inviter's rebate for a day (default today, so far) at once, so a
   * browser test sees a rebate without waiting for the day to end. Only where ENVIRONMENT is development or test.
   */
  .post("/dev/invite_rebates", async (c) => {
    if (!isLocalEnvironment(c.env)) throw notFound();
    const input = parse(c, devRebateSchema);
    return ok(c, await payRebatesForDay(c.var.db, input.day ?? dayOf(Date.now())));
  });
