import { and, count, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { SecondsOrder, SecondsStatus } from "../../../schema/api/seconds.ts";
import { currencies, idempotencyKeys, secondsOrders } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { ACCOUNT_TYPES, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../ledger/accounts.ts";
import { fromUnits } from "../ledger/amounts.ts";
import { type Statement, bound, jsonColumn as col } from "../ledger/batch.ts";
import type { Journal } from "../ledger/journal.ts";
import { commit, postingStatements } from "../ledger/post.ts";
import type { Direction } from "./payoff.ts";
import type { Closed, OpenOrder } from "./types.ts";

/**
 * Seconds orders in D1. Acceptance is one batch: the journal that takes number + fee out of the owner's micro account
 * (number to the house, fee to the fees account), the order row, and the Idempotency-Key's answer. Settlement is one
 * batch per slice of orders: a journal per order ("seconds:<id>:settle", unique, so an order is paid once whatever
 * retries) paying the owner from the house, and the order rows closed with the trail entry they settled on.
 */

export type { Closed, OpenOrder };

const micro = ACCOUNT_TYPES.micro;
const house = { userId: SYSTEM_ACCOUNTS.house, accountType: SYSTEM_ACCOUNT_TYPE };
const fees = { userId: SYSTEM_ACCOUNTS.fees, accountType: SYSTEM_ACCOUNT_TYPE };

/** The answer for an order (open, or closed with its settlement). */
export function orderView(o: OpenOrder, closed: Omit<Closed, "order"> | null, now: number): SecondsOrder {
  const units = (n: number) => fromUnits(n, o.precision);
  const s = closed?.settlement;
  const status: SecondsStatus = closed ? 3 : now >= o.handledAt ? 2 : 1;
  return {
    id: o.id,
    match_id: o.marketId,
    symbol_name: o.symbol,
    currency_id: o.currencyId,
    currency_name: o.currencyName,
    type: o.type,
    seconds: o.seconds,
    number: units(o.number),
    fee: units(o.fee),
    profit_ratio: o.profitRatio,
    loss_ratio: o.lossRatio,
    open_price: o.open.price,
    open_entry: o.open,
    created_at: o.createdAt,
    handled_at: o.handledAt,
    status,
    close_entry: closed?.close ?? null,
    end_price: closed?.close?.price ?? null,
    profit_result: s ? s.result : null,
    void: !!closed && s!.result === null,
    payout: s ? units(s.payout + s.refundFee) : null,
    fact_profits: s ? units(s.factProfits) : null,
  };
}

/** The acceptance batch (see above). Fails with 409 INSUFFICIENT_BALANCE through the balance CHECK. */
export function acceptStatements(db: Db, o: OpenOrder, idem: { key: string; hash: string } | null, answer: SecondsOrder): Statement[] {
  const owner = { userId: o.userId, accountType: micro, currencyId: o.currencyId };
  const journal: Journal = {
    kind: "seconds_open",
    refKey: `seconds:${o.id}:open`,
    userId: o.userId,
    memo: { order_id: o.id, symbol: o.symbol, seconds: o.seconds },
    lines: [
      { ...owner, bucket: "available", amount: -(o.number + o.fee) },
      { ...house, currencyId: o.currencyId, bucket: "available", amount: o.number },
      { ...fees, currencyId: o.currencyId, bucket: "available", amount: o.fee },
    ],
  };
  const prefix: Statement[] = idem
    ? [
        db.insert(idempotencyKeys).values({
          userId: o.userId,
          key: idem.key,
          requestHash: idem.hash,
          status: "done",
          response: JSON.stringify({ status: 200, body: { type: "ok", message: answer } }),
          createdAt: o.createdAt,
        }),
      ]
    : [];
  return [
    ...prefix,
    ...postingStatements(db, [journal], o.createdAt),
    db.insert(secondsOrders).values({
      id: o.id,
      userId: o.userId,
      marketId: o.marketId,
      symbol: o.symbol,
      currencyId: o.currencyId,
      type: o.type,
      seconds: o.seconds,
      number: o.number,
      fee: o.fee,
      profitRatio: o.profitRatio,
      lossRatio: o.lossRatio,
      openPrice: o.open.price,
      openTime: o.open.time,
      openSource: o.open.source,
      handledAt: o.handledAt,
      status: 1,
      createdAt: o.createdAt,
    }),
  ];
}

/** Closes the rows of one settlement slice; only rows still open (a repeated slice changes nothing). */
const CLOSE_ORDERS =
  `UPDATE seconds_orders SET status = 3, close_price = d.cp, close_time = d.ct, close_source = d.cs, profit_result = d.r, ` +
  `void = d.v, payout = d.p, fact_profits = d.f, settled_at = ?2 FROM (SELECT ${col(0)} AS id, ${col(1)} AS cp, ${col(2)} AS ct, ` +
  `${col(3)} AS cs, ${col(4)} AS r, ${col(5)} AS v, ${col(6)} AS p, ${col(7)} AS f FROM json_each(?1)) AS d ` +
  `WHERE seconds_orders.id = d.id AND seconds_orders.status = 1`;

/** The statements that pay and close a slice of settled orders (see above). */
export function settleStatements(db: Db, list: Closed[], now: number): Statement[] {
  const journals: Journal[] = list.map(({ order: o, settlement: s }) => {
    const owner = { userId: o.userId, accountType: micro, currencyId: o.currencyId };
    return {
      kind: "seconds_settle",
      refKey: `seconds:${o.id}:settle`,
      userId: o.userId,
      memo: { order_id: o.id, result: s.result },
      lines: [
        { ...house, currencyId: o.currencyId, bucket: "available", amount: -s.payout },
        { ...fees, currencyId: o.currencyId, bucket: "available", amount: -s.refundFee },
        { ...owner, bucket: "available", amount: s.payout + s.refundFee },
      ],
    };
  });
  const rows = list.map(({ order: o, close, settlement: s }) => [
    o.id,
    close?.price ?? null,
    close?.time ?? null,
    close?.source ?? null,
    s.result,
    s.result === null ? 1 : 0,
    s.payout + s.refundFee,
    s.factProfits,
  ]);
  return [...postingStatements(db, journals, now), bound(db, CLOSE_ORDERS, JSON.stringify(rows), now)];
}

/** Runs one settlement slice. */
export const commitSettlement = (db: Db, list: Closed[], now: number) => commit(db, settleStatements(db, list, now));

/** Of these order ids, the ones already closed in D1 (their payout is written). */
export async function closedIds(db: Db, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id: secondsOrders.id })
      .from(secondsOrders)
      .where(and(inArray(secondsOrders.id, ids.slice(i, i + 90)), eq(secondsOrders.status, 3)))
      .all();
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** Open orders of a user in a pay coin (the per-coin limit). */
export async function openCount(db: Db, userId: number, currencyId: number): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(secondsOrders)
    .where(and(eq(secondsOrders.userId, userId), eq(secondsOrders.currencyId, currencyId), eq(secondsOrders.status, 1)))
    .get();
  return row?.n ?? 0;
}

