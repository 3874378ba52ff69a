import type { Accepted } from "./accept.ts";
import type { RestingOrderInput } from "./engine/index.ts";

/**
 * The Market object's own storage: its SQLite database, reached through a tiny
 * driver so the same code runs on Durable Object storage (ctx.storage.sql) and on
 * node:sqlite (benchmarks, unit tests). Only this file writes SQL for the object.
 *
 * Tables
 *   orders   every order the market ever accepted (kept for idempotency by id);
 *            the resting ones rebuild the book (partial index in book order)
 *   outbox   one row per command: the D1 settlement steps it caused, drained by the alarm
 *   intake   accepted orders whose D1 row and hold are not written yet (see intake.ts)
 *   idem     (owner, Idempotency-Key) → the order it placed, for retried POSTs
 *   trades   recent public trades
 *   candles  OHLCV per period and bucket start, from the market's own trades
 *   meta     key/value: engine sequence number, last trade, reference price, feed state
 *   sim_candles  simulated history (history.ts; development and tests only), kept apart from the market's own candles
 */

export { type DurableObjectStorageLike, type SqlDriver, type SqlValue, durableSql } from "../common/sql.ts";
import type { SqlDriver, SqlValue } from "../common/sql.ts";

export type Side = 0 | 1; // 0 buy, 1 sell
export type OrderState = "open" | "partial" | "filled" | "cancelled" | "rejected";

export type OrderRow = {
  id: number;
  owner: number;
  side: Side;
  /** 0 limit, 1 market. */
  type: 0 | 1;
  /** Ticks; 0 for a market order. */
  price: number;
  /** Lots still on the book (or left when it ended). */
  qty: number;
  orig: number;
  filled: number;
  priority: number;
  resting: 0 | 1;
  state: OrderState;
  reason: string;
  hold: string;
  holdUnits: number;
  /** Units of the hold consumed by fills so far. */
  consumed: number;
  quoteUnits: number;
  feeUnits: number;
  /** Engine quote units (ticks × lots) a market buy may spend; 0 otherwise. */
  budget: number;
  tif: "GTC" | "IOC" | "FOK";
  postOnly: 0 | 1;
  createdAt: number;
  updatedAt: number;
};

