import { and, eq, sql } from "drizzle-orm";
import { canonicalTxHash } from "../../../schema/api/money.ts";
import { deposits } from "../../../schema/db/index.ts";
import { badRequest, conflict, forbidden, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { auditStatement } from "../audit/audit.ts";
import { findOwnUpload, keyFromFileUrl } from "../files/uploads.ts";
import { enforce } from "../limits/rate-limit.ts";
import {
  D,
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
import { listDepositAddresses } from "./config.ts";
import { type Currency, findCurrency, requireCurrency, userAmount } from "./currencies.ts";
import { type OutcomeRecorder, type ReviewOutcome, approvalStep, noRecord, thresholdUnits } from "./four-eyes.ts";

/**
 * Deposits by voucher and transaction hash: the user reports a transfer (network, hash,
 * amount, a private voucher image); an operator checks the transaction on-chain and
 * confirms the amount they verified, which is credited once from the external account to
 * the user's change account (as in the original). It may be less than declared, never
 * more; zero rejects the request. Above the currency's four-eyes threshold the first
 * approval only records itself and a different operator's approval credits it
 * (four-eyes.ts).
 *
 * Confirm and reject post journals under ONE ref_key, "deposit:review:<id>", so only
 * one of them can ever happen, once, even when operators click concurrently; the
 * losers get 409. A first approval posts an empty journal under "deposit:first:<id>",
 * so it too is recorded once. `prefix`/`record` (an Idempotency-Key record) goes
 * first in the same batch, so a retried request replays the first answer instead.
 */
export const DEPOSITS_PER_HOUR = 20;

export type Deposit = typeof deposits.$inferSelect;

export type DepositNetwork = { chain: string; address: string; demo: boolean };

/**
 * The enabled deposit addresses of a currency users may see. Seeded demo addresses are
 * placeholders nobody can receive funds on: they exist only where `includeDemo`
 * (ENVIRONMENT development or test), never in production.
 */
export async function depositNetworks(db: Db, currencyId: number, includeDemo: boolean): Promise<DepositNetwork[]> {
  const rows = await listDepositAddresses(db, currencyId, true);
  return rows.filter(({ a }) => includeDemo || !a.demo).map(({ a }) => ({ chain: a.chain, address: a.address, demo: a.demo }));
}

export type DepositInput = { account: string; amount: string; currency: string; chain: string; type: string; tx_hash: string };

/** The network the user sent over: one of the currency's deposit chains (the only one when they named none). */
async function networkOf(db: Db, currency: Currency, chain: string, includeDemo: boolean): Promise<string> {
  const chains = [...new Set((await depositNetworks(db, currency.id, includeDemo)).map((n) => n.chain.toUpperCase()))];
  const wanted = chain.trim().toUpperCase();
  if (wanted ? chains.includes(wanted) : chains.length === 1) return wanted || chains[0]!;
  throw badRequest("DEPOSIT_NETWORK_UNKNOWN", { currency: currency.name, networks: chains.join(", ") || "—" });
}

export async function requestDeposit(
  db: Db,
  userId: number,
  input: DepositInput,
  prefix: Statement[],
  opts: { includeDemo: boolean; now?: number },
): Promise<void> {
  const now = opts.now ?? Date.now();
  const currency = await requireCurrency(db, input.currency);
  if (!currency.canDeposit) throw conflict("DEPOSIT_DISABLED", { currency: currency.name });
  const units = userAmount(currency, input.amount);
  const network = await networkOf(db, currency, input.chain, opts.includeDemo);
  const txHash = canonicalTxHash(network, input.tx_hash);
  if (!txHash) throw badRequest("TX_HASH_WRONG_FORMAT", { network });
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
    chain: network,
    txHash,
    type: Number(input.type),
    status: "pending",
    createdAt: now,
  });
  try {
    await commit(db, [...prefix, insert]);
  } catch (err) {
    const text = errorText(err);
    if (text.includes("UNIQUE constraint failed: deposits.voucher_key")) throw conflict("VOUCHER_ALREADY_USED");
    // Anyone's live claim on the transaction (pending or credited); a rejected one frees it.
    if (text.includes("UNIQUE constraint failed: deposits.tx_hash")) throw conflict("TX_HASH_ALREADY_USED");
    throw err;
  }
}

export const reviewRefKey = (depositId: number) => `deposit:review:${depositId}`;
export const firstApprovalRefKey = (depositId: number) => `deposit:first:${depositId}`;

async function pendingDeposit(db: Db, operatorId: number, depositId: number): Promise<{ dep: Deposit; currency: Currency }> {
  const dep = await db.select().from(deposits).where(eq(deposits.id, depositId)).get();
  if (!dep) throw notFound();
  // Separation of duties, as for identity verification: nobody credits their own deposit.
  if (dep.userId === operatorId) throw forbidden();
  if (dep.status !== "pending") throw conflict("DEPOSIT_ALREADY_REVIEWED");
  const currency = await findCurrency(db, dep.currencyId, true);
  if (!currency) throw new Error(`currency ${dep.currencyId} of deposit ${dep.id} is missing`);
  return { dep, currency };
}

/** The verified amount in minor units: zero allowed (it rejects), never more than declared. */
function verifiedUnits(currency: Currency, dep: Deposit, verified: string): number {
  if (new D(verified).isZero()) return 0;
  const units = userAmount(currency, verified);
  // Precision cannot change while deposits exist (see admin currencies), so this is exact.
  const declared = toUnits(dep.amount, currency.precision, "exact");
  if (units > declared) throw badRequest("DEPOSIT_VERIFIED_ABOVE_DECLARED", { amount: dep.amount, currency: currency.name });
  return units;
}

