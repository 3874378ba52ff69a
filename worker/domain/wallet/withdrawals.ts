import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { DAILY_LIMIT_BTC } from "../../../schema/api/money.ts";
import { bankCards, withdrawAddresses, withdrawals } from "../../../schema/db/index.ts";
import { ApiError, badRequest, conflict, forbidden, notFound, verificationRequired } from "../errors.ts";
import type { Db } from "../db.ts";
import { auditStatement } from "../audit/audit.ts";
import { findAccountById } from "../auth/address.ts";
import { useCodeStatement, verifyOwnCode } from "../auth/codes.ts";
import { checkCurrentPassword } from "../auth/reauth.ts";
import { verificationLevel } from "../kyc/level.ts";
import {
  D,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  WITHDRAW_ACCOUNT,
  commit,
  consume,
  fromUnits,
  newHoldId,
  openHold,
  post,
  release,
  toUnits,
} from "../ledger/index.ts";
import { usdtPrice } from "../pricing/prices.ts";
import { type Currency, findCurrency, requireCurrency, userAmount } from "./currencies.ts";
import { type OutcomeRecorder, type ReviewOutcome, approvalStep, noRecord, thresholdUnits } from "./four-eyes.ts";

/**
 * Withdrawals: the amount is held (available → locked, hold reason "withdraw")
 * until an operator approves (hold consumed: receive → external, fee → fees) or
 * rejects (hold released). Approve and reject share the ref_key
 * "withdraw:review:<id>", so exactly one of them happens, once; `prefix` (an
 * Idempotency-Key record) rides in the same batch so a retry replays the answer.
 *
 * The fee is configuration (currencies.withdraw_fee), never the client's `rate`.
 */
export type Withdrawal = typeof withdrawals.$inferSelect;

export const DAY_MS = 24 * 3600_000;
const BTC = "BTC";

export type WithdrawInput = { currency: string; number: string; address?: string; type: "0" | "1" | "2" };

/**
 * The proof a withdrawal request needs besides the session: the pay password
 * (throttled: a try is reserved before hashing, with the same budget as the
 * pay-password form) and a fresh "withdraw" code sent to the account's own
 * email or mobile. The code is checked here without being used up; the answer
 * is the statement that uses it, for the request's batch, so a refused request
 * keeps its code and two requests with one code cannot both commit.
 */
export async function authorizeWithdrawal(
  db: Db,
  userId: number,
  proof: { payPassword: string; code: string },
  pepper: string,
  now = Date.now(),
): Promise<Statement[]> {
  const account = await findAccountById(db, userId);
  if (!account) throw notFound();
  if (!account.payPasswordHash) throw badRequest("PAY_PASSWORD_NOT_SET");
  await checkCurrentPassword(db, {
    kind: "pay",
    userId,
    hash: account.payPasswordHash,
    password: proof.payPassword,
    pepper,
    wrong: "PAY_PASSWORD_WRONG",
    now,
  });
  const codeId = await verifyOwnCode(db, account, { purpose: "withdraw", code: proof.code, pepper, consume: false, now });
  return [useCodeStatement(db, codeId, now)];
}

/** "2026-01-02 15:04 UTC": times in server messages, the same in every language. */
const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

async function destinationOf(
  db: Db,
  userId: number,
  currency: Currency,
  input: WithdrawInput,
  now: number,
): Promise<Record<string, unknown>> {
  if (input.type === "0") {
    const ref = (input.address ?? "").trim();
    if (!ref) throw badRequest("WITHDRAW_ADDRESS_NOT_SAVED", { currency: currency.name });
    // By id: someone else's address is indistinguishable from a missing one (404).
    const row = /^\d{1,15}$/.test(ref)
      ? await db
          .select()
          .from(withdrawAddresses)
          .where(and(eq(withdrawAddresses.id, Number(ref)), eq(withdrawAddresses.userId, userId)))
          .get()
      : await db
          .select()
          .from(withdrawAddresses)
          .where(
            and(eq(withdrawAddresses.userId, userId), eq(withdrawAddresses.currencyId, currency.id), eq(withdrawAddresses.address, ref)),
          )
          .get();
    if (!row && /^\d{1,15}$/.test(ref)) throw notFound();
    if (!row || row.currencyId !== currency.id) throw badRequest("WITHDRAW_ADDRESS_NOT_SAVED", { currency: currency.name });
    if (row.usableAt > now) throw conflict("WITHDRAW_ADDRESS_NOT_YET_USABLE", { time: utcMinute(row.usableAt) });
    return { type: 0, address_id: row.id, name: row.name, address: row.address, chain: row.chain };
  }
  const kind = input.type === "1" ? "domestic" : "international";
  const card = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind)))
    .get();
  if (!card) throw badRequest("BANK_CARD_NOT_BOUND");
  // Snapshot with the API's field names, so later edits of the card do not change the request.
  return {
    type: Number(input.type),
    card_id: card.id,
    real_name: card.realName,
    bank_account: card.bankAccount,
    bank_name: card.bankName,
    bank_dizhi: card.bankDizhi,
    bank_network: card.bankNetwork,
    swift_code: card.swiftCode,
    phone: card.phone,
    alipay_account: card.alipayAccount,
    wechat_account: card.wechatAccount,
    wechat_nickname: card.wechatNickname,
  };
}

