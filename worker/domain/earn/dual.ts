import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  type DualOrderStatus,
  type DualOrderView,
  type DualPosition,
  type DualProductView,
  type DualType,
  costUnits,
  dualPayout,
  saleStatus,
  settleAtOf,
} from "../../../schema/api/dual.ts";
import { TRAIL_KEEP_MS, type TrailEntry } from "../../../schema/api/trail.ts";
import { currencies, dualOrders, dualProducts, markets } from "../../../schema/db/index.ts";
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
  postingStatements,
  jsonColumn as col,
} from "../ledger/index.ts";
import { requireCurrency, userUnits } from "../wallet/currencies.ts";
import { auditCreatedStatement } from "./audit-created.ts";
import type { ChunkResult } from "./mining.ts";
import { log } from "../log.ts";

/**
 * Dual products (the spec's `/dual/*`): operators offer calls and puts on a coin; a purchase moves its cost from the
 * user's exchange account to the dual account (-15) and raises the product's sold shares and the user's holding in the
 * same batch, where CHECKs refuse selling beyond the offer or the user's limit. At the settlement instant the chunked
 * job reads the reference price in effect then from the coin's USDT market trail and pays from the dual account
 * (schema/api/dual-rules.ts has the formula), once per order (journal `dual:settle:<id>`).
 */

type ProductRow = typeof dualProducts.$inferSelect;
type OrderRow = typeof dualOrders.$inferSelect;
type Cur = { id: number; name: string; precision: number };

/** How the job reads the reference price in effect at an instant from a market's trail (the Market object's trailAt). */
export type TrailReader = { trailAt(symbol: string, t: number): Promise<TrailEntry | null> };

/** A failed settlement attempt (no price in effect, the market unreachable) is tried again this much later. */
export const DUAL_RETRY_MS = 60_000;
/** Settlement waits this long past the instant, so the trail holds every tick up to it. */
export const DUAL_SETTLE_DELAY_MS = 2_000;

async function currencyMap(db: Db): Promise<Map<number, Cur>> {
  const rows = await db.select({ id: currencies.id, name: currencies.name, precision: currencies.precision }).from(currencies).all();
  return new Map(rows.map((r) => [r.id, r]));
}

async function usdt(db: Db): Promise<Cur> {
  const c = await requireCurrency(db, "USDT", { includeDisabled: true });
  return { id: c.id, name: c.name, precision: c.precision };
}

function productView(p: ProductRow, coin: Cur, u: Cur, now: number): DualProductView {
  const pay = p.type === "call" ? coin : u;
  return {
    id: p.id,
    name: p.name,
    currency_id: coin.id,
    currency_name: coin.name,
    pay_currency: pay.name,
    type: p.type as DualType,
    rate: p.aprPct,
    exercise_price: p.exercisePrice,
    per_price: p.perPrice,
    total_number: p.totalNumber,
    purchased_number: p.purchasedNumber,
    remaining_number: p.totalNumber - p.purchasedNumber,
    user_limit: p.userLimit,
    start_time: p.startAt,
    end_time: p.endAt,
    day: p.days,
    settle_time: p.settleAt,
    status: saleStatus(p, now),
    precision: coin.precision,
    pay_precision: pay.precision,
    usdt_precision: u.precision,
    enabled: p.enabled ? 1 : 0,
  };
}

/** GET /dual/index: enabled products on sale or coming (newest window first), by coin and type; the console sees all. */
export async function listDualProducts(
  db: Db,
  q: { currency_id?: string; type?: DualType },
  now = Date.now(),
  includeDisabled = false,
): Promise<{ dual_currencys: DualProductView[] }> {
  const coin = q.currency_id ? await requireCurrency(db, q.currency_id, { includeDisabled: true }) : null;
  const where = and(
    includeDisabled ? undefined : eq(dualProducts.enabled, true),
    includeDisabled ? undefined : sql`${dualProducts.endAt} > ${now}`,
    coin ? eq(dualProducts.currencyId, coin.id) : undefined,
    q.type ? eq(dualProducts.type, q.type) : undefined,
  );
  const [rows, curs, u] = await Promise.all([
    db.select().from(dualProducts).where(where).orderBy(asc(dualProducts.startAt), asc(dualProducts.id)).limit(200).all(),
    currencyMap(db),
    usdt(db),
  ]);
  return { dual_currencys: rows.map((p) => productView(p, curs.get(p.currencyId)!, u, now)) };
}

