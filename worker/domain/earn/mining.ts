import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import {
  type MiningConfigView,
  type MiningOrderView,
  DAY_MS,
  dailyInterestUnits,
  dayOf,
  orderDays,
  penaltyUnits,
  remainingDays,
} from "../../../schema/api/mining.ts";
import { currencies, miningConfigs, miningOrders } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { ApiError, badRequest, conflict, notFound } from "../errors.ts";
import { ACCOUNT_TYPES, DuplicateJournal, type Statement, commit, fromUnits, newHoldId, openHold, toUnits } from "../ledger/index.ts";
import { requireCurrency, userAmount } from "../wallet/currencies.ts";
import { auditCreatedStatement } from "./audit-created.ts";
import { type Step, type StepOrder, nextStep, redemptionSteps, stepStatements } from "./mining-steps.ts";

/**
 * Lock mining (the spec's `/lh/deposit/*`): operators offer configurations per coin; a deposit holds the amount in
 * the change account; the daily job (accrueMiningChunk) pays each day's interest and returns the principal at the end;
 * an early redemption pays the owed days and returns the amount less the penalty. Formulas: schema/api/mining-rules.ts.
 */

type ConfigRow = typeof miningConfigs.$inferSelect;
type OrderRow = typeof miningOrders.$inferSelect;

const configView = (c: ConfigRow, cur: { name: string; precision: number }): MiningConfigView => ({
  id: c.id,
  currency_id: c.currencyId,
  currency: cur.name,
  days: c.days,
  daily_rate: c.dailyRatePct,
  min_amount: c.minAmount,
  cancel_ratio: c.cancelRatioPct,
  precision: cur.precision,
  enabled: c.enabled ? 1 : 0,
  sort: c.sort,
});

/** GET /lh/deposit/config (enabled only) and the console's list (all). */
export async function listMiningConfigs(db: Db, includeDisabled = false): Promise<MiningConfigView[]> {
  const rows = await db
    .select({ c: miningConfigs, name: currencies.name, precision: currencies.precision, curEnabled: currencies.enabled })
    .from(miningConfigs)
    .innerJoin(currencies, eq(currencies.id, miningConfigs.currencyId))
    .where(includeDisabled ? undefined : eq(miningConfigs.enabled, true))
    .orderBy(asc(miningConfigs.sort), asc(miningConfigs.id))
    .all();
  return rows.filter((r) => includeDisabled || r.curEnabled).map((r) => configView(r.c, r));
}

export type ConfigInput = {
  id?: number;
  currency: string;
  days: number;
  daily_rate: string;
  min_amount: string;
  cancel_ratio: string;
  enabled: "0" | "1";
  sort: string;
};

/** Operator: creates or edits a configuration, audited in the same batch. Orders keep the terms they were made with. */
export async function saveMiningConfig(db: Db, actorId: number, input: ConfigInput, now = Date.now()): Promise<MiningConfigView> {
  const currency = await requireCurrency(db, input.currency, { includeDisabled: true });
  const minUnits = userAmount(currency, input.min_amount);
  const values = {
    currencyId: currency.id,
    days: input.days,
    dailyRatePct: canonicalPct(input.daily_rate),
    minAmount: fromUnits(minUnits, currency.precision),
    cancelRatioPct: canonicalPct(input.cancel_ratio),
    enabled: input.enabled === "1",
    sort: Number(input.sort),
    updatedAt: now,
  };
  let before: ConfigRow | undefined;
  if (input.id !== undefined) {
    before = await db.select().from(miningConfigs).where(eq(miningConfigs.id, input.id)).get();
    if (!before) throw notFound();
  }
  if (before) {
    const [rows] = (await commit(db, [
      db.update(miningConfigs).set(values).where(eq(miningConfigs.id, before.id)).returning(),
      auditStatement(
        db,
        { actorId, action: "mining_config_edit", subjectType: "mining_config", subjectId: before.id, detail: { before, after: values } },
        now,
      ),
    ])) as [ConfigRow[]];
    return configView(rows[0]!, currency);
  }
  // The new row's id is only known inside the batch: the audit row reads it with last_insert_rowid().
  const [rows] = (await commit(db, [
    db
      .insert(miningConfigs)
      .values({ ...values, createdAt: now })
      .returning(),
    auditCreatedStatement(
      db,
      { actorId, action: "mining_config_create", subjectType: "mining_config", detail: { before: null, after: values } },
      now,
    ),
  ])) as [ConfigRow[]];
  return configView(rows[0]!, currency);
}

