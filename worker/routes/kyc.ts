import { Hono } from "hono";
import {
  kycApproveSchema,
  kycQueueSchema,
  kycRejectSchema,
  realLv1Schema,
  realLv2Schema,
  realStateSchema,
  realTypeSchema,
} from "../../schema/api/kyc.ts";
import { decideKyc, kycQueue } from "../domain/kyc/review.ts";
import { realState, submitLv1, submitLv2 } from "../domain/kyc/verification.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok, okText } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Identity verification: the user's own state and submissions, and the operators' review queue. */
export const kycRoutes = new Hono<AppEnv>()
  .get("/real/state", requireUser, async (c) => {
    parse(c, realStateSchema);
    return ok(c, await realState(c.var.db, c.var.user.id));
  })
  .post("/user/real", requireUser, async (c) => {
    const { real_type } = parse(c, realTypeSchema);
    if (real_type === "1") {
      const input = parse(c, realLv1Schema);
      await submitLv1(c.var.db, c.var.user.id, input, c.var.lang);
    } else {
      const input = parse(c, realLv2Schema);
      await submitLv2(c.var.db, c.var.user.id, input, c.var.lang);
    }
    return okText(c, "KYC_SUBMITTED");
  })
  .get("/admin/kyc", requireUser, requireOperator, async (c) => {
    const { status, page, limit } = parse(c, kycQueueSchema);
    return ok(c, await kycQueue(c.var.db, status, page, limit));
  })
  .post("/admin/kyc/approve", requireUser, requireOperator, async (c) => {
    const { id } = parse(c, kycApproveSchema);
    await decideKyc(c.var.db, c.var.user.id, id, { approve: true });
    return okText(c, "KYC_APPROVED");
  })
  .post("/admin/kyc/reject", requireUser, requireOperator, async (c) => {
    const { id, reason } = parse(c, kycRejectSchema);
    await decideKyc(c.var.db, c.var.user.id, id, { approve: false, reason });
    return okText(c, "KYC_REJECTED");
  });
