import { Hono } from "hono";
import {
  adminConfirmDepositSchema,
  adminCurrencySchema,
  adminDepositAddressListSchema,
  adminDepositAddressSchema,
  adminDepositListSchema,
  adminIdSchema,
  adminRejectSchema,
  adminWithdrawalListSchema,
  noFieldsSchema,
} from "../../schema/api/money.ts";
import { checkInvariant } from "../domain/ledger/invariant.ts";
import { usdtPrices } from "../domain/pricing/prices.ts";
import { addDepositAddress, currencyView, listDepositAddresses, saveCurrency, setDepositAddressEnabled } from "../domain/wallet/config.ts";
import { findCurrency, listCurrencies } from "../domain/wallet/currencies.ts";
import { confirmDeposit, rejectDeposit } from "../domain/wallet/deposits.ts";
import { adminDeposits, adminWithdrawals } from "../domain/wallet/records.ts";
import { approveWithdrawal, rejectWithdrawal } from "../domain/wallet/withdrawals.ts";
import { badRequest } from "../domain/errors.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok, okText } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { type MessageCode, translate } from "../domain/i18n/translate.ts";
import type { ReviewOutcome } from "../domain/wallet/four-eyes.ts";

/** What an approval answers: done, or recorded and waiting for a second operator (four eyes). */
const OUTCOME_TEXT: Record<ReviewOutcome, MessageCode> = {
  completed: "SUCCESS",
  awaiting_second: "APPROVAL_AWAITING_SECOND",
  rejected: "DEPOSIT_REJECTED_NOTHING_VERIFIED",
};

/**
 * Operator money console. Every route: requireUser + requireOperator. Every action
 * writes its audit row in the same batch as the change it records. Reviews are
 * single transitions: a second confirm/approve/reject of the same request is 409,
 * unless it repeats a request with the same Idempotency-Key (then the first answer).
 * Above a currency's four-eyes threshold an approval needs two different operators.
 */
export const adminMoneyRoutes = new Hono<AppEnv>()
  .get("/admin/deposits", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminDepositListSchema);
    return ok(c, await adminDeposits(c.var.db, input.status, input.page, input.limit));
  })
  .post(
    "/admin/deposits/confirm",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, adminConfirmDepositSchema);
      const answer = (outcome: ReviewOutcome) => translate(OUTCOME_TEXT[outcome], c.var.lang);
      const outcome = await confirmDeposit(c.var.db, c.var.user.id, input.id, input.amount, undefined, (o) => idem.record(answer(o)));
      return ok(c, answer(outcome));
    }),
  )
  .post(
    "/admin/deposits/reject",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, adminRejectSchema);
      const payload = translate("SUCCESS", c.var.lang);
      await rejectDeposit(c.var.db, c.var.user.id, input.id, input.reason, undefined, idem.record(payload));
      return ok(c, payload);
    }),
  )
  .get("/admin/withdrawals", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminWithdrawalListSchema);
    return ok(c, await adminWithdrawals(c.var.db, input.status, input.page, input.limit));
  })
  .post(
    "/admin/withdrawals/approve",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, adminIdSchema);
      const answer = (outcome: ReviewOutcome) => translate(OUTCOME_TEXT[outcome], c.var.lang);
      const outcome = await approveWithdrawal(c.var.db, c.var.user.id, input.id, undefined, (o) => idem.record(answer(o)));
      return ok(c, answer(outcome));
    }),
  )
  .post(
    "/admin/withdrawals/reject",
    requireUser,
    requireOperator,
    idempotent(async (c, idem) => {
      const input = parse(c, adminRejectSchema);
      const payload = translate("SUCCESS", c.var.lang);
      await rejectWithdrawal(c.var.db, c.var.user.id, input.id, input.reason, undefined, idem.record(payload));
      return ok(c, payload);
    }),
  )
  .get("/admin/currencies", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    const [list, prices] = await Promise.all([listCurrencies(c.var.db, true), usdtPrices(c.var.db)]);
    return ok(
      c,
      list.map((cur) => currencyView(cur, prices.get(cur.id)?.toFixed() ?? null)),
    );
  })
  .post("/admin/currencies", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminCurrencySchema);
    const saved = await saveCurrency(c.var.db, c.var.user.id, input);
    const prices = await usdtPrices(c.var.db);
    return ok(c, currencyView(saved, prices.get(saved.id)?.toFixed() ?? null));
  })
  .get("/admin/deposit-addresses", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminDepositAddressListSchema);
    const currency = input.currency ? await findCurrency(c.var.db, input.currency, true) : undefined;
    if (input.currency && !currency) throw badRequest("UNKNOWN_CURRENCY");
    const rows = await listDepositAddresses(c.var.db, currency?.id);
    return ok(
      c,
      rows.map(({ a, currency: name }) => ({
        id: a.id,
        currency_id: a.currencyId,
        currency: name,
        chain: a.chain,
        address: a.address,
        enabled: a.enabled ? 1 : 0,
        demo: a.demo ? 1 : 0,
        created_at: a.createdAt,
      })),
    );
  })
  .post("/admin/deposit-addresses", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminDepositAddressSchema);
    if (input.id !== undefined) {
      if (input.enabled === undefined) throw badRequest("PARAMETER_ERROR", { field: "enabled" });
      await setDepositAddressEnabled(c.var.db, c.var.user.id, input.id, input.enabled);
      return okText(c);
    }
    if (!input.currency || !input.chain || !input.address) {
      throw badRequest("PARAMETER_ERROR", { field: !input.currency ? "currency" : !input.chain ? "chain" : "address" });
    }
    const id = await addDepositAddress(c.var.db, c.var.user.id, { currency: input.currency, chain: input.chain, address: input.address });
    return ok(c, { id });
  })
  .get("/admin/ledger/check", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    const violations = await checkInvariant(c.var.db);
    return ok(c, { ok: violations.length === 0, violations });
  });