/** GET /dual/detail: an enabled product, or 404. */
export async function dualDetail(db: Db, id: number, now = Date.now()): Promise<DualProductView> {
  const p = await db.select().from(dualProducts).where(eq(dualProducts.id, id)).get();
  if (!p || !p.enabled) throw notFound();
  const [curs, u] = await Promise.all([currencyMap(db), usdt(db)]);
  return productView(p, curs.get(p.currencyId)!, u, now);
}

const RAISE_SOLD = "UPDATE dual_products SET purchased_number = purchased_number + ?1 WHERE id = ?2";
// The limit travels with the row, so the CHECK (num <= user_limit) judges the sum against the product's limit now.
const RAISE_HOLDING =
  "INSERT INTO dual_holdings (user_id, product_id, num, user_limit) VALUES (?1, ?2, ?3, ?4) " +
  "ON CONFLICT (user_id, product_id) DO UPDATE SET num = num + excluded.num, user_limit = excluded.user_limit";

/**
 * POST /dual/buyDual: moves the cost to the dual account, raises the sold shares and the user's holding, and writes
 * the order, in one batch that fails whole when the offer, the user's limit or the balance cannot cover it.
 */
export async function buyDual(
  db: Db,
  userId: number,
  input: { id: number; num: number },
  record: (figures: { cost: string; pay: string }) => Statement[] = () => [],
  now = Date.now(),
): Promise<DualOrderView> {
  const p = await db.select().from(dualProducts).where(eq(dualProducts.id, input.id)).get();
  if (!p || !p.enabled) throw notFound();
  const status = saleStatus(p, now);
  if (status !== 1) throw conflict(status === 2 ? "DUAL_NOT_STARTED" : "DUAL_ENDED");
  const remaining = p.totalNumber - p.purchasedNumber;
  if (input.num > remaining) throw conflict("DUAL_SOLD_OUT", { remaining });
  if (input.num > p.userLimit) throw conflict("DUAL_OVER_LIMIT", { limit: p.userLimit });
  const [curs, u] = await Promise.all([currencyMap(db), usdt(db)]);
  const coin = curs.get(p.currencyId)!;
  const pay = p.type === "call" ? coin : u;
  const cost = costUnits(input.num, p.perPrice, pay.precision);
  const journal: Journal = {
    kind: "dual_buy",
    refKey: `dual:buy:${crypto.randomUUID()}`,
    userId,
    memo: { product_id: p.id, num: input.num, type: p.type, coin: coin.name },
    lines: [
      { userId, accountType: ACCOUNT_TYPES.change, currencyId: pay.id, bucket: "available", amount: -cost },
      { userId: SYSTEM_ACCOUNTS.dual, accountType: SYSTEM_ACCOUNT_TYPE, currencyId: pay.id, bucket: "available", amount: cost },
    ],
  };
  const insert = db
    .insert(dualOrders)
    .values({
      userId,
      productId: p.id,
      currencyId: p.currencyId,
      payCurrencyId: pay.id,
      type: p.type,
      num: input.num,
      cost,
      aprPct: p.aprPct,
      exercisePrice: p.exercisePrice,
      days: p.days,
      settleAt: p.settleAt,
      nextTryAt: p.settleAt + DUAL_SETTLE_DELAY_MS,
      createdAt: now,
    })
    .returning();
  try {
    const prefix = record({ cost: fromUnits(cost, pay.precision), pay: pay.name });
    const results = await commit(db, [
      ...prefix,
      bound(db, RAISE_SOLD, input.num, p.id),
      bound(db, RAISE_HOLDING, userId, p.id, input.num, p.userLimit),
      ...postingStatements(db, [journal], now),
      insert,
    ]);
    return orderView((results.at(-1) as OrderRow[])[0]!, p, curs, u);
  } catch (err) {
    // Other buyers took the last shares, or the user's other purchases reached the limit, between the read and the batch.
    if (errorText(err).includes("dual_products_sold")) throw conflict("DUAL_SOLD_OUT", { remaining: 0 });
    if (errorText(err).includes("dual_holdings_limit")) throw conflict("DUAL_OVER_LIMIT", { limit: p.userLimit });
    throw err;
  }
}

