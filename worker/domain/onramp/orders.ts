import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import {
  FIAT_LIMITS,
  ONRAMP_COUNTRIES,
  ONRAMP_METHODS,
  type OnrampConfigView,
  type OnrampMethod,
  type OnrampOrderInput,
  type OnrampOrderView,
  type OnrampStatus,
  PAY_WINDOW_MS,
  type ReceivingAccount,
  countryOf,
  usdtUnits,
} from "../../../schema/api/onramp.ts";
import { onrampOrders, users } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import type { ChunkResult } from "../earn/mining.ts";
import { badRequest, conflict, forbidden, notFound } from "../errors.ts";
import { listFiatRates } from "../fiat/rates.ts";
import {
  DEPOSIT_ACCOUNT,
  DuplicateJournal,
  type Journal,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  commit,
  fromUnits,
  post,
  postingStatements,
  jsonColumn as col,
} from "../ledger/index.ts";
import { type OutcomeRecorder, type ReviewOutcome, approvalStep, noRecord, thresholdUnits } from "../wallet/four-eyes.ts";
import { findCurrency } from "../wallet/currencies.ts";
import { receivingAccount } from "./receiving.ts";

/**
 * Buy crypto by bank transfer. An order fixes its amount, the day's rate and the USDT it buys, and shows where to pay
 * with a unique reference. It ends once: an operator confirms the money arrived (USDT from the external account to the
 * user's exchange account, four eyes above USDT's threshold as for deposits), the user cancels, or the expiry job
 * cancels it when unpaid in time. All three post the journal `onramp:close:<id>` in their batch, so the loser of a
 * race fails whole and nothing is credited twice.
 */

type Row = typeof onrampOrders.$inferSelect;

export const closeRefKey = (id: number) => `onramp:close:${id}`;
export const firstApprovalRefKey = (id: number) => `onramp:first:${id}`;

/** GET /onramp/config: countries with the fiats that have a stored rate today, their limits and banks. */
export async function onrampConfig(db: Db, methods: readonly OnrampMethod[] = ["bank"]): Promise<OnrampConfigView> {
  const rates = new Map((await listFiatRates(db)).map((r) => [r.currency_code as string, r]));
  return {
    countries: ONRAMP_COUNTRIES.map((c) => ({
      code: c.code,
      banks: [...c.banks],
      fiats: c.fiats.flatMap((code) => {
        const r = rates.get(code);
        const limits = FIAT_LIMITS[code];
        return r && limits ? [{ code, ...limits, rate: r.rate, rate_updated_at: r.updated_at }] : [];
      }),
    })),
    methods: ONRAMP_METHODS.filter((m) => methods.includes(m)),
    pay_window_ms: PAY_WINDOW_MS,
  };
}

function view(o: Row, withUser = false): OnrampOrderView {
  return {
    id: o.id,
    ...(withUser ? { user_id: o.userId } : {}),
    reference: o.reference,
    country: o.country,
    fiat: o.fiat,
    method: o.method as OnrampOrderView["method"],
    bank: o.bank,
    amount: o.amount,
    rate: o.rate,
    usdt: fromUnits(o.usdt, 6),
    first_name: o.firstName,
    last_name: o.lastName,
    email: o.email,
    phone: o.phone,
    tax_id: o.taxId,
    receiving: JSON.parse(o.receiving) as ReceivingAccount,
    status: o.status as OnrampStatus,
    expires_at: o.expiresAt,
    created_at: o.createdAt,
    paid_at: o.paidAt,
    cancelled_at: o.cancelledAt,
    first_approved_by: o.firstApprovedBy,
  };
}

/** Ten characters from an alphabet without look-alikes (0/O, 1/I): easy to copy onto a bank form. */
const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return "EX" + [...bytes].map((b) => REF_ALPHABET[b % REF_ALPHABET.length]).join("");
}