export type TradeRow = { seq: number; price: number; qty: number; side: Side; time: number };
export type CandleRow = { t: number; o: number; h: number; l: number; c: number; v: number };
export type OutboxRow = { id: number; body: string; done: number; createdAt: number };

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY,
    owner INTEGER NOT NULL,
    side INTEGER NOT NULL,
    type INTEGER NOT NULL,
    price INTEGER NOT NULL,
    qty INTEGER NOT NULL,
    orig INTEGER NOT NULL,
    filled INTEGER NOT NULL DEFAULT 0,
    priority INTEGER NOT NULL DEFAULT 0,
    book_key INTEGER NOT NULL DEFAULT 0,
    resting INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    hold TEXT NOT NULL,
    hold_units INTEGER NOT NULL,
    consumed INTEGER NOT NULL DEFAULT 0,
    quote_units INTEGER NOT NULL DEFAULT 0,
    fee_units INTEGER NOT NULL DEFAULT 0,
    budget INTEGER NOT NULL DEFAULT 0,
    tif TEXT NOT NULL,
    post_only INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`,
  // Book order: bids by price descending (book_key = -price), asks ascending, then time priority.
  // Covering (every column the rebuild reads), so a rebuild is one index scan without table lookups.
  `CREATE INDEX IF NOT EXISTS orders_book ON orders (side, book_key, priority, id, owner, price, qty, orig, filled, post_only) WHERE ` +
    `resting = 1`,
  `CREATE INDEX IF NOT EXISTS orders_owner ON orders (owner) WHERE resting = 1`,
  `CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    body TEXT NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS trades (
    seq INTEGER PRIMARY KEY,
    price INTEGER NOT NULL,
    qty INTEGER NOT NULL,
    side INTEGER NOT NULL,
    time INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS candles (
    period TEXT NOT NULL,
    t INTEGER NOT NULL,
    o INTEGER NOT NULL,
    h INTEGER NOT NULL,
    l INTEGER NOT NULL,
    c INTEGER NOT NULL,
    v INTEGER NOT NULL,
    PRIMARY KEY (period, t)
  ) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS intake (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS idem (
    owner INTEGER NOT NULL,
    key TEXT NOT NULL,
    hash TEXT NOT NULL,
    order_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (owner, key)
  ) WITHOUT ROWID`,
];

/** Simulated history: the same shape as `candles`, never read by the ticker (its 24 hours are the market's own trades). */
const HISTORY_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS sim_candles (
    period TEXT NOT NULL,
    t INTEGER NOT NULL,
    o INTEGER NOT NULL,
    h INTEGER NOT NULL,
    l INTEGER NOT NULL,
    c INTEGER NOT NULL,
    v INTEGER NOT NULL,
    PRIMARY KEY (period, t)
  ) WITHOUT ROWID`,
];

const ORDER_COLUMNS = `id, owner, side, type, price, qty, orig, filled, priority, resting, state, reason, hold,
  hold_units AS holdUnits, consumed, quote_units AS quoteUnits, fee_units AS feeUnits, budget, tif,
  post_only AS postOnly, created_at AS createdAt, updated_at AS updatedAt`;

const PUT_COLUMNS =
  "id, owner, side, type, price, qty, orig, filled, priority, book_key, resting, state, reason, hold, hold_units, consumed, " +
  "quote_units, fee_units, budget, tif, post_only, created_at, updated_at";

const PUT_ONE = `INSERT OR REPLACE INTO orders (${PUT_COLUMNS}) VALUES (${PUT_COLUMNS.split(", ").map(() => "?")})`;
const PUT_MANY =
  `INSERT OR REPLACE INTO orders (${PUT_COLUMNS}) SELECT ` +
  `${PUT_COLUMNS.split(", ").map((_, i) => `json_extract(value, '$[${i}]')`)} FROM json_each(?)`;

/** An order row's values in PUT_COLUMNS order. */
const putValues = (o: OrderRow): SqlValue[] => [
  o.id,
  o.owner,
  o.side,
  o.type,
  o.price,
  o.qty,
  o.orig,
  o.filled,
  o.priority,
  o.side === 0 ? -o.price : o.price,
  o.resting,
  o.state,
  o.reason,
  o.hold,
  o.holdUnits,
  o.consumed,
  o.quoteUnits,
  o.feeUnits,
  o.budget,
  o.tif,
  o.postOnly,
  o.createdAt,
  o.updatedAt,
];

/** How many recent trades the market keeps. */
export const TRADES_KEPT = 500;

export class MarketStore {
  readonly sql: SqlDriver;

  constructor(sql: SqlDriver) {
    this.sql = sql;
  }

  init(): void {
    for (const statement of SCHEMA) this.sql.run(statement);
    for (const statement of HISTORY_SCHEMA) this.sql.run(statement);
  }

  transaction<T>(fn: () => T): T {
    return this.sql.transaction(fn);
  }

  // ---------------------------------------------------------------- orders

  getOrder(id: number): OrderRow | undefined {
    return this.sql.all<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`, id)[0];
  }

  /** The stored rows of these orders, by id (one statement: the ids travel as one JSON parameter). */
  getOrders(ids: readonly number[]): Map<number, OrderRow> {
    const out = new Map<number, OrderRow>();
    if (ids.length === 0) return out;
    const rows =
      ids.length === 1
        ? this.sql.all<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`, ids[0]!)
        : this.sql.all<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
    for (const r of rows) out.set(r.id, r);
    return out;
  }

  /** Inserts or replaces whole rows: one statement for a group commit's orders (rows as one JSON parameter). */
  putOrders(rows: readonly OrderRow[]): void {
    if (rows.length < 2) {
      for (const o of rows) this.putOrder(o);
      return;
    }
    this.sql.run(PUT_MANY, JSON.stringify(rows.map(putValues)));
  }

  /** Inserts or replaces the whole row. */
  putOrder(o: OrderRow): void {
    this.sql.run(PUT_ONE, ...putValues(o));
  }

  /** Resting orders in book order (what MatchingEngine.loadResting takes fastest). */
  loadResting(): RestingOrderInput[] {
    const rows = this.sql.raw(
      `SELECT id, owner, side, price, qty, orig, filled, priority, post_only FROM orders WHERE resting = 1 ORDER BY side, book_key, ` +
        `priority`,
    );
    const out: RestingOrderInput[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number[];
      out[i] = {
        id: r[0]!,
        owner: r[1]!,
        side: r[2] === 0 ? "buy" : "sell",
        price: r[3]!,
        qty: r[4]!,
        origQty: r[5]!,
        filledQty: r[6]!,
        priority: r[7]!,
        postOnly: r[8] === 1,
        stp: "cancel-newest",
      };
    }
    return out;
  }

  /** An owner's resting orders (the market maker's quotes). */
  restingOf(owner: number): { id: number; side: Side; price: number; qty: number }[] {
    return this.sql.all(`SELECT id, side, price, qty FROM orders WHERE resting = 1 AND owner = ?`, owner);
  }

  countResting(): number {
    return this.sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE resting = 1`)[0]?.n ?? 0;
  }

  // ---------------------------------------------------------------- outbox

  appendOutbox(body: string, now: number): void {
    this.sql.run(`INSERT INTO outbox (body, done, created_at) VALUES (?, 0, ?)`, body, now);
  }

  /** The oldest entries, up to entry `upTo` (by default every entry). */
  outbox(limit: number, upTo = Number.MAX_SAFE_INTEGER): OutboxRow[] {
    return this.sql.all<OutboxRow>(
      `SELECT id, body, done, created_at AS createdAt FROM outbox WHERE id <= ? ORDER BY id LIMIT ?`,
      upTo,
      limit,
    );
  }

  /** The newest entry's id (0: none). */
  outboxLast(): number {
    return this.sql.all<{ id: number | null }>(`SELECT MAX(id) AS id FROM outbox`)[0]?.id ?? 0;
  }

  outboxSize(): number {
    return this.sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM outbox`)[0]?.n ?? 0;
  }

  /** Records that the first `done` steps of an entry are settled. */
  outboxProgress(id: number, done: number): void {
    this.sql.run(`UPDATE outbox SET done = ? WHERE id = ?`, done, id);
  }

  /** Removes settled entries (one statement for a drain batch's worth). */
  outboxRemove(ids: number[]): void {
    if (ids.length > 0) this.sql.run(`DELETE FROM outbox WHERE id IN (${ids.map(() => "?").join(",")})`, ...ids);
  }

  // ---------------------------------------------------------------- intake and idempotency

  addIntake(id: number, body: string): void {
    this.sql.run(`INSERT OR IGNORE INTO intake (id, body) VALUES (?, ?)`, id, body);
  }

  /**
   * Stores accepted orders (with their Idempotency-Keys) all or nothing. One order without a key is one statement, all
   * or nothing by itself: a transaction around it measurably cost the order path (bench/market-place.bench.ts), and most
   * orders arrive alone.
   */
  addAccepted(list: readonly Accepted[]): void {
    const run = () => {
      for (const { order, idem } of list) {
        this.addIntake(order.id, JSON.stringify(order));
        if (idem) this.putIdem(order.owner, idem.key, idem.hash, order.id, order.createdAt);
      }
    };
    if (list.length === 1 && !list[0]!.idem) run();
    else this.transaction(run);
  }

  intake(): string[] {
    return this.sql.all<{ body: string }>(`SELECT body FROM intake ORDER BY id`).map((r) => r.body);
  }

  removeIntake(ids: number[]): void {
    // One statement for a whole batch (at most MAX_BATCH ids).
    if (ids.length > 0) this.sql.run(`DELETE FROM intake WHERE id IN (${ids.map(() => "?").join(",")})`, ...ids);
  }

  intakeSize(): number {
    return this.sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM intake`)[0]?.n ?? 0;
  }

  /** The highest order id the market ever made (ids continue above it after a restart). */
  maxOrderId(): number {
    return (
      this.sql.all<{ n: number | null }>(
        `SELECT MAX(id) AS n FROM (SELECT MAX(id) AS id FROM orders UNION ALL SELECT MAX(id) FROM intake)`,
      )[0]?.n ?? 0
    );
  }

  getIdem(owner: number, key: string): { hash: string; orderId: number } | undefined {
    return this.sql.all<{ hash: string; orderId: number }>(
      `SELECT hash, order_id AS orderId FROM idem WHERE owner = ? AND key = ?`,
      owner,
      key,
    )[0];
  }

  putIdem(owner: number, key: string, hash: string, orderId: number, now: number): void {
    this.sql.run(`INSERT INTO idem (owner, key, hash, order_id, created_at) VALUES (?, ?, ?, ?, ?)`, owner, key, hash, orderId, now);
  }

  removeIdem(owner: number, key: string): void {
    this.sql.run(`DELETE FROM idem WHERE owner = ? AND key = ?`, owner, key);
  }

  /** Keys older than `before` are forgotten (a retry comes within minutes, not days). */
  pruneIdem(before: number): void {
    this.sql.run(`DELETE FROM idem WHERE created_at < ?`, before);
  }

  // ---------------------------------------------------------------- trades and candles

  insertTrade(t: TradeRow): void {
    this.sql.run(
      `INSERT OR IGNORE INTO trades (seq, price, qty, side, time) VALUES (?, ?, ?, ?, ?)`,
      t.seq,
      t.price,
      t.qty,
      t.side,
      t.time,
    );
  }

  pruneTrades(): void {
    this.sql.run(`DELETE FROM trades WHERE seq < (SELECT MIN(seq) FROM (SELECT seq FROM trades ORDER BY seq DESC LIMIT ?))`, TRADES_KEPT);
  }

  recentTrades(limit: number): TradeRow[] {
    return this.sql.all<TradeRow>(`SELECT seq, price, qty, side, time FROM trades ORDER BY seq DESC LIMIT ?`, limit);
  }

  /** Merges one aggregated candle into the stored one (open kept, high/low widened, close replaced, volume added). */
  mergeCandle(period: string, c: CandleRow): void {
    this.sql.run(
      `INSERT INTO candles (period, t, o, h, l, c, v) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (period, t) DO UPDATE SET h = MAX(h, excluded.h), l = MIN(l, excluded.l), c = excluded.c, v = v + excluded.v`,
      period,
      c.t,
      c.o,
      c.h,
      c.l,
      c.c,
      c.v,
    );
  }

  candle(period: string, t: number): CandleRow | undefined {
    return this.sql.all<CandleRow>(`SELECT t, o, h, l, c, v FROM candles WHERE period = ? AND t = ?`, period, t)[0];
  }

  /** Candles with from <= t <= to, oldest first, at most `limit` (the newest ones). */
  candles(period: string, from: number, to: number, limit: number): CandleRow[] {
    const rows = this.sql.all<CandleRow>(
      `SELECT t, o, h, l, c, v FROM candles WHERE period = ? AND t >= ? AND t <= ? ORDER BY t DESC LIMIT ?`,
      period,
      from,
      to,
      limit,
    );
    return rows.reverse();
  }

  /** Aggregate of the 1-minute candles starting at or after `since`. */
  window(since: number): { open: number; high: number; low: number; volume: number; n: number } | null {
    const agg = this.sql.all<{ high: number | null; low: number | null; volume: number | null; n: number }>(
      `SELECT MAX(h) AS high, MIN(l) AS low, SUM(v) AS volume, COUNT(*) AS n FROM candles WHERE period = '1min' AND t >= ?`,
      since,
    )[0];
    if (!agg || agg.n === 0) return null;
    const first = this.sql.all<{ o: number }>(`SELECT o FROM candles WHERE period = '1min' AND t >= ? ORDER BY t LIMIT 1`, since)[0];
    return { open: first!.o, high: agg.high!, low: agg.low!, volume: agg.volume!, n: agg.n };
  }

  // ---------------------------------------------------------------- simulated history (history.ts)

  /** Whether the market has any candle at all, its own or simulated. */
  hasCandles(): boolean {
    return (
      this.sql.all(`SELECT 1 AS x FROM candles LIMIT 1`).length > 0 || this.sql.all(`SELECT 1 AS x FROM sim_candles LIMIT 1`).length > 0
    );
  }

  putSimCandles(period: string, rows: readonly CandleRow[]): void {
    // One statement for the whole period (rows as one JSON array): a week of minutes is 10,080 rows, and a statement
    // per row kept a fresh local market's boot busy long enough to stall every other request of the isolate.
    this.sql.run(
      `INSERT OR REPLACE INTO sim_candles (period, t, o, h, l, c, v)
       SELECT ?, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5 FROM json_each(?) AS r`,
      period,
      JSON.stringify(rows.map((c) => [c.t, c.o, c.h, c.l, c.c, c.v])),
    );
  }

  /** Simulated candles with from <= t <= to, oldest first, at most `limit` (the newest ones). */
  simCandles(period: string, from: number, to: number, limit: number): CandleRow[] {
    const rows = this.sql.all<CandleRow>(
      `SELECT t, o, h, l, c, v FROM sim_candles WHERE period = ? AND t >= ? AND t <= ? ORDER BY t DESC LIMIT ?`,
      period,
      from,
      to,
      limit,
    );
    return rows.reverse();
  }

  simCandle(period: string, t: number): CandleRow | undefined {
    return this.sql.all<CandleRow>(`SELECT t, o, h, l, c, v FROM sim_candles WHERE period = ? AND t = ?`, period, t)[0];
  }

  // ---------------------------------------------------------------- meta

  getMeta(k: string): string | undefined {
    return this.sql.all<{ v: string }>(`SELECT v FROM meta WHERE k = ?`, k)[0]?.v;
  }

  setMeta(k: string, v: string): void {
    this.sql.run(`INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, k, v);
  }
}
