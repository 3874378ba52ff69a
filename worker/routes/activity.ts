import { Hono } from "hono";
import {
  coupleAdminListSchema,
  coupleConfigSchema,
  coupleIdSchema,
  coupleRequestSchema,
  vipConfigSchema,
} from "../../schema/api/activity.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { adminConfig, saveCoupleTerms, saveVipThresholds } from "../domain/activity/config.ts";
import { adminCoupleLinks, answerRequest, cancelRequest, claimReward, coupleView, requestLink } from "../domain/activity/couple.ts";
import { myVip } from "../domain/activity/vip.ts";
import { translate } from "../domain/i18n/translate.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Activities: VIP tiers (`/activity/vip`), the couple link (`/activity/lovers*`) and their console section. */
export const activityRoutes = new Hono<AppEnv>()
  .get("/activity/vip", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await myVip(c.var.db, c.var.user.id));
  })
  .get("/activity/lovers", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await coupleView(c.var.db, c.var.user.id));
  })
  .post("/activity/lovers/request", requireUser, async (c) => {
    const input = parse(c, coupleRequestSchema);
    return ok(c, await requestLink(c.var.db, c.var.user.id, input.uid));
  })
  .post("/activity/lovers/confirm", requireUser, async (c) => {
    const input = parse(c, coupleIdSchema);
    return ok(c, await answerRequest(c.var.db, c.var.user.id, input.id, true));
  })
  .post("/activity/lovers/decline", requireUser, async (c) => {
    const input = parse(c, coupleIdSchema);
    return ok(c, await answerRequest(c.var.db, c.var.user.id, input.id, false));
  })
  .post("/activity/lovers/cancel", requireUser, async (c) => {
    const input = parse(c, coupleIdSchema);
    return ok(c, await cancelRequest(c.var.db, c.var.user.id, input.id));
  })
  .post(
    "/activity/lovers/claim",
    requireUser,
    idempotent(async (c, idem) => {
      parse(c, noFieldsSchema);
      let payload = "";
      await claimReward(c.var.db, c.var.user.id, (paid) => {
        payload = translate("COUPLE_REWARD_PAID", c.var.lang, paid);
        return idem.record(payload);
      });
      return ok(c, payload);
    }),
  )
  .get("/admin/activity/config", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await adminConfig(c.var.db));
  })
  .post("/admin/activity/vip", requireUser, requireOperator, async (c) => {
    const input = parse(c, vipConfigSchema);
    return ok(c, await saveVipThresholds(c.var.db, c.var.user.id, input));
  })
  .post("/admin/activity/lovers/config", requireUser, requireOperator, async (c) => {
    const input = parse(c, coupleConfigSchema);
    return ok(c, await saveCoupleTerms(c.var.db, c.var.user.id, input));
  })
  .get("/admin/activity/lovers", requireUser, requireOperator, async (c) => {
    const input = parse(c, coupleAdminListSchema);
    return ok(c, await adminCoupleLinks(c.var.db, input));
  });