/**
 * POST /onramp/order: checks the choice against the catalogue and today's rate, and stores the order to be paid.
 * Making an order moves no money (an unpaid one just expires), so it takes no Idempotency-Key.
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: OnrampOrderInput,
  methods: readonly OnrampMethod[] = ["bank"],
  now = Date.now(),
): Promise<OnrampOrderView> {
  if (!methods.includes(input.method)) throw badRequest("ONRAMP_METHOD_UNAVAILABLE");
  const country = countryOf(input.country);
  if (!country || !country.fiats.includes(input.fiat)) throw badRequest("ONRAMP_FIAT_UNAVAILABLE");
  if (!country.banks.includes(input.bank)) throw badRequest("ONRAMP_BANK_UNKNOWN");
  const fiat = (await onrampConfig(db)).countries.find((c) => c.code === country.code)!.fiats.find((f) => f.code === input.fiat);
  if (!fiat) throw conflict("ONRAMP_RATE_UNAVAILABLE");
  if (input.amount < fiat.min) throw badRequest("ONRAMP_BELOW_MINIMUM", { min: fiat.min, fiat: fiat.code });
  if (input.amount > fiat.max) throw badRequest("ONRAMP_ABOVE_MAXIMUM", { max: fiat.max, fiat: fiat.code });
  const usdt = usdtUnits(input.amount, fiat.rate);
  const values = {
    userId,
    reference: newReference(),
    country: country.code,
    fiat: fiat.code,
    method: input.method,
    bank: input.bank,
    amount: input.amount,
    rate: fiat.rate,
    usdt,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
    taxId: input.tax_id,
    receiving: JSON.stringify(receivingAccount(country.code)),
    expiresAt: now + PAY_WINDOW_MS,
    createdAt: now,
  };
  const row = await db.insert(onrampOrders).values(values).returning().get();
  return view(row);
}

/** The caller's own order, or 404 (another user's id is indistinguishable from a missing one). */
export async function ownOrder(db: Db, userId: number, id: number): Promise<OnrampOrderView> {
  const o = await db
    .select()
    .from(onrampOrders)
    .where(and(eq(onrampOrders.id, id), eq(onrampOrders.userId, userId)))
    .get();
  if (!o) throw notFound();
  return view(o);
}

/** An order by its reference (the simulated provider's page, which knows only the reference). */
export async function ownOrderByReference(db: Db, reference: string): Promise<Row> {
  const o = await db.select().from(onrampOrders).where(eq(onrampOrders.reference, reference)).get();
  if (!o || o.method === "bank") throw notFound();
  return o;
}

/** GET /onramp/orders: the caller's orders, newest first. */
export async function listOrders(db: Db, userId: number, q: { page: number; limit: number }) {
  const where = eq(onrampOrders.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(onrampOrders)
      .where(where)
      .orderBy(desc(onrampOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    count(db, where),
  ]);
  return { list: rows.map((o) => view(o)), page: q.page, limit: q.limit, total };
}

/** The console's list, optionally of one status, with each order's account (uid and log-in email). */
export async function adminListOrders(db: Db, q: { page: number; limit: number; status?: "1" | "2" | "3" }) {
  const where = q.status ? eq(onrampOrders.status, Number(q.status)) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ o: onrampOrders, uid: users.uid, account: users.email })
      .from(onrampOrders)
      .innerJoin(users, eq(users.id, onrampOrders.userId))
      .where(where)
      .orderBy(desc(onrampOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    count(db, where),
  ]);
  return {
    list: rows.map((r) => ({ ...view(r.o, true), uid: r.uid, account: r.account })),
    page: q.page,
    limit: q.limit,
    total,
  };
}

async function count(db: Db, where: ReturnType<typeof eq> | undefined): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(onrampOrders)
    .where(where)
    .get();
  return row?.n ?? 0;
}

const closingJournal = (
  o: Pick<Row, "id" | "userId">,
  kind: string,
  lines: Journal["lines"] = [],
  memo: Record<string, unknown> = {},
): Journal => ({
  kind,
  refKey: closeRefKey(o.id),
  userId: o.userId,
  memo: { onramp_order_id: o.id, ...memo },
  lines,
});