/** Percent text in canonical form ("0.350" → "0.35"). */
const canonicalPct = (pct: string) => fromUnits(toUnits(pct, 4, "exact"), 4);

/** POST /lh/deposit: holds the amount and opens the order, in one batch (with the Idempotency-Key record). */
export async function depositMining(
  db: Db,
  userId: number,
  input: { config_id: number; amount: string },
  prefix: Statement[] = [],
  now = Date.now(),
): Promise<MiningOrderView> {
  const config = await db.select().from(miningConfigs).where(eq(miningConfigs.id, input.config_id)).get();
  if (!config) throw notFound();
  const currency = await requireCurrency(db, config.currencyId, { includeDisabled: true });
  if (!config.enabled || !currency.enabled) throw conflict("MINING_CONFIG_CLOSED");
  const amount = userAmount(currency, input.amount);
  const min = toUnits(config.minAmount, currency.precision, "up");
  if (amount < min) throw badRequest("MINING_BELOW_MINIMUM", { min: config.minAmount, currency: currency.name });
  const dailyInterest = dailyInterestUnits(amount, config.dailyRatePct);
  const holdId = newHoldId();
  const hold = openHold(
    db,
    {
      userId,
      currencyId: currency.id,
      accountType: ACCOUNT_TYPES.change,
      amount,
      reason: "mining",
      ref: `mining:${holdId}`,
      holdId,
      kind: "mining_deposit",
      memo: { config_id: config.id },
    },
    now,
  );
  const insert = db
    .insert(miningOrders)
    .values({
      userId,
      configId: config.id,
      currencyId: currency.id,
      amount,
      days: config.days,
      dailyRatePct: config.dailyRatePct,
      cancelRatioPct: config.cancelRatioPct,
      dailyInterest,
      holdId,
      ...orderDays(now, config.days),
      createdAt: now,
    })
    .returning();
  const results = await commit(db, [...prefix, ...hold.statements, insert]);
  const row = (results.at(-1) as OrderRow[])[0]!;
  return orderView(row, currency, now);
}

function orderView(o: OrderRow, cur: { name: string; precision: number }, now: number): MiningOrderView {
  const units = (n: number) => fromUnits(n, cur.precision);
  const today = dayOf(now);
  const open = o.status === 1 && today < o.endDay;
  const remaining = open ? remainingDays(o.startDay, o.endDay, today) : 0;
  const penalty = open ? penaltyUnits(o.amount, o.cancelRatioPct, remaining) : null;
  return {
    id: o.id,
    config_id: o.configId,
    currency_id: o.currencyId,
    currency: cur.name,
    amount: units(o.amount),
    days: o.days,
    daily_rate: o.dailyRatePct,
    cancel_ratio: o.cancelRatioPct,
    daily_interest: units(o.dailyInterest),
    total_interest: units(o.totalInterest),
    status: o.status === 2 ? 2 : 1,
    outcome: o.outcome === "matured" || o.outcome === "early" ? o.outcome : null,
    penalty: units(o.penalty),
    start_at: o.startDay * DAY_MS,
    end_at: o.endDay * DAY_MS,
    created_at: o.createdAt,
    closed_at: o.closedAt,
    remaining_days: remaining,
    redeem_penalty: penalty === null ? null : units(penalty),
    redeem_return: penalty === null ? null : units(o.amount - penalty),
  };
}

