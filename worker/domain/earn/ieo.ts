import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { type IeoOrderView, type IeoProjectView, costUnits, distributeAt, remainingPct, timeStatus } from "../../../schema/api/ieo.ts";
import { currencies, ieoOrders, ieoProjects } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { ApiError, badRequest, conflict, notFound } from "../errors.ts";
import {
  ACCOUNT_TYPES,
  DuplicateJournal,
  type Journal,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  commit,
  errorText,
  fromUnits,
  newHoldId,
  openHold,
  postingStatements,
  jsonColumn as col,
} from "../ledger/index.ts";
import { type Currency, requireCurrency, userAmount, userUnits } from "../wallet/currencies.ts";
import { auditCreatedStatement } from "./audit-created.ts";
import type { ChunkResult } from "./mining.ts";

/**
 * IEO (the spec's `/project*`): operators publish projects; a subscription holds its cost (the project's price in the
 * project's pay coin) and raises `sold` in the same batch, where a CHECK refuses anything beyond the offer; after the
 * end and the lock period the distribution job consumes each hold (cost to the house) and credits the tokens (issued
 * from the external account), once per order (journal `ieo:distribute:<id>`).
 */

type ProjectRow = typeof ieoProjects.$inferSelect;
type OrderRow = typeof ieoOrders.$inferSelect;
type Cur = Pick<Currency, "id" | "name" | "precision">;

async function currencyMap(db: Db): Promise<Map<number, Cur>> {
  const rows = await db.select({ id: currencies.id, name: currencies.name, precision: currencies.precision }).from(currencies).all();
  return new Map(rows.map((r) => [r.id, r]));
}

function projectView(p: ProjectRow, token: Cur, pay: Cur, now: number): IeoProjectView {
  const t = (n: number) => fromUnits(n, token.precision);
  return {
    id: p.id,
    name: p.name,
    currency_id: token.id,
    currency: token.name,
    pay_currency_id: pay.id,
    pay_currency: pay.name,
    price: p.price,
    total_amount: t(p.totalAmount),
    sold: t(p.sold),
    remaining: t(p.totalAmount - p.sold),
    percentage: remainingPct(p.totalAmount, p.sold),
    min_amount: t(p.minAmount),
    precision: token.precision,
    pay_precision: pay.precision,
    start_at: p.startAt,
    end_at: p.endAt,
    lock_days: p.lockDays,
    distribute_at: distributeAt(p),
    time_status: timeStatus(p, now),
    description: p.description,
    enabled: p.enabled ? 1 : 0,
  };
}