type Row = typeof secondsOrders.$inferSelect & { currencyName: string | null; precision: number | null };

function fromRow(r: Row, now: number): SecondsOrder {
  const o: OpenOrder = {
    id: r.id,
    userId: r.userId,
    marketId: r.marketId,
    symbol: r.symbol,
    currencyId: r.currencyId,
    currencyName: r.currencyName ?? "",
    precision: r.precision ?? 0,
    type: r.type as Direction,
    seconds: r.seconds,
    number: r.number,
    fee: r.fee,
    profitRatio: r.profitRatio,
    lossRatio: r.lossRatio,
    open: { time: r.openTime, price: r.openPrice, source: r.openSource },
    createdAt: r.createdAt,
    handledAt: r.handledAt,
  };
  if (r.status !== 3) return orderView(o, null, now);
  const close = r.closePrice === null ? null : { time: r.closeTime!, price: r.closePrice, source: r.closeSource ?? "" };
  const result = r.void ? null : (r.profitResult as 1 | 0 | -1);
  const payout = r.payout ?? 0;
  const refundFee = r.void ? r.fee : 0;
  return orderView(o, { close, settlement: { result, payout: payout - refundFee, refundFee, factProfits: r.factProfits ?? 0 } }, now);
}

const baseQuery = (db: Db) =>
  db
    .select({
      order: secondsOrders,
      currencyName: currencies.name,
      precision: currencies.precision,
    })
    .from(secondsOrders)
    .leftJoin(currencies, eq(currencies.id, secondsOrders.currencyId));

/** One order of this user, or undefined (someone else's order is not found). */
export async function ownSecondsOrder(db: Db, userId: number, id: number, now = Date.now()): Promise<SecondsOrder | undefined> {
  const r = await baseQuery(db)
    .where(and(eq(secondsOrders.id, id), eq(secondsOrders.userId, userId)))
    .get();
  return r ? fromRow({ ...r.order, currencyName: r.currencyName, precision: r.precision }, now) : undefined;
}

/** A page of the user's orders: 1 open (not yet due), 2 closing (due, payment on its way), 3 closed; newest first. */
export async function listSecondsOrders(
  db: Db,
  userId: number,
  q: { marketId?: number; status: SecondsStatus; page: number; limit: number },
  now = Date.now(),
): Promise<{ total: number; data: SecondsOrder[] }> {
  const conds = [eq(secondsOrders.userId, userId)];
  if (q.marketId) conds.push(eq(secondsOrders.marketId, q.marketId));
  if (q.status === 3) conds.push(eq(secondsOrders.status, 3));
  else {
    conds.push(eq(secondsOrders.status, 1));
    conds.push(q.status === 1 ? gt(secondsOrders.handledAt, now) : lte(secondsOrders.handledAt, now));
  }
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(desc(secondsOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(secondsOrders).where(where).get(),
  ]);
  return {
    total: total?.n ?? 0,
    data: rows.map((r) => fromRow({ ...r.order, currencyName: r.currencyName, precision: r.precision }, now)),
  };
}

/** A market's orders D1 has open and that were accepted before `before` (a Seconds object's reconcile). */
export async function openOrdersOf(db: Db, marketId: number, before: number, limit = 20_000): Promise<OpenOrder[]> {
  const rows = await baseQuery(db)
    .where(and(eq(secondsOrders.marketId, marketId), eq(secondsOrders.status, 1), lte(secondsOrders.createdAt, before)))
    .limit(limit)
    .all();
  return rows.map(({ order: r, currencyName, precision }) => ({
    id: r.id,
    userId: r.userId,
    marketId: r.marketId,
    symbol: r.symbol,
    currencyId: r.currencyId,
    currencyName: currencyName ?? "",
    precision: precision ?? 0,
    type: r.type as Direction,
    seconds: r.seconds,
    number: r.number,
    fee: r.fee,
    profitRatio: r.profitRatio,
    lossRatio: r.lossRatio,
    open: { time: r.openTime, price: r.openPrice, source: r.openSource },
    createdAt: r.createdAt,
    handledAt: r.handledAt,
  }));
}