/** GET /lh/deposit/order: the caller's orders, newest first. */
export async function listMiningOrders(
  db: Db,
  userId: number,
  q: { page: number; limit: number; status?: "1" | "2" },
  now = Date.now(),
): Promise<{ list: MiningOrderView[]; page: number; limit: number; total: number }> {
  const where = and(eq(miningOrders.userId, userId), q.status ? eq(miningOrders.status, Number(q.status)) : undefined);
  const [rows, count] = await Promise.all([
    db
      .select({ o: miningOrders, name: currencies.name, precision: currencies.precision })
      .from(miningOrders)
      .innerJoin(currencies, eq(currencies.id, miningOrders.currencyId))
      .where(where)
      .orderBy(desc(miningOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(miningOrders)
      .where(where)
      .get(),
  ]);
  return { list: rows.map((r) => orderView(r.o, r, now)), page: q.page, limit: q.limit, total: count?.n ?? 0 };
}

/** Per coin, what the caller has in lock mining now: principal held and interest earned by orders in progress. */
export async function miningPositions(
  db: Db,
  userId: number,
): Promise<{ currency: string; amount: string; interest: string; orders: number }[]> {
  const rows = await db
    .select({
      name: currencies.name,
      precision: currencies.precision,
      amount: sql<number>`sum(${miningOrders.amount})`,
      interest: sql<number>`sum(${miningOrders.totalInterest})`,
      orders: sql<number>`count(*)`,
    })
    .from(miningOrders)
    .innerJoin(currencies, eq(currencies.id, miningOrders.currencyId))
    .where(and(eq(miningOrders.userId, userId), eq(miningOrders.status, 1)))
    .groupBy(miningOrders.currencyId)
    .all();
  return rows.map((r) => ({
    currency: r.name,
    amount: fromUnits(r.amount, r.precision),
    interest: fromUnits(r.interest, r.precision),
    orders: r.orders,
  }));
}

const stepOrder = (o: OrderRow): StepOrder => o;

/** Whether a failed batch lost a race another writer won (then re-reading shows what happened). */
const lostRace = (err: unknown) => err instanceof DuplicateJournal || (err instanceof ApiError && err.code === "HOLD_CLOSED");

/**
 * POST /lh/deposit/order/cancel: early redemption. Pays the owed days, then returns the amount less the penalty (or,
 * from `end_day` on, the whole principal, as the job would). A redemption racing the job or the maturity re-reads and
 * tries again; an order another writer closed answers 409.
 */
export async function redeemMining(
  db: Db,
  userId: number,
  orderId: number,
  record: (returned: { amount: string; currency: string }) => Statement[] = () => [],
  now = Date.now(),
): Promise<MiningOrderView> {
  for (let attempt = 0; ; attempt++) {
    const row = await db
      .select({ o: miningOrders, name: currencies.name, precision: currencies.precision })
      .from(miningOrders)
      .innerJoin(currencies, eq(currencies.id, miningOrders.currencyId))
      .where(and(eq(miningOrders.id, orderId), eq(miningOrders.userId, userId)))
      .get();
    if (!row) throw notFound();
    if (row.o.status !== 1) throw conflict("MINING_ORDER_CLOSED");
    const steps = redemptionSteps(stepOrder(row.o), dayOf(now));
    const close = steps.at(-1) as Extract<Step, { kind: "close" }>;
    const prefix = record({ amount: fromUnits(row.o.amount - close.penalty, row.precision), currency: row.name });
    try {
      await commit(db, [...prefix, ...stepStatements(db, [{ order: stepOrder(row.o), steps }], now)]);
    } catch (err) {
      // Each lost race means another writer took a step of this order, so the retries end.
      if (lostRace(err) && attempt < 50) continue;
      throw err;
    }
    const after = await db.select().from(miningOrders).where(eq(miningOrders.id, orderId)).get();
    return orderView(after!, row, now);
  }
}

export type ChunkResult = { processed: number; more: boolean };

/**
 * One chunk of the daily job: up to `limit` orders with a step due, one step each (the oldest owed day, or the
 * principal), in ONE batch of a fixed number of statements. Run it until `more` is false (a chunk that found nothing
 * due); running it again, or late, pays nothing twice (see mining-steps.ts). A batch that lost a race is re-read and retried.
 */
export async function accrueMiningChunk(db: Db, now = Date.now(), limit = 500): Promise<ChunkResult> {
  const today = dayOf(now);
  for (let attempt = 0; ; attempt++) {
    const rows = await db
      .select()
      .from(miningOrders)
      .where(and(eq(miningOrders.status, 1), lte(miningOrders.nextDueDay, today)))
      .orderBy(asc(miningOrders.nextDueDay), asc(miningOrders.id))
      .limit(limit)
      .all();
    const work = rows.flatMap((o) => {
      const step = nextStep(o, today);
      return step ? [{ order: stepOrder(o), steps: [step] as Step[] }] : [];
    });
    try {
      await commit(db, stepStatements(db, work, now));
      // A step taken may make the order's next step due at once (a late job catching up), so any progress means look again.
      return { processed: work.length, more: work.length > 0 };
    } catch (err) {
      if (lostRace(err) && attempt < 50) continue;
      throw err;
    }
  }
}