/**
 * An operator's approval with the amount they verified on-chain. Answers what happened:
 * "completed" (credited), "awaiting_second" (a first approval above the threshold) or
 * "rejected" (zero verified). A second approval must come from another operator (409
 * SECOND_APPROVAL_SAME_OPERATOR) and verify the same amount (409 SECOND_APPROVAL_AMOUNT_MISMATCH);
 * a request already decided is 409 DEPOSIT_ALREADY_REVIEWED; one's own is 403.
 */
export async function confirmDeposit(
  db: Db,
  operatorId: number,
  depositId: number,
  verified: string,
  now = Date.now(),
  record: OutcomeRecorder = noRecord,
): Promise<ReviewOutcome> {
  // Two rounds at most: an approval that lost the race to record the first approval is
  // evaluated again as the second one (or refused if it came from the same operator).
  for (let round = 0; ; round++) {
    const { dep, currency } = await pendingDeposit(db, operatorId, depositId);
    const units = verifiedUnits(currency, dep, verified);
    const verifiedText = fromUnits(units, currency.precision);
    if (units === 0) {
      await closeRejected(db, operatorId, dep, "", "0", now, record("rejected"));
      return "rejected";
    }
    const step = approvalStep({ units, thresholdUnits: thresholdUnits(currency), firstApprovedBy: dep.firstApprovedBy, operatorId });
    if (step === "same_operator") throw conflict("SECOND_APPROVAL_SAME_OPERATOR");
    if (step === "second" && dep.verifiedAmount !== verifiedText) {
      throw conflict("SECOND_APPROVAL_AMOUNT_MISMATCH", { amount: verifiedText, first: dep.verifiedAmount ?? "", currency: currency.name });
    }
    if (step === "first") {
      const result = await post(
        db,
        {
          kind: "deposit_first_approval",
          refKey: firstApprovalRefKey(dep.id),
          userId: dep.userId,
          memo: { deposit_id: dep.id },
          lines: [],
        },
        [
          db
            .update(deposits)
            .set({ firstApprovedBy: operatorId, firstApprovedAt: now, verifiedAmount: verifiedText })
            .where(and(eq(deposits.id, dep.id), eq(deposits.status, "pending"), sql`${deposits.firstApprovedBy} IS NULL`)),
          auditStatement(
            db,
            {
              actorId: operatorId,
              action: "deposit.approve_first",
              subjectType: "deposit",
              subjectId: dep.id,
              detail: { amount: verifiedText, declared: dep.amount, currency: currency.name, user_id: dep.userId },
            },
            now,
          ),
        ],
        { now, prefix: record("awaiting_second") },
      );
      if (result.status === "posted") return "awaiting_second";
      if (round === 0) continue;
      throw conflict("DEPOSIT_ALREADY_REVIEWED");
    }
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
          .set({ status: "confirmed", verifiedAmount: verifiedText, reviewedBy: operatorId, reviewedAt: now })
          .where(and(eq(deposits.id, dep.id), eq(deposits.status, "pending"))),
        auditStatement(
          db,
          {
            actorId: operatorId,
            action: "deposit.confirm",
            subjectType: "deposit",
            subjectId: dep.id,
            detail: {
              amount: verifiedText,
              declared: dep.amount,
              currency: currency.name,
              user_id: dep.userId,
              ...(step === "second" ? { first_approved_by: dep.firstApprovedBy } : {}),
            },
          },
          now,
        ),
      ],
      { now, prefix: record("completed") },
    );
    if (result.status === "duplicate") throw conflict("DEPOSIT_ALREADY_REVIEWED");
    return "completed";
  }
}

/** Rejects a pending deposit (also one awaiting its second approval): nothing is credited, ever. */
export async function rejectDeposit(
  db: Db,
  operatorId: number,
  depositId: number,
  reason: string,
  now = Date.now(),
  prefix: Statement[] = [],
): Promise<void> {
  const { dep } = await pendingDeposit(db, operatorId, depositId);
  await closeRejected(db, operatorId, dep, reason, null, now, prefix);
}

/** An empty journal under the review ref_key, so a later confirm cannot credit it. */
async function closeRejected(
  db: Db,
  operatorId: number,
  dep: Deposit,
  reason: string,
  verified: string | null,
  now: number,
  prefix: Statement[],
): Promise<void> {
  const result = await post(
    db,
    { kind: "deposit_reject", refKey: reviewRefKey(dep.id), userId: dep.userId, memo: { deposit_id: dep.id, reason }, lines: [] },
    [
      db
        .update(deposits)
        .set({
          status: "rejected",
          reviewedBy: operatorId,
          reviewedAt: now,
          reason,
          ...(verified === null ? {} : { verifiedAmount: verified }),
        })
        .where(and(eq(deposits.id, dep.id), eq(deposits.status, "pending"))),
      auditStatement(
        db,
        {
          actorId: operatorId,
          action: "deposit.reject",
          subjectType: "deposit",
          subjectId: dep.id,
          detail: { reason, user_id: dep.userId, ...(verified === null ? {} : { verified }) },
        },
        now,
      ),
    ],
    { now, prefix },
  );
  if (result.status === "duplicate") throw conflict("DEPOSIT_ALREADY_REVIEWED");
}
