import { savedByOrder } from "../coupons/uses.ts";
import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import { toLots, toTicks } from "./units.ts";
import type { OrderStatus, SpotOrder } from "../../../schema/api/market.ts";
import { spotOrders } from "../../../schema/db/index.ts";
import { ApiError } from "../errors.ts";
import type { Db } from "../db.ts";
import { ACCOUNT_TYPES, DuplicateJournal, type Statement, bound, commit, jsonColumn as col, openHolds } from "../ledger/index.ts";
import { averagePrice, type MarketConfig, quoteUnitFactor, unitsText } from "./config.ts";
import { balanceKey, type Committed, type NewOrder, type PlaceOrder } from "./steps.ts";

export type { NewOrder };

/**
 * Spot orders on the D1 side: the order row + ledger hold written in ONE batch (orders checked by order-input.ts),
 * and the order as users see it. The route and the market maker both come through here: same checks, same holds.
 */

const ORDER_COLUMNS =
  "id, user_id, market_id, side, order_type, tif, post_only, price, amount, hold_id, hold_currency_id, hold_units, status, reason, " +
  "created_at, updated_at";
const INSERT_ORDERS =
  `INSERT INTO spot_orders (${ORDER_COLUMNS}) SELECT ${Array.from({ length: 15 }, (_, i) => col(i)).join(", ")}, ?2 ` +
  `FROM json_each(?1) WHERE true`;
const INSERT_ORDERS_IGNORING = `${INSERT_ORDERS} ON CONFLICT DO NOTHING`;
const READ_AVAILABLE =
  `SELECT b.user_id AS owner, b.currency_id AS currency, b.available AS available FROM json_each(?1) AS k ` +
  `JOIN balances AS b ON b.user_id = json_extract(k.value, '$[0]') AND b.currency_id = json_extract(k.value, '$[1]') ` +
  `AND b.account_type = ?2`;

/** The order's D1 row as a JSON array: "pending" (held, on its way to the book), or "rejected" with nothing held. */
function orderRow(m: MarketConfig, o: NewOrder, rejected?: string): unknown[] {
  return [
    o.id,
    o.owner,
    m.id,
    o.side === "buy" ? 1 : 2,
    o.type,
    o.tif,
    o.postOnly ? 1 : 0,
    o.priceText,
    o.amountText,
    o.hold,
    o.holdCurrency,
    rejected ? 0 : o.holdUnits,
    rejected ? "rejected" : "pending",
    rejected ?? "",
    o.createdAt,
  ];
}

/**
 * The order rows and their ledger holds, for any number of orders: the same seven
 * statements (each hold's journal is keyed by its hold id, so a repeat is a DuplicateJournal).
 */
function heldStatements(db: Db, m: MarketConfig, list: NewOrder[], now: number): Statement[] {
  const { statements } = openHolds(
    db,
    list.map((o) => ({
      userId: o.owner,
      currencyId: o.holdCurrency,
      accountType: ACCOUNT_TYPES.change,
      amount: o.holdUnits,
      reason: "spot_order",
      ref: `spot:${o.id}`,
      holdId: o.hold,
      memo: { order: o.id, market: m.symbol },
    })),
    now,
  );
  return [...statements, bound(db, INSERT_ORDERS, JSON.stringify(list.map((o) => orderRow(m, o))), now)];
}

/**
 * The row of an order the ledger refused after its owner was answered (settled
 * from the Market object's outbox), so it shows in their history. Idempotent.
 */
export const refusedRowStatement = (db: Db, m: MarketConfig, o: NewOrder, reason: string, now: number): Statement =>
  bound(db, INSERT_ORDERS_IGNORING, JSON.stringify([orderRow(m, o, reason)]), now);

/**
 * The statements that write accepted orders' rows and holds and read their owners' available balances back (last), and
 * how to read the batch's answers as their outcome: every order held. For a batch of its own (commitOrders) or at the
 * end of a market's settlement batch (settleAndCommit in cycle.ts).
 */
export function heldWrite(
  db: Db,
  m: MarketConfig,
  list: NewOrder[],
  now: number,
): { statements: Statement[]; committed(results: unknown[]): Committed } {
  const keys = new Map<string, [number, number]>();
  for (const o of list) keys.set(balanceKey(o.owner, o.holdCurrency), [o.owner, o.holdCurrency]);
  const statements = [
    ...heldStatements(db, m, list, now),
    bound(db, READ_AVAILABLE, JSON.stringify([...keys.values()]), ACCOUNT_TYPES.change),
  ];
  return {
    statements,
    committed(results) {
      const out: Committed = { outcome: new Map(list.map((o) => [o.id, "held"])), available: new Map() };
      for (const key of keys.keys()) out.available.set(key, 0);
      for (const r of results.at(-1) as { owner: number; currency: number; available: number }[]) {
        out.available.set(balanceKey(r.owner, r.currency), r.available);
      }
      return out;
    },
  };
}

/** Whether a failed order batch failed on something commitOrders answers order by order (a repeat, a short balance). */
export const refusedBatch = (err: unknown): boolean =>
  err instanceof DuplicateJournal || (err instanceof ApiError && err.code === "INSUFFICIENT_BALANCE");

