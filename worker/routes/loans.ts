import { Hono } from "hono";
import type { Context } from "hono";
import {
  LOAN_TERMS,
  adminLoanFlagsSchema,
  adminLoanListSchema,
  adminLoanRejectSchema,
  loanApplySchema,
  loanIdSchema,
  loanListSchema,
  loanRepaySchema,
} from "../../schema/api/loans.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { findAccountById } from "../domain/auth/address.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { checkCurrentPassword } from "../domain/auth/reauth.ts";
import { badRequest, notFound } from "../domain/errors.ts";
import { translate } from "../domain/i18n/translate.ts";
import {
  applyForLoan,
  approveLoan,
  eligibility,
  listLoans,
  loanDetail,
  loanPositions,
  rejectLoan,
  repayLoan,
  setLoanFlags,
} from "../domain/loans/loans.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { pushUnread } from "../realtime/push.ts";

/** Money moves only with the pay password, as for withdrawals and contracts. */
async function requirePayPassword(c: Context<AppEnv>, password: string): Promise<void> {
  const account = await findAccountById(c.var.db, c.var.user.id);
  if (!account) throw notFound();
  if (!account.payPasswordHash) throw badRequest("PAY_PASSWORD_NOT_SET");
  await checkCurrentPassword(c.var.db, {
    kind: "pay",
    userId: account.id,
    hash: account.payPasswordHash,
    password,
    pepper: pepperOf(c.env),
    wrong: "PAY_PASSWORD_WRONG",
    now: Date.now(),
  });
}

/** OTC loans (page borrowing) and their console section. Applying, repaying and reviewing take an Idempotency-Key. */
export const loanRoutes = new Hono<AppEnv>()
  .get("/loan/config", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, LOAN_TERMS);
  })
  .get("/loan/eligibility", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await eligibility(c.var.db, c.var.user.id));
  })
  .post(
    "/loan/apply",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, loanApplySchema);
      await requirePayPassword(c, input.pay_password);
      const payload = translate("LOAN_APPLIED", c.var.lang);
      await applyForLoan(c.var.db, c.var.user.id, input, c.var.lang, idem.record(payload));
      return ok(c, payload);
    }),
  )
  .get("/loan/list", requireUser, async (c) => {
    const input = parse(c, loanListSchema);
    return ok(c, await listLoans(c.var.db, { userId: c.var.user.id }, input));
  })
  .get("/loan/positions", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await loanPositions(c.var.db, c.var.user.id));
  })
  .get("/loan/detail", requireUser, async (c) => {
    const input = parse(c, loanIdSchema);
    return ok(c, await loanDetail(c.var.db, c.var.user.id, input.id));
  })
  .post(
    "/loan/repay",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, loanRepaySchema);
      await requirePayPassword(c, input.pay_password);
      let payload = "";
      await repayLoan(c.var.db, c.var.user.id, input.id, (paid) => {
        payload = translate("LOAN_REPAID", c.var.lang, paid);
        return idem.record(payload);
      });
      return ok(c, payload);
    }),
  )
  .get("/admin/loans", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminLoanListSchema);
    return ok(c, await listLoans(c.var.db, "all", input));
  })
  .post(
    "/admin/loan/approve",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, loanIdSchema);
      const payload = translate("SUCCESS", c.var.lang);
      const borrower = await approveLoan(c.var.db, c.var.user.id, input.id, idem.record(payload));
      c.executionCtx.waitUntil(pushUnread(c.env, c.var.db, borrower));
      return ok(c, payload);
    }),
  )
  .post(
    "/admin/loan/reject",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, adminLoanRejectSchema);
      const payload = translate("SUCCESS", c.var.lang);
      const borrower = await rejectLoan(c.var.db, c.var.user.id, input.id, input.reason, idem.record(payload));
      c.executionCtx.waitUntil(pushUnread(c.env, c.var.db, borrower));
      return ok(c, payload);
    }),
  )
  .post("/admin/user/loan_flags", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminLoanFlagsSchema);
    return ok(c, await setLoanFlags(c.var.db, c.var.user.id, input));
  });