function orderView(o: OrderRow, p: Pick<ProductRow, "name" | "perPrice">, curs: Map<number, Cur>, u: Cur): DualOrderView {
  const coin = curs.get(o.currencyId)!;
  const pay = curs.get(o.payCurrencyId)!;
  const payoutCur = o.payoutCurrencyId === null ? null : (curs.get(o.payoutCurrencyId) ?? null);
  return {
    id: o.id,
    product_id: o.productId,
    name: p.name,
    currency_name: coin.name,
    pay_currency: pay.name,
    type: o.type as DualType,
    order_rate: o.aprPct,
    exercise_price: o.exercisePrice,
    number: o.num,
    price: p.perPrice,
    day: o.days,
    total: fromUnits(o.cost, pay.precision),
    end_time: o.settleAt,
    create_time: o.createdAt,
    status: o.status as DualOrderStatus,
    settle_price: o.settlePrice,
    price_time: o.priceTime,
    payout: o.payout === null || !payoutCur ? null : fromUnits(o.payout, payoutCur.precision),
    payout_currency: payoutCur?.name ?? (o.status === 3 ? u.name : null),
    settled_at: o.settledAt,
  };
}

/** POST /dual/dual_list: the caller's orders, newest first, by coin, type and status. */
export async function listDualOrders(
  db: Db,
  userId: number,
  q: { currency?: string; type?: DualType; status?: "1" | "2" | "3" | "4"; page: number; limit: number },
) {
  const coin = q.currency ? await requireCurrency(db, q.currency, { includeDisabled: true }) : null;
  const where = and(
    eq(dualOrders.userId, userId),
    coin ? eq(dualOrders.currencyId, coin.id) : undefined,
    q.type ? eq(dualOrders.type, q.type) : undefined,
    q.status ? eq(dualOrders.status, Number(q.status)) : undefined,
  );
  const [rows, count, curs, u] = await Promise.all([
    db
      .select({ o: dualOrders, name: dualProducts.name, perPrice: dualProducts.perPrice })
      .from(dualOrders)
      .innerJoin(dualProducts, eq(dualProducts.id, dualOrders.productId))
      .where(where)
      .orderBy(desc(dualOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(dualOrders)
      .where(where)
      .get(),
    currencyMap(db),
    usdt(db),
  ]);
  return { list: rows.map((r) => orderView(r.o, r, curs, u)), page: q.page, limit: q.limit, total: count?.n ?? 0 };
}

/** Per pay coin, what the caller has in open dual orders (for the assets page). */
export async function dualPositions(db: Db, userId: number): Promise<DualPosition[]> {
  const rows = await db
    .select({ currencyId: dualOrders.payCurrencyId, cost: sql<number>`sum(${dualOrders.cost})`, n: sql<number>`count(*)` })
    .from(dualOrders)
    .where(and(eq(dualOrders.userId, userId), inArray(dualOrders.status, [1, 2])))
    .groupBy(dualOrders.payCurrencyId)
    .all();
  const curs = await currencyMap(db);
  return rows.map((r) => {
    const c = curs.get(r.currencyId)!;
    return { currency: c.name, amount: fromUnits(r.cost, c.precision), orders: r.n };
  });
}

export type DualProductInput = {
  id?: number;
  name: string;
  currency: string;
  type: DualType;
  rate: string;
  exercise_price: string;
  per_price: string;
  total_number: number;
  user_limit: number;
  start_time: number;
  end_time: number;
  day: number;
  enabled: "0" | "1";
};

/** A positive decimal with at most `precision` decimals, in canonical text (translated 400 otherwise). */
function positive(text: string, precision: number): string {
  return fromUnits(userUnits(text, precision), precision);
}

/**
 * Operator: creates or edits a product, audited in the same batch. The coin needs a USDT market (its trail settles
 * the orders); the offer cannot go below what is sold (the CHECK). Open orders keep the terms they were bought with.
 */
export async function saveDualProduct(db: Db, actorId: number, input: DualProductInput, now = Date.now()): Promise<DualProductView> {
  const [coin, u] = await Promise.all([requireCurrency(db, input.currency, { includeDisabled: true }), usdt(db)]);
  if (coin.id === u.id || !(await marketSymbol(db, coin.id, u.id))) throw badRequest("DUAL_NO_MARKET", { currency: coin.name });
  if (input.end_time <= input.start_time) throw badRequest("DUAL_DATES_INVALID");
  const pay = input.type === "call" ? coin : u;
  const values = {
    name: input.name,
    currencyId: coin.id,
    type: input.type,
    aprPct: input.rate,
    exercisePrice: positive(input.exercise_price, 8),
    perPrice: positive(input.per_price, pay.precision),
    totalNumber: input.total_number,
    userLimit: input.user_limit,
    startAt: input.start_time,
    endAt: input.end_time,
    days: input.day,
    settleAt: settleAtOf(input.end_time, input.day),
    enabled: input.enabled === "1",
    updatedAt: now,
  };
  const curs = new Map([[coin.id, { id: coin.id, name: coin.name, precision: coin.precision }]]);
  try {
    if (input.id !== undefined) {
      const before = await db.select().from(dualProducts).where(eq(dualProducts.id, input.id)).get();
      if (!before) throw notFound();
      // The type and coin decide what sold orders paid in: fixed once anything is sold.
      if (before.purchasedNumber > 0 && (before.type !== values.type || before.currencyId !== values.currencyId)) {
        throw conflict("DUAL_TERMS_LOCKED");
      }
      const [rows] = (await commit(db, [
        db.update(dualProducts).set(values).where(eq(dualProducts.id, before.id)).returning(),
        auditStatement(
          db,
          { actorId, action: "dual_product_edit", subjectType: "dual_product", subjectId: before.id, detail: { before, after: values } },
          now,
        ),
      ])) as [ProductRow[]];
      return productView(rows[0]!, curs.get(coin.id)!, u, now);
    }
    const [rows] = (await commit(db, [
      db
        .insert(dualProducts)
        .values({ ...values, createdAt: now })
        .returning(),
      auditCreatedStatement(db, { actorId, action: "dual_product_create", subjectType: "dual_product", detail: { after: values } }, now),
    ])) as [ProductRow[]];
    return productView(rows[0]!, curs.get(coin.id)!, u, now);
  } catch (err) {
    if (errorText(err).includes("dual_products_sold")) throw conflict("DUAL_TOTAL_BELOW_SOLD");
    throw err;
  }
}

/** The coin's USDT market symbol ("BTC/USDT"), whose trail gives the settlement price; null when there is none. */
async function marketSymbol(db: Db, coinId: number, usdtId: number): Promise<string | null> {
  const m = await db
    .select({ symbol: markets.symbol })
    .from(markets)
    .where(and(eq(markets.currencyId, coinId), eq(markets.legalId, usdtId)))
    .get();
  return m?.symbol ?? null;
}

// Settlement -------------------------------------------------------------------------------------------------------

// Guarded on the open states: an order another run closed is left as it is (its journal key already failed the batch).
const MARK_CLOSED =
  `UPDATE dual_orders SET status = d.s, settle_price = d.p, price_time = d.pt, payout_currency_id = d.c, payout = d.u, ` +
  `settled_at = ?2 FROM (SELECT ${col(0)} AS id, ${col(1)} AS s, ${col(2)} AS p, ${col(3)} AS pt, ${col(4)} AS c, ${col(5)} AS u ` +
  `FROM json_each(?1)) AS d WHERE dual_orders.id = d.id AND dual_orders.status IN (1, 2)`;
const MARK_RETRY = `UPDATE dual_orders SET status = 2, next_try_at = ?2
  WHERE status IN (1, 2) AND id IN (SELECT ${col(0)} FROM json_each(?1))`;

/** The journal paying one order from the dual account: the payout (or, on fail, the cost) to the user's exchange account. */
export function settlementJournal(
  o: Pick<OrderRow, "id" | "userId">,
  currencyId: number,
  units: number,
  kind: "dual_settle" | "dual_refund",
): Journal {
  return {
    kind,
    refKey: `dual:settle:${o.id}`,
    userId: o.userId,
    memo: { order_id: o.id },
    lines: [
      { userId: SYSTEM_ACCOUNTS.dual, accountType: SYSTEM_ACCOUNT_TYPE, currencyId, bucket: "available", amount: -units },
      { userId: o.userId, accountType: ACCOUNT_TYPES.change, currencyId, bucket: "available", amount: units },
    ],
  };
}

/** What settling one order decides: paid at a price, refunded (the instant left the trail), or tried again later. */
export type SettleDecision =
  | { kind: "paid"; price: string; priceTime: number; currencyId: number; units: number }
  | { kind: "refund"; currencyId: number; units: number }
  | { kind: "retry" };

/** Pure: the decision for one order given the trail's answer at its settlement instant. */
export function decideSettlement(o: OrderRow, entry: TrailEntry | null, coin: Cur, u: Cur, now: number): SettleDecision {
  if (entry) {
    const payout = dualPayout(
      {
        type: o.type as DualType,
        cost: o.cost,
        aprPct: o.aprPct,
        days: o.days,
        exercisePrice: o.exercisePrice,
        coinPrecision: coin.precision,
        usdtPrecision: u.precision,
      },
      entry.price,
    );
    return {
      kind: "paid",
      price: entry.price,
      priceTime: entry.time,
      currencyId: payout.in === "coin" ? coin.id : u.id,
      units: payout.units,
    };
  }
  // The trail keeps TRAIL_KEEP_MS: past that no price can ever be found, so the order fails and its cost returns.
  if (now - o.settleAt > TRAIL_KEEP_MS) return { kind: "refund", currencyId: o.payCurrencyId, units: o.cost };
  return { kind: "retry" };
}

/**
 * One chunk of the settlement job: up to `limit` orders due, each at the reference price in effect at its own
 * settlement instant (asked once per coin and instant), in one batch. Orders with no price in effect are marked
 * settlementing and tried again after DUAL_RETRY_MS, never settled on a guess. Idempotent like the other earn jobs.
 */
export async function settleDualChunk(db: Db, now: number, trail: TrailReader, limit = 500): Promise<ChunkResult> {
  for (let attempt = 0; ; attempt++) {
    const rows = await db
      .select()
      .from(dualOrders)
      .where(and(inArray(dualOrders.status, [1, 2]), lte(dualOrders.nextTryAt, now)))
      .orderBy(asc(dualOrders.nextTryAt), asc(dualOrders.id))
      .limit(limit)
      .all();
    if (rows.length === 0) return { processed: 0, more: false };
    const [curs, u] = await Promise.all([currencyMap(db), usdt(db)]);
    const prices = new Map<string, TrailEntry | null>();
    for (const o of rows) {
      const key = `${o.currencyId}:${o.settleAt}`;
      if (prices.has(key)) continue;
      const symbol = await marketSymbol(db, o.currencyId, u.id);
      prices.set(key, symbol ? await trail.trailAt(symbol, o.settleAt).catch(() => null) : null);
    }
    const settled: Settled[] = [];
    const retry: number[][] = [];
    for (const o of rows) {
      const d = decideSettlement(o, prices.get(`${o.currencyId}:${o.settleAt}`) ?? null, curs.get(o.currencyId)!, u, now);
      if (d.kind === "retry") {
        retry.push([o.id]);
        continue;
      }
      settled.push({
        id: o.id,
        journal: d.units > 0 ? settlementJournal(o, d.currencyId, d.units, d.kind === "paid" ? "dual_settle" : "dual_refund") : null,
        closed: d.kind === "paid" ? [o.id, 3, d.price, d.priceTime, d.currencyId, d.units] : [o.id, 4, null, null, d.currencyId, d.units],
      });
    }
    try {
      await commit(db, settleStatements(db, settled, retry, now));
      return { processed: settled.length, more: rows.length === limit };
    } catch (err) {
      // Another run settled some of these between the read and the batch: read again, they are gone.
      if (err instanceof DuplicateJournal && attempt < 50) continue;
      if (!(err instanceof ApiError && err.code === "INSUFFICIENT_BALANCE")) throw err;
      // The dual account cannot cover them all: pay what it can one by one, so one short currency blocks no other order.
      return { processed: await settleOneByOne(db, settled, retry, now), more: rows.length === limit };
    }
  }
}

type Settled = { id: number; journal: Journal | null; closed: unknown[] };

function settleStatements(db: Db, settled: Settled[], retry: number[][], now: number): Statement[] {
  const journals = settled.flatMap((s) => (s.journal ? [s.journal] : []));
  return [
    ...postingStatements(db, journals, now),
    ...(settled.length ? [bound(db, MARK_CLOSED, JSON.stringify(settled.map((s) => s.closed)), now)] : []),
    ...(retry.length ? [bound(db, MARK_RETRY, JSON.stringify(retry), now + DUAL_RETRY_MS)] : []),
  ];
}

async function settleOneByOne(db: Db, settled: Settled[], retry: number[][], now: number): Promise<number> {
  let paid = 0;
  const unpaid = [...retry];
  for (const s of settled) {
    try {
      await commit(db, settleStatements(db, [s], [], now));
      paid++;
    } catch (err) {
      if (err instanceof DuplicateJournal) continue;
      if (!(err instanceof ApiError && err.code === "INSUFFICIENT_BALANCE")) throw err;
      log("error", { job: "dual_settlement", order: s.id, error: "the dual account cannot cover the payout" });
      unpaid.push([s.id]);
    }
  }
  if (unpaid.length) await commit(db, settleStatements(db, [], unpaid, now));
  return paid;
}

/**
 * Development and browser tests only: the product's window closes and its orders settle now (`POST /dev/dual/mature` in
 * routes/dual.ts).
 */
export async function matureDualProduct(db: Db, id: number, now = Date.now()): Promise<void> {
  const p = await db.select().from(dualProducts).where(eq(dualProducts.id, id)).get();
  if (!p) throw notFound();
  const end = Math.min(p.endAt, now);
  await commit(db, [
    db
      .update(dualProducts)
      .set({ startAt: Math.min(p.startAt, end - 1), endAt: end, settleAt: end })
      .where(eq(dualProducts.id, id)),
    db
      .update(dualOrders)
      .set({ settleAt: end, nextTryAt: end + DUAL_SETTLE_DELAY_MS })
      .where(and(eq(dualOrders.productId, id), inArray(dualOrders.status, [1, 2]))),
  ]);
}