/** The order's USDT from the external account (the money arrived outside) to the user's exchange account. */
const creditJournal = (o: Pick<Row, "id" | "userId" | "usdt">, usdtId: number, memo: Record<string, unknown>): Journal =>
  closingJournal(
    o,
    "onramp_credit",
    [
      { userId: SYSTEM_ACCOUNTS.external, currencyId: usdtId, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: -o.usdt },
      { userId: o.userId, currencyId: usdtId, accountType: DEPOSIT_ACCOUNT, bucket: "available", amount: o.usdt },
    ],
    memo,
  );

/**
 * A payment provider reported a card or wallet payment (its callback already signature-checked): "paid" credits the
 * order's USDT once, "failed" cancels it. The payment must match the order (method, amount, fiat); an order already
 * closed (a replayed callback) is 409 and moves nothing.
 */
export async function settleProviderPayment(
  db: Db,
  p: { reference: string; payment_id: string; amount: number; fiat: string; status: "paid" | "failed" },
  now = Date.now(),
): Promise<OnrampStatus> {
  const o = await db.select().from(onrampOrders).where(eq(onrampOrders.reference, p.reference)).get();
  if (!o) throw notFound();
  if (o.method === "bank" || o.amount !== p.amount || o.fiat !== p.fiat) throw badRequest("ONRAMP_CALLBACK_MISMATCH");
  if (o.status !== 1) throw conflict("ONRAMP_ORDER_NOT_PENDING");
  const usdt = await findCurrency(db, "USDT", true);
  if (!usdt) throw new Error("USDT is missing");
  const memo = { provider_payment_id: p.payment_id };
  const paid = p.status === "paid";
  const result = await post(
    db,
    paid ? creditJournal(o, usdt.id, memo) : closingJournal(o, "onramp_cancel", [], memo),
    [
      db
        .update(onrampOrders)
        .set(paid ? { status: 2, paidAt: now } : { status: 3, cancelledAt: now })
        .where(and(eq(onrampOrders.id, o.id), eq(onrampOrders.status, 1))),
    ],
    { now },
  );
  if (result.status === "duplicate") throw conflict("ONRAMP_ORDER_NOT_PENDING");
  return paid ? 2 : 3;
}

/**
 * Cancels an order still to be paid: the user's own (`by.userId`), or any but one's own by an operator, who gives a
 * reason (no money arrived) and is audited in the same batch.
 */
export async function cancelOrder(
  db: Db,
  by: { userId: number } | { operatorId: number; reason: string },
  id: number,
  prefix: Statement[] = [],
  now = Date.now(),
): Promise<void> {
  const o = await db.select().from(onrampOrders).where(eq(onrampOrders.id, id)).get();
  if (!o || ("userId" in by && o.userId !== by.userId)) throw notFound();
  if ("operatorId" in by && o.userId === by.operatorId) throw forbidden();
  if (o.status !== 1) throw conflict("ONRAMP_ORDER_NOT_PENDING");
  const audit =
    "operatorId" in by
      ? [
          auditStatement(
            db,
            {
              actorId: by.operatorId,
              action: "onramp.cancel",
              subjectType: "onramp_order",
              subjectId: o.id,
              detail: { reference: o.reference, reason: by.reason, user_id: o.userId },
            },
            now,
          ),
        ]
      : [];
  const result = await post(
    db,
    closingJournal(o, "onramp_cancel"),
    [
      db
        .update(onrampOrders)
        .set({ status: 3, cancelledAt: now })
        .where(and(eq(onrampOrders.id, o.id), eq(onrampOrders.status, 1))),
      ...audit,
    ],
    { now, prefix },
  );
  if (result.status === "duplicate") throw conflict("ONRAMP_ORDER_NOT_PENDING");
}

/**
 * An operator confirms the transfer arrived: "completed" (USDT credited at the order's rate) or "awaiting_second"
 * (above USDT's four-eyes threshold, a first approval). An order already closed is 409; one's own is 403.
 */
