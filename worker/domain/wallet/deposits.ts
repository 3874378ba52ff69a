import { and, eq } from "drizzle-orm";
import { deposits } from "../../../schema/db/index.ts";
import { badRequest, conflict, forbidden, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { auditStatement } from "../audit/audit.ts";
import { findOwnUpload, keyFromFileUrl } from "../files/uploads.ts";
import { enforce } from "../limits/rate-limit.ts";
import {
  DEPOSIT_ACCOUNT,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  commit,
  errorText,
  fromUnits,
  post,
  toUnits,
} from "../ledger/index.ts";
import { findCurrency, requireCurrency, userAmount } from "./currencies.ts";

/**
 * Deposits by voucher: the user reports a transfer with a private voucher image;
 * an operator confirms (the amount is credited once, from the external account to
 * the user's change account, as in the original) or rejects it.
 *
 * Confirm and reject post journals under ONE ref_key, "deposit:review:<id>", so only
 * one of them can ever happen, once, even when operators click concurrently; the
 * losers get 409. `prefix` (an Idempotency-Key record) goes first in the same batch,
 * so a retried request replays the first answer instead.
 */
export const DEPOSITS_PER_HOUR = 20;

export type Deposit = typeof deposits.$inferSelect;

export async function requestDeposit(
  db: Db,
  userId: number,
  input: { account: string; amount: string; currency: string; chain: string; type: string },
  prefix: Statement[],
  now = Date.now(),
): Promise<void> {
  const currency = await requireCurrency(db, input.currency);
  if (!currency.canDeposit) throw conflict("DEPOSIT_DISABLED", { currency: currency.name });
  const units = userAmount(currency, input.amount);
  const key = keyFromFileUrl(input.account);
  if (!key) throw badRequest("VOUCHER_INVALID");
  // Someone else's upload is indistinguishable from a missing one (404).
  const upload = await findOwnUpload(db, userId, key);
  if (!upload) throw notFound();
  if (!upload.private) throw badRequest("VOUCHER_INVALID");
  await enforce(db, `deposit:${userId}`, DEPOSITS_PER_HOUR, 3600_000, now);
  const insert = db.insert(deposits).values({
    userId,
    currencyId: currency.id,
    amount: fromUnits(units, currency.precision),
    voucherKey: upload.key,
    chain: input.chain.toUpperCase(),
    type: Number(input.type),
    status: "pending",
    createdAt: now,
  });
  try {
    await commit(db, [...prefix, insert]);
  } catch (err) {
    if (errorText(err).includes("UNIQUE constraint failed: deposits.voucher_key")) throw conflict("VOUCHER_ALREADY_USED");
    throw err;
  }
}

export const reviewRefKey = (depositId: number) => `deposit:review:${depositId}`;

async function pendingDeposit(db: Db, operatorId: number, depositId: number): Promise<Deposit> {
  const dep = await db.select().from(deposits).where(eq(deposits.id, depositId)).get();
  if (!dep) throw notFound();
  // Separation of duties, as for identity verification: nobody credits their own deposit.
  if (dep.userId === operatorId) throw forbidden();
  if (dep.status !== "pending") throw conflict("DEPOSIT_ALREADY_REVIEWED");
  return dep;
}

/** Credits a pending deposit exactly once; a second confirm (or a confirm after a reject) is 409; one's own is 403. */
export async function confirmDeposit(
  db: Db,
  operatorId: number,
  depositId: number,
  now = Date.now(),
  prefix: Statement[] = [],
): Promise<void> {
  const dep = await pendingDeposit(db, operatorId, depositId);
  const currency = await findCurrency(db, dep.currencyId, true);
  if (!currency) throw new Error(`currency ${dep.currencyId} of deposit ${dep.id} is missing`);
  // Precision cannot change while deposits exist (see admin currencies), so this is exact.
  const units = toUnits(dep.amount, currency.precision, "exact");
  const result = await post(
    db,
    {
      kind: "deposit",
      refKey: reviewRefKey(dep.id),
      userId: dep.userId,
      memo: { deposit_id: dep.id },
      lines: [
        {
          userId: SYSTEM_ACCOUNTS.external,
          currencyId: currency.id,
          accountType: SYSTEM_ACCOUNT_TYPE,
          bucket: "available",
          amount: -units,
        },
        { userId: dep.userId, currencyId: currency.id, accountType: DEPOSIT_ACCOUNT, bucket: "available", amount: units },
      ],
    },
    [
      db
        .update(deposits)
        .set({ status: "confirmed", reviewedBy: operatorId, reviewedAt: now })
        .where(and(eq(deposits.id, dep.id), eq(deposits.status, "pending"))),
      auditStatement(
        db,
        {
          actorId: operatorId,
          action: "deposit.confirm",
          subjectType: "deposit",
          subjectId: dep.id,
          detail: { amount: dep.amount, currency: currency.name, user_id: dep.userId },
        },
        now,
      ),
    ],
    { now, prefix },
  );
  if (result.status === "duplicate") throw conflict("DEPOSIT_ALREADY_REVIEWED");
}

/** Rejects a pending deposit: an empty journal under the same review ref_key, so a later confirm cannot credit it. */
export async function rejectDeposit(
  db: Db,
  operatorId: number,
  depositId: number,
  reason: string,
  now = Date.now(),
  prefix: Statement[] = [],
): Promise<void> {
  const dep = await pendingDeposit(db, operatorId, depositId);
  const result = await post(
    db,
    { kind: "deposit_reject", refKey: reviewRefKey(dep.id), userId: dep.userId, memo: { deposit_id: dep.id, reason }, lines: [] },
    [
      db
        .update(deposits)
        .set({ status: "rejected", reviewedBy: operatorId, reviewedAt: now, reason })
        .where(and(eq(deposits.id, dep.id), eq(deposits.status, "pending"))),
      auditStatement(
        db,
        {
          actorId: operatorId,
          action: "deposit.reject",
          subjectType: "deposit",
          subjectId: dep.id,
          detail: { reason, user_id: dep.userId },
        },
        now,
      ),
    ],
    { now, prefix },
  );
  if (result.status === "duplicate") throw conflict("DEPOSIT_ALREADY_REVIEWED");
}