/** The amount's value in BTC minor units at current reference prices, rounded up. */
async function btcValueOf(db: Db, currency: Currency, units: number, btc: Currency): Promise<number> {
  if (currency.id === btc.id) return toUnits(fromUnits(units, currency.precision), btc.precision, "up");
  const [price, btcPrice] = await Promise.all([usdtPrice(db, currency.id), usdtPrice(db, btc.id)]);
  if (!price) throw conflict("PRICE_UNAVAILABLE", { currency: currency.name });
  if (!btcPrice) throw conflict("PRICE_UNAVAILABLE", { currency: btc.name });
  return toUnits(new D(fromUnits(units, currency.precision)).times(price).div(btcPrice), btc.precision, "up");
}

/**
 * Requests a withdrawal: checks, then ONE batch = [prefix (idempotency record,
 * the statement authorizeWithdrawal answered), withdrawal row (its insert
 * trigger enforces the 24-hour limit), hold journal, balance change, hold row].
 * An overdraft fails the batch with 409 INSUFFICIENT_BALANCE; a code used by
 * another request meanwhile fails it with 400 CODE_INVALID.
 */
export async function requestWithdrawal(
  db: Db,
  userId: number,
  input: WithdrawInput,
  prefix: Statement[],
  now = Date.now(),
): Promise<{ holdId: string }> {
  const currency = await requireCurrency(db, input.currency, { includeDisabled: true });
  if (!currency.canWithdraw || !currency.isChange) throw conflict("WITHDRAW_DISABLED", { currency: currency.name });
  const units = userAmount(currency, input.number);

  const level = await verificationLevel(db, userId);
  if (level < 1) throw verificationRequired();

  const feeUnits = toUnits(currency.withdrawFee, currency.precision, "up");
  const minUnits = toUnits(currency.minWithdraw, currency.precision, "up");
  if (units < minUnits)
    throw badRequest("WITHDRAW_BELOW_MINIMUM", { min: fromUnits(minUnits, currency.precision), currency: currency.name });
  if (units <= feeUnits)
    throw badRequest("WITHDRAW_NOT_ABOVE_FEE", { fee: fromUnits(feeUnits, currency.precision), currency: currency.name });
  const destination = await destinationOf(db, userId, currency, input, now);

  const btc = await findCurrency(db, BTC, true);
  if (!btc) throw conflict("PRICE_UNAVAILABLE", { currency: BTC });
  const btcValue = await btcValueOf(db, currency, units, btc);
  const limitText = DAILY_LIMIT_BTC[level === 2 ? 2 : 1];
  const dailyLimit = toUnits(limitText, btc.precision, "exact");
  // A friendly early answer; the trigger makes the same check atomically inside the batch.
  const used = await db
    .select({ total: sql<number>`COALESCE(SUM(${withdrawals.btcValue}), 0)` })
    .from(withdrawals)
    .where(
      and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ["reviewing", "approved"]), gt(withdrawals.createdAt, now - DAY_MS)),
    )
    .get();
  if ((used?.total ?? 0) + btcValue > dailyLimit) throw conflict("WITHDRAW_DAILY_LIMIT", { limit: limitText });

  const holdId = newHoldId();
  const feeText = fromUnits(feeUnits, currency.precision);
  const amountText = fromUnits(units, currency.precision);
  const opened = openHold(
    db,
    {
      userId,
      currencyId: currency.id,
      accountType: WITHDRAW_ACCOUNT,
      amount: units,
      reason: "withdraw",
      holdId,
      kind: "withdraw_hold",
      memo: { amount: amountText },
    },
    now,
  );
  const row = db.insert(withdrawals).values({
    userId,
    currencyId: currency.id,
    accountType: WITHDRAW_ACCOUNT,
    amount: amountText,
    fee: feeText,
    receive: fromUnits(units - feeUnits, currency.precision),
    destinationType: Number(input.type),
    destination: JSON.stringify(destination),
    holdId,
    status: "reviewing",
    btcValue,
    dailyLimit,
    createdAt: now,
  });
  try {
    await commit(db, [...prefix, row, ...opened.statements]);
  } catch (err) {
    if (err instanceof ApiError && err.code === "WITHDRAW_DAILY_LIMIT") throw conflict("WITHDRAW_DAILY_LIMIT", { limit: limitText });
    throw err;
  }
  return { holdId };
}

export const withdrawReviewKey = (withdrawalId: number) => `withdraw:review:${withdrawalId}`;
export const withdrawFirstApprovalKey = (withdrawalId: number) => `withdraw:first:${withdrawalId}`;

async function reviewingWithdrawal(db: Db, operatorId: number, id: number): Promise<{ w: Withdrawal; currency: Currency }> {
  const w = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).get();
  if (!w) throw notFound();
  // Separation of duties, as for identity verification: nobody pays out their own withdrawal.
  if (w.userId === operatorId) throw forbidden();
  if (w.status !== "reviewing") throw conflict("WITHDRAWAL_ALREADY_REVIEWED");
  const currency = await findCurrency(db, w.currencyId, true);
  if (!currency) throw new Error(`currency ${w.currencyId} of withdrawal ${w.id} is missing`);
  return { w, currency };
}