/** GET /project (enabled projects, newest first, optionally of one time status) and the console's list (all). */
export async function listProjects(
  db: Db,
  q: { page: number; limit: number; status?: "1" | "2" | "3" },
  now = Date.now(),
  includeDisabled = false,
): Promise<{ list: IeoProjectView[]; page: number; limit: number; total: number }> {
  const status =
    q.status === "1"
      ? sql`${ieoProjects.startAt} > ${now}`
      : q.status === "2"
        ? sql`${ieoProjects.startAt} <= ${now} AND ${ieoProjects.endAt} > ${now}`
        : q.status === "3"
          ? sql`${ieoProjects.endAt} <= ${now}`
          : undefined;
  const where = and(includeDisabled ? undefined : eq(ieoProjects.enabled, true), status);
  const [rows, count, curs] = await Promise.all([
    db
      .select()
      .from(ieoProjects)
      .where(where)
      .orderBy(desc(ieoProjects.startAt), desc(ieoProjects.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(ieoProjects)
      .where(where)
      .get(),
    currencyMap(db),
  ]);
  return {
    list: rows.map((p) => projectView(p, curs.get(p.currencyId)!, curs.get(p.payCurrencyId)!, now)),
    page: q.page,
    limit: q.limit,
    total: count?.n ?? 0,
  };
}

/** GET /project/detail: an enabled project, or 404. */
export async function projectDetail(db: Db, id: number, now = Date.now()): Promise<IeoProjectView> {
  const p = await db.select().from(ieoProjects).where(eq(ieoProjects.id, id)).get();
  if (!p || !p.enabled) throw notFound();
  const curs = await currencyMap(db);
  return projectView(p, curs.get(p.currencyId)!, curs.get(p.payCurrencyId)!, now);
}

/** POST /project/order: holds the cost and raises `sold`, in one batch that fails whole if the offer cannot cover it. */
export async function subscribe(
  db: Db,
  userId: number,
  input: { project_id: number; amount: string },
  record: (figures: { amount: string; cost: string }) => Statement[] = () => [],
  now = Date.now(),
): Promise<IeoOrderView> {
  const p = await db.select().from(ieoProjects).where(eq(ieoProjects.id, input.project_id)).get();
  if (!p || !p.enabled) throw notFound();
  if (timeStatus(p, now) !== 2) throw conflict(timeStatus(p, now) === 1 ? "IEO_NOT_STARTED" : "IEO_FINISHED");
  const [token, pay] = await Promise.all([
    requireCurrency(db, p.currencyId, { includeDisabled: true }),
    requireCurrency(db, p.payCurrencyId, { includeDisabled: true }),
  ]);
  const amount = userAmount(token, input.amount);
  if (amount < p.minAmount) throw badRequest("IEO_BELOW_MINIMUM", { min: fromUnits(p.minAmount, token.precision), currency: token.name });
  if (amount > p.totalAmount - p.sold) throw conflict("IEO_SOLD_OUT", { remaining: fromUnits(p.totalAmount - p.sold, token.precision) });
  const cost = costUnits(amount, token.precision, p.price, pay.precision);
  const holdId = newHoldId();
  const hold = openHold(
    db,
    {
      userId,
      currencyId: pay.id,
      accountType: ACCOUNT_TYPES.change,
      amount: cost,
      reason: "ieo",
      ref: `ieo:${p.id}`,
      holdId,
      kind: "ieo_subscribe",
      memo: { project_id: p.id, amount: fromUnits(amount, token.precision), token: token.name },
    },
    now,
  );
  const insert = db
    .insert(ieoOrders)
    .values({ userId, projectId: p.id, amount, cost, holdId, distributeAt: distributeAt(p), createdAt: now })
    .returning();
  try {
    const prefix = record({ amount: fromUnits(amount, token.precision), cost: fromUnits(cost, pay.precision) });
    const results = await commit(db, [...prefix, bound(db, RAISE_SOLD, amount, p.id), ...hold.statements, insert]);
    return orderView((results.at(-1) as OrderRow[])[0]!, p, token, pay);
  } catch (err) {
    // The CHECK on `sold`: other buyers took the last units between the read and this batch.
    if (errorText(err).includes("ieo_projects_sold")) throw conflict("IEO_SOLD_OUT", { remaining: "0" });
    throw err;
  }
}

const RAISE_SOLD = "UPDATE ieo_projects SET sold = sold + ?1 WHERE id = ?2";

function orderView(o: OrderRow, p: ProjectRow, token: Cur, pay: Cur): IeoOrderView {
  return {
    id: o.id,
    project_id: p.id,
    name: p.name,
    currency: token.name,
    pay_currency: pay.name,
    amount: fromUnits(o.amount, token.precision),
    cost: fromUnits(o.cost, pay.precision),
    price: p.price,
    status: o.status === 2 ? 2 : 1,
    distribute_at: o.distributeAt,
    created_at: o.createdAt,
    distributed_at: o.distributedAt,
  };
}

/** GET /user/project/order: the caller's subscriptions, newest first. */
export async function listIeoOrders(db: Db, userId: number, q: { page: number; limit: number }) {
  const where = eq(ieoOrders.userId, userId);
  const [rows, count, curs] = await Promise.all([
    db
      .select({ o: ieoOrders, p: ieoProjects })
      .from(ieoOrders)
      .innerJoin(ieoProjects, eq(ieoProjects.id, ieoOrders.projectId))
      .where(where)
      .orderBy(desc(ieoOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(ieoOrders)
      .where(where)
      .get(),
    currencyMap(db),
  ]);
  return {
    list: rows.map((r) => orderView(r.o, r.p, curs.get(r.p.currencyId)!, curs.get(r.p.payCurrencyId)!)),
    page: q.page,
    limit: q.limit,
    total: count?.n ?? 0,
  };
}

export type ProjectInput = {
  id?: number;
  name: string;
  currency: string;
  pay_currency: string;
  price: string;
  total_amount: string;
  min_amount: string;
  start_at: number;
  end_at: number;
  lock_days: string;
  description: string;
  enabled: "0" | "1";
};

/**
 * Operator: creates or edits a project, audited in the same batch. The offer cannot go below what is sold (the CHECK),
 * and a changed end or lock period moves the pending subscriptions' distribution time with it.
 */
export async function saveProject(db: Db, actorId: number, input: ProjectInput, now = Date.now()): Promise<IeoProjectView> {
  const [token, pay] = await Promise.all([
    requireCurrency(db, input.currency, { includeDisabled: true }),
    requireCurrency(db, input.pay_currency, { includeDisabled: true }),
  ]);
  if (token.id === pay.id) throw badRequest("PARAMETER_ERROR");
  if (input.end_at <= input.start_at) throw badRequest("IEO_DATES_INVALID");
  const priceUnits = priceOf(input.price);
  const values = {
    name: input.name,
    currencyId: token.id,
    payCurrencyId: pay.id,
    price: fromUnits(priceUnits, 8),
    totalAmount: userAmount(token, input.total_amount),
    minAmount: userAmount(token, input.min_amount),
    startAt: input.start_at,
    endAt: input.end_at,
    lockDays: Number(input.lock_days),
    description: input.description,
    enabled: input.enabled === "1",
    updatedAt: now,
  };
  const due = distributeAt(values);
  const curs = { token, pay };
  try {
    if (input.id !== undefined) {
      const before = await db.select().from(ieoProjects).where(eq(ieoProjects.id, input.id)).get();
      if (!before) throw notFound();
      const [rows] = (await commit(db, [
        db.update(ieoProjects).set(values).where(eq(ieoProjects.id, before.id)).returning(),
        db
          .update(ieoOrders)
          .set({ distributeAt: due })
          .where(and(eq(ieoOrders.projectId, before.id), eq(ieoOrders.status, 1))),
        auditStatement(
          db,
          { actorId, action: "ieo_project_edit", subjectType: "ieo_project", subjectId: before.id, detail: { before, after: values } },
          now,
        ),
      ])) as [ProjectRow[]];
      return projectView(rows[0]!, curs.token, curs.pay, now);
    }
    const [rows] = (await commit(db, [
      db
        .insert(ieoProjects)
        .values({ ...values, createdAt: now })
        .returning(),
      auditCreatedStatement(db, { actorId, action: "ieo_project_create", subjectType: "ieo_project", detail: { after: values } }, now),
    ])) as [ProjectRow[]];
    return projectView(rows[0]!, curs.token, curs.pay, now);
  } catch (err) {
    if (errorText(err).includes("ieo_projects_sold")) throw conflict("IEO_TOTAL_BELOW_SOLD");
    if (errorText(err).includes("ieo_projects_amounts")) throw badRequest("AMOUNT_NOT_POSITIVE");
    throw err;
  }
}

/** A price: positive, at most 8 decimals, as minor units of 10^-8 (translated 400 otherwise). */
const priceOf = (text: string): number => userUnits(text, 8);

const MARK_DISTRIBUTED = `UPDATE ieo_orders SET status = 2, distributed_at = ?2
  WHERE status = 1 AND id IN (SELECT ${col(0)} FROM json_each(?1))`;
// A hold already ended goes below zero here, which fails the whole batch (holds_remaining).
const CONSUME_HOLDS =
  `UPDATE holds SET remaining = remaining - d.a, status = 'consumed', closed_at = ?2 ` +
  `FROM (SELECT ${col(0)} AS id, ${col(1)} AS a FROM json_each(?1)) AS d ` +
  `WHERE holds.id = d.id AND holds.id IN (SELECT ${col(0)} FROM json_each(?1))`;

/** The journal that distributes one subscription: its held cost to the house, its tokens from the external account. */
export function distributionJournal(o: OrderRow, p: Pick<ProjectRow, "currencyId" | "payCurrencyId">): Journal {
  const user = { userId: o.userId, accountType: ACCOUNT_TYPES.change };
  return {
    kind: "ieo_distribute",
    refKey: `ieo:distribute:${o.id}`,
    userId: o.userId,
    memo: { order_id: o.id, project_id: o.projectId, hold_id: o.holdId },
    lines: [
      { ...user, currencyId: p.payCurrencyId, bucket: "locked", amount: -o.cost },
      { userId: SYSTEM_ACCOUNTS.house, accountType: SYSTEM_ACCOUNT_TYPE, currencyId: p.payCurrencyId, bucket: "available", amount: o.cost },
      {
        userId: SYSTEM_ACCOUNTS.external,
        accountType: SYSTEM_ACCOUNT_TYPE,
        currencyId: p.currencyId,
        bucket: "available",
        amount: -o.amount,
      },
      { ...user, currencyId: p.currencyId, bucket: "available", amount: o.amount },
    ],
  };
}

/** One chunk of the distribution job: up to `limit` subscriptions now due, in one batch; idempotent like the mining job. */
export async function distributeIeoChunk(db: Db, now = Date.now(), limit = 500): Promise<ChunkResult> {
  for (let attempt = 0; ; attempt++) {
    const rows = await db
      .select({ o: ieoOrders, currencyId: ieoProjects.currencyId, payCurrencyId: ieoProjects.payCurrencyId })
      .from(ieoOrders)
      .innerJoin(ieoProjects, eq(ieoProjects.id, ieoOrders.projectId))
      .where(and(eq(ieoOrders.status, 1), lte(ieoOrders.distributeAt, now)))
      .orderBy(asc(ieoOrders.distributeAt), asc(ieoOrders.id))
      .limit(limit)
      .all();
    if (rows.length === 0) return { processed: 0, more: false };
    try {
      await commit(db, [
        ...postingStatements(
          db,
          rows.map((r) => distributionJournal(r.o, r)),
          now,
        ),
        bound(db, CONSUME_HOLDS, JSON.stringify(rows.map((r) => [r.o.holdId, r.o.cost])), now),
        bound(db, MARK_DISTRIBUTED, JSON.stringify(rows.map((r) => [r.o.id])), now),
      ]);
      return { processed: rows.length, more: rows.length === limit };
    } catch (err) {
      const lost = err instanceof DuplicateJournal || (err instanceof ApiError && err.code === "HOLD_CLOSED");
      if (lost && attempt < 50) continue;
      throw err;
    }
  }
}

/** Per token, what the caller has subscribed and not yet received, and the cost held for it (for the assets page). */
export async function ieoPositions(db: Db, userId: number) {
  const rows = await db
    .select({
      currencyId: ieoProjects.currencyId,
      payCurrencyId: ieoProjects.payCurrencyId,
      amount: sql<number>`sum(${ieoOrders.amount})`,
      cost: sql<number>`sum(${ieoOrders.cost})`,
    })
    .from(ieoOrders)
    .innerJoin(ieoProjects, eq(ieoProjects.id, ieoOrders.projectId))
    .where(and(eq(ieoOrders.userId, userId), eq(ieoOrders.status, 1)))
    .groupBy(ieoProjects.currencyId, ieoProjects.payCurrencyId)
    .all();
  const curs = await currencyMap(db);
  return rows.map((r) => {
    const token = curs.get(r.currencyId)!;
    const pay = curs.get(r.payCurrencyId)!;
    return {
      currency: token.name,
      amount: fromUnits(r.amount, token.precision),
      pay_currency: pay.name,
      cost: fromUnits(r.cost, pay.precision),
    };
  });
}