export async function confirmOrder(
  db: Db,
  operatorId: number,
  id: number,
  now = Date.now(),
  record: OutcomeRecorder = noRecord,
): Promise<ReviewOutcome> {
  for (let round = 0; ; round++) {
    const o = await db.select().from(onrampOrders).where(eq(onrampOrders.id, id)).get();
    if (!o) throw notFound();
    if (o.userId === operatorId) throw forbidden();
    if (o.status !== 1) throw conflict("ONRAMP_ORDER_NOT_PENDING");
    const usdt = await findCurrency(db, "USDT", true);
    if (!usdt) throw new Error("USDT is missing");
    const step = approvalStep({ units: o.usdt, thresholdUnits: thresholdUnits(usdt), firstApprovedBy: o.firstApprovedBy, operatorId });
    if (step === "same_operator") throw conflict("SECOND_APPROVAL_SAME_OPERATOR");
    const detail = { reference: o.reference, amount: o.amount, fiat: o.fiat, rate: o.rate, usdt: fromUnits(o.usdt, 6), user_id: o.userId };
    if (step === "first") {
      const result = await post(
        db,
        { kind: "onramp_first_approval", refKey: firstApprovalRefKey(o.id), userId: o.userId, memo: { onramp_order_id: o.id }, lines: [] },
        [
          db
            .update(onrampOrders)
            .set({ firstApprovedBy: operatorId, firstApprovedAt: now })
            .where(and(eq(onrampOrders.id, o.id), eq(onrampOrders.status, 1), sql`${onrampOrders.firstApprovedBy} IS NULL`)),
          auditStatement(
            db,
            { actorId: operatorId, action: "onramp.approve_first", subjectType: "onramp_order", subjectId: o.id, detail },
            now,
          ),
        ],
        { now, prefix: record("awaiting_second") },
      );
      if (result.status === "posted") return "awaiting_second";
      if (round === 0) continue;
      throw conflict("ONRAMP_ORDER_NOT_PENDING");
    }
    const result = await post(
      db,
      creditJournal(o, usdt.id, { operator_id: operatorId }),
      [
        db
          .update(onrampOrders)
          .set({ status: 2, paidAt: now, reviewedBy: operatorId })
          .where(and(eq(onrampOrders.id, o.id), eq(onrampOrders.status, 1))),
        auditStatement(
          db,
          {
            actorId: operatorId,
            action: "onramp.confirm",
            subjectType: "onramp_order",
            subjectId: o.id,
            detail: { ...detail, ...(step === "second" ? { first_approved_by: o.firstApprovedBy } : {}) },
          },
          now,
        ),
      ],
      { now, prefix: record("completed") },
    );
    if (result.status === "duplicate") throw conflict("ONRAMP_ORDER_NOT_PENDING");
    return "completed";
  }
}

const DUE_IDS = `SELECT ${col(0)} FROM json_each(?1)`;
const MARK_CANCELLED = `UPDATE onramp_orders SET status = 3, cancelled_at = ?2 WHERE status = 1 AND id IN (${DUE_IDS})`;

/**
 * The expiry job's chunk: cancels up to `limit` orders still to be paid whose time is up, in one batch. An order
 * confirmed meanwhile makes the batch fail on its closing journal; the chunk reads again and retries.
 */
export async function cancelExpiredChunk(db: Db, now = Date.now(), limit = 500): Promise<ChunkResult> {
  for (let attempt = 0; ; attempt++) {
    const rows = await db
      .select({ id: onrampOrders.id, userId: onrampOrders.userId })
      .from(onrampOrders)
      .where(and(eq(onrampOrders.status, 1), lte(onrampOrders.expiresAt, now)))
      .orderBy(asc(onrampOrders.expiresAt), asc(onrampOrders.id))
      .limit(limit)
      .all();
    if (rows.length === 0) return { processed: 0, more: false };
    try {
      await commit(db, [...postingStatementsFor(db, rows, now), bound(db, MARK_CANCELLED, JSON.stringify(rows.map((r) => [r.id])), now)]);
      return { processed: rows.length, more: rows.length === limit };
    } catch (err) {
      if (err instanceof DuplicateJournal && attempt < 50) continue;
      throw err;
    }
  }
}

const postingStatementsFor = (db: Db, rows: Pick<Row, "id" | "userId">[], now: number) =>
  postingStatements(
    db,
    rows.map((r) => closingJournal(r, "onramp_expire")),
    now,
  );