/**
 * Pays out: the held amount leaves the user's locked funds; receive → external, fee → fees.
 * Above the currency's four-eyes threshold (four-eyes.ts) the first approval only records
 * itself ("awaiting_second", an empty journal under "withdraw:first:<id>") and a different
 * operator's approval pays out; the same operator twice is 409 SECOND_APPROVAL_SAME_OPERATOR.
 */
export async function approveWithdrawal(
  db: Db,
  operatorId: number,
  id: number,
  now = Date.now(),
  record: OutcomeRecorder = noRecord,
): Promise<ReviewOutcome> {
  // Two rounds at most: an approval that lost the race to record the first approval is
  // evaluated again as the second one (or refused if it came from the same operator).
  for (let round = 0; ; round++) {
    const { w, currency } = await reviewingWithdrawal(db, operatorId, id);
    const amount = toUnits(w.amount, currency.precision, "exact");
    const step = approvalStep({ units: amount, thresholdUnits: thresholdUnits(currency), firstApprovedBy: w.firstApprovedBy, operatorId });
    if (step === "same_operator") throw conflict("SECOND_APPROVAL_SAME_OPERATOR");
    if (step === "first") {
      const result = await post(
        db,
        {
          kind: "withdraw_first_approval",
          refKey: withdrawFirstApprovalKey(w.id),
          userId: w.userId,
          memo: { withdrawal_id: w.id },
          lines: [],
        },
        [
          db
            .update(withdrawals)
            .set({ firstApprovedBy: operatorId, firstApprovedAt: now })
            .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "reviewing"), sql`${withdrawals.firstApprovedBy} IS NULL`)),
          auditStatement(
            db,
            {
              actorId: operatorId,
              action: "withdrawal.approve_first",
              subjectType: "withdrawal",
              subjectId: w.id,
              detail: { amount: w.amount, fee: w.fee, currency: currency.name, user_id: w.userId },
            },
            now,
          ),
        ],
        { now, prefix: record("awaiting_second") },
      );
      if (result.status === "posted") return "awaiting_second";
      if (round === 0) continue;
      throw conflict("WITHDRAWAL_ALREADY_REVIEWED");
    }
    const fee = toUnits(w.fee, currency.precision, "exact");
    const result = await consume(
      db,
      w.holdId,
      {
        refKey: withdrawReviewKey(w.id),
        kind: "withdraw_approve",
        amount,
        memo: { withdrawal_id: w.id },
        credits: [
          { userId: SYSTEM_ACCOUNTS.external, accountType: SYSTEM_ACCOUNT_TYPE, amount: amount - fee },
          { userId: SYSTEM_ACCOUNTS.fees, accountType: SYSTEM_ACCOUNT_TYPE, amount: fee },
        ],
      },
      [
        db
          .update(withdrawals)
          .set({ status: "approved", reviewedBy: operatorId, reviewedAt: now })
          .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "reviewing"))),
        auditStatement(
          db,
          {
            actorId: operatorId,
            action: "withdrawal.approve",
            subjectType: "withdrawal",
            subjectId: w.id,
            detail: {
              amount: w.amount,
              fee: w.fee,
              currency: currency.name,
              user_id: w.userId,
              ...(step === "second" ? { first_approved_by: w.firstApprovedBy } : {}),
            },
          },
          now,
        ),
      ],
      { now, prefix: record("completed") },
    ).catch(alreadyReviewed);
    if (result.status === "duplicate") throw conflict("WITHDRAWAL_ALREADY_REVIEWED");
    return "completed";
  }
}

/** Refuses: the hold is released back to the user's available funds. */
export async function rejectWithdrawal(
  db: Db,
  operatorId: number,
  id: number,
  reason: string,
  now = Date.now(),
  prefix: Statement[] = [],
): Promise<void> {
  const { w } = await reviewingWithdrawal(db, operatorId, id);
  const result = await release(
    db,
    w.holdId,
    { refKey: withdrawReviewKey(w.id), kind: "withdraw_reject", memo: { withdrawal_id: w.id, reason } },
    [
      db
        .update(withdrawals)
        .set({ status: "rejected", reviewedBy: operatorId, reviewedAt: now, reason })
        .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "reviewing"))),
      auditStatement(
        db,
        {
          actorId: operatorId,
          action: "withdrawal.reject",
          subjectType: "withdrawal",
          subjectId: w.id,
          detail: { reason, user_id: w.userId },
        },
        now,
      ),
    ],
    { now, prefix },
  ).catch(alreadyReviewed);
  if (result.status === "duplicate") throw conflict("WITHDRAWAL_ALREADY_REVIEWED");
}

/** A hold closed by the competing review reads as "already reviewed". */
function alreadyReviewed(err: unknown): never {
  if (err instanceof ApiError && err.code === "HOLD_CLOSED") throw conflict("WITHDRAWAL_ALREADY_REVIEWED");
  throw err;
}