/**
 * Writes the order rows and holds of accepted orders: one D1 batch for all of
 * them (group commit), reading back the owners' available balances in the same
 * batch. When the batch fails, each order is tried on its own, so one short
 * balance does not sink the others: an order already written before (a retry
 * after a crash) counts as held; one its owner cannot cover is "insufficient" and
 * nothing of it is written. Any other failure is thrown.
 */
export async function commitOrders(db: Db, m: MarketConfig, list: NewOrder[], now = Date.now()): Promise<Committed> {
  if (list.length === 0) return { outcome: new Map(), available: new Map() };
  const write = heldWrite(db, m, list, now);
  try {
    return write.committed(await commit(db, write.statements));
  } catch (err) {
    if (!refusedBatch(err)) throw err;
  }
  const outcome = new Map<number, "held" | "insufficient">();
  for (const o of list) {
    try {
      await commit(db, heldStatements(db, m, [o], now));
      outcome.set(o.id, "held");
    } catch (err) {
      if (err instanceof DuplicateJournal) outcome.set(o.id, "held");
      else if (err instanceof ApiError && err.code === "INSUFFICIENT_BALANCE") outcome.set(o.id, "insufficient");
      else throw err;
    }
  }
  // The read-back alone: its answer is the last, as in the whole batch.
  const { available } = write.committed(await commit(db, [write.statements.at(-1)!]));
  return { outcome, available };
}

// ---------------------------------------------------------------- reading orders

export type OrderRow = typeof spotOrders.$inferSelect;

const DOING = ["pending", "open", "partial"] as const;
const COMPLETE = ["filled", "cancelled", "rejected"] as const;

/** The order as the API shows it. A pending order (held, on its way to the book) shows as open. */
export function spotOrderView(r: OrderRow, m: MarketConfig): SpotOrder {
  const buy = r.side === 1;
  const state: OrderStatus = r.status === "pending" ? "open" : r.status;
  return {
    id: r.id,
    symbol: m.symbol,
    type: buy ? 1 : 2,
    order_type: r.orderType,
    target_price: r.price,
    amount: r.amount,
    trade_amount: unitsText(r.filledUnits, m.base.precision),
    avg_price: averagePrice(m, r.quoteUnits, r.filledUnits),
    fee: unitsText(r.feeUnits, buy ? m.base.precision : m.quote.precision),
    fee_currency: buy ? m.base.name : m.quote.name,
    status: (DOING as readonly string[]).includes(r.status) ? 1 : 2,
    state,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** The caller's own order, or null (another user's order is "not found" to them). */
export async function ownOrder(db: Db, userId: number, id: number): Promise<OrderRow | null> {
  const row = await db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId)))
    .get();
  return row ?? null;
}

/** The PlaceOrder of a stored order (reconciling, cancelling an order the market never saw). */
export function placeOf(r: OrderRow, m: MarketConfig): PlaceOrder {
  return {
    id: r.id,
    owner: r.userId,
    side: r.side === 1 ? "buy" : "sell",
    type: r.orderType,
    price: r.orderType === "limit" ? toTicks(r.price, m.tickSize, "exact") : 0,
    qty: toLots(r.amount, m.lotSize, "exact"),
    tif: r.tif,
    postOnly: r.postOnly,
    budget: r.orderType === "market" && r.side === 1 ? r.holdUnits / quoteUnitFactor(m) : 0,
    hold: r.holdId,
    holdUnits: r.holdUnits,
    createdAt: r.createdAt,
  };
}

/** GET /coin/list: the caller's orders, doing (1) or complete (2), newest first. */
export async function listOrders(
  db: Db,
  userId: number,
  all: MarketConfig[],
  q: { page: number; limit: number; status: "1" | "2"; currency_id?: number; legal_id?: number },
) {
  const wanted = all.filter(
    (m) => (q.currency_id === undefined || m.base.id === q.currency_id) && (q.legal_id === undefined || m.quote.id === q.legal_id),
  );
  const byId = new Map(all.map((m) => [m.id, m]));
  if (wanted.length === 0) return { data: [] as SpotOrder[], page: q.page, pages: 1, total: 0 };
  const where = and(
    eq(spotOrders.userId, userId),
    inArray(spotOrders.status, q.status === "1" ? [...DOING] : [...COMPLETE]),
    wanted.length === all.length
      ? undefined
      : inArray(
          spotOrders.marketId,
          wanted.map((m) => m.id),
        ),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(spotOrders)
      .where(where)
      .orderBy(desc(spotOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(spotOrders).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  const saved = await savedByOrder(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.flatMap((r) => {
      const m = byId.get(r.marketId);
      if (!m) return [];
      const view = spotOrderView(r, m);
      const units = saved.get(r.id);
      return [units ? { ...view, fee_saved: unitsText(units, r.side === 1 ? m.base.precision : m.quote.precision) } : view];
    }),
    page: q.page,
    pages: Math.max(1, Math.ceil(n / q.limit)),
    total: n,
  };
}

/** Orders of a market still "pending" in D1 since before `before` (their place call may have been lost). */
export async function pendingOrders(db: Db, marketId: number, before: number, limit = 100): Promise<OrderRow[]> {
  return db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.marketId, marketId), eq(spotOrders.status, "pending"), lt(spotOrders.createdAt, before)))
    .orderBy(spotOrders.id)
    .limit(limit);
}
