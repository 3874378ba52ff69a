import { DurableObject } from "cloudflare:workers";
import { TRAIL_MAX_ENTRIES } from "../../schema/api/trail.ts";
import type { UserRoomOutbound } from "../../schema/api/realtime.ts";
import { CONTRACT_STATUS } from "../../schema/db/index.ts";
import type { Db } from "../../worker/domain/db.ts";
import { database } from "../../worker/domain/db.ts";
import type { Env } from "../../worker/domain/env.ts";
import { type Side, profitUnits, riskRate } from "../../worker/domain/contracts/math.ts";
import { type ContractPair, contractPairById } from "../../worker/domain/contracts/pairs.ts";
import { type PositionRow, livePositions, positionById } from "../../worker/domain/contracts/positions.ts";
import { activateMany, closeMany, markClosing } from "../../worker/domain/contracts/settle.ts";
import { fromUnits } from "../../worker/domain/ledger/index.ts";
import { loadMarket } from "../../worker/domain/markets/markets.ts";
import { roomName } from "../../worker/domain/markets/config.ts";
import type { Market } from "../spot/market.ts";
import type { StockFeed } from "../stocks/stock-feed.ts";
import { pushToUsers } from "../common/push-users.ts";
import { AlarmScheduler } from "../common/scheduler.ts";
import { durableSql } from "../common/sql.ts";
import { type BookPosition, ContractBook } from "./book.ts";
import { type ContractDrainHooks, drainContractOutbox } from "./drain.ts";
import { ContractStore } from "./store.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * One contract market per contract pair (named like its spot market, "BTC-USDT"). It holds the pair's open positions
 * and entrusted orders as trigger ladders (book.ts), rebuilt from D1 when it starts and kept current by the routes'
 * refresh() after every change (a resync from D1 every RESYNC_MS covers a lost call). While it holds anything, every
 * TICK_MS it reads the spot market's price trail since its cursor and evaluates each tick in order; fired triggers
 * and the cursor are written in one storage transaction, and the alarm drains them to D1 (drain.ts).
 *
 * The class only wires the pure parts to the runtime.
 */

type Task = "tick" | "drain" | "resync";

const TICK_MS = 1_000;
const RESYNC_MS = 30_000;
const DRAIN_DELAY_MS = 10;
const DRAIN_SLICE_MS = 5_000;
/** Live P/L goes to the user rooms at most this often. */
const PL_PUSH_MS = 2_000;

/** What state() reports (tests, operators). */
export type ContractMarketState = { symbol: string; positions: number; triggers: number; outbox: number; cursor: number | null };

export const bookPosition = (r: PositionRow): BookPosition => ({
  id: r.id,
  userId: r.userId,
  side: r.side as Side,
  status: r.status as 0 | 1,
  lots: r.lots,
  multiple: r.multiple,
  quantity: r.quantity,
  marginUnits: r.marginUnits,
  spread: r.spread,
  hazardRate: r.hazardRate,
  targetPrice: r.targetPrice,
  openPrice: r.openPrice,
  liqPrice: r.liqPrice,
  takeProfit: r.takeProfit,
  stopLoss: r.stopLoss,
});

/** The instant from which a position found in D1 may fire: its own time, never before the cursor. */
const sinceOf = (r: PositionRow, cursor: number) => Math.max(r.status === CONTRACT_STATUS.entrusted ? r.createdAt : r.openRefAt, cursor);

export class ContractMarket extends DurableObject<Env> {
  private readonly db: Db;
  private readonly store: ContractStore;
  private readonly scheduler: AlarmScheduler<Task>;
  private pair: ContractPair | null = null;
  private book: ContractBook | null = null;
  private draining: Promise<void> | null = null;
  private drainFailures = 0;
  private lastPlPush = 0;
  /** Positions this object's drains have closed since it started (runNow reports the difference). */
  private closedTotal = 0;
  private lastTick: { price: string; at: number } | null = null;
  private readonly uids = new Map<number, string>();
  /** Tests inject crashes into the drain here. */
  drainHooks: ContractDrainHooks = {};

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    this.store = new ContractStore(durableSql(ctx.storage));
    this.scheduler = new AlarmScheduler<Task>(ctx.storage);
    void ctx.blockConcurrencyWhile(() => this.boot());
  }

  private async boot(): Promise<void> {
    const market = await loadMarket(this.db, this.ctx.id.name ?? "");
    const pair = market ? await contractPairById(this.db, market.id) : null;
    if (!market || !pair) return;
    this.pair = pair;
    if (this.store.cursor() === null) this.store.setCursor(Date.now());
    await this.rebuild();
    if (this.store.outboxSize() > 0) this.scheduler.at("drain", Date.now());
    this.scheduler.at("resync", Date.now() + RESYNC_MS);
    await this.wakeStockFeed();
  }

  /** A stock pair's feed runs on its own alarm once booted; the cron wakes this object, and this object wakes it. */
  private async wakeStockFeed(): Promise<void> {
    if (this.pair?.feed !== "stock") return;
    const name = roomName(this.pair.market.symbol);
    await (this.env.StockFeed as DurableObjectNamespace<StockFeed>)
      .getByName(name)
      .prices()
      .catch((err: unknown) => log("warn", { event: "stock_feed_wake_failed", market: name, error: String(err) }));
  }

  /** The book from D1's live rows, leaving out positions whose fired trigger still waits in the outbox. */
  private async rebuild(): Promise<void> {
    const pair = this.contract();
    const rows = await livePositions(this.db, pair.market.id);
    const pending = this.store.pendingPositions();
    const cursor = this.store.cursor() ?? Date.now();
    const book = new ContractBook(pair.market.tickSize, pair.terms);
    book.load(
      rows
        .filter((r) => r.status !== CONTRACT_STATUS.closing && !pending.has(r.id))
        .map((r) => ({ position: bookPosition(r), since: sinceOf(r, cursor) })),
    );
    this.book = book;
    this.ensureTicking();
  }

  private contract(): ContractPair {
    if (!this.pair) throw new Error(`no contract pair named ${this.ctx.id.name ?? "?"}`);
    return this.pair;
  }

  private ensureTicking(): void {
    if ((this.book?.size ?? 0) > 0 && !this.scheduler.has("tick")) this.scheduler.at("tick", Date.now() + TICK_MS);
  }

  // ---------------------------------------------------------------- RPC

  /**
   * The routes call this after every change to positions of this pair (open, cancel, set stops, close): the book
   * re-reads them from D1. Their triggers count from now.
   */
  async refresh(ids: number[]): Promise<void> {
    const book = this.book;
    if (!book) return;
    const pending = this.store.pendingPositions();
    const now = Date.now();
    // An empty book has nothing the trail since its cursor could fire (new triggers count from now): skip ahead.
    if (book.size === 0) this.store.setCursor(Math.max(this.store.cursor() ?? now, now));
    for (const id of ids) {
      const row = await positionById(this.db, id);
      if (!row || row.marketId !== this.contract().market.id || pending.has(id)) continue;
      if (row.status === CONTRACT_STATUS.entrusted || row.status === CONTRACT_STATUS.holding) book.upsert(bookPosition(row), now);
      else book.remove(id);
    }
    this.ensureTicking();
  }

  /**
   * Evaluates the trail now and settles everything that fires, until the outbox is empty (benchmarks and operators;
   * the alarm does the same every second). Answers how many triggers fired and how many positions it closed.
   */
  async runNow(): Promise<{ fired: number; closed: number }> {
    const before = this.store.outboxSize();
    await this.tick();
    const fired = this.store.outboxSize() - before;
    const closedBefore = this.closedTotal;
    while (this.store.outboxSize() > 0) await this.drain();
    return { fired, closed: this.closedTotal - closedBefore };
  }

  /** Boots the object if needed (the cron wakes every contract pair) and reports what it holds. */
  state(): ContractMarketState {
    return {
      symbol: this.pair?.market.symbol ?? "",
      positions: this.book?.size ?? 0,
      triggers: this.book?.triggers ?? 0,
      outbox: this.store.outboxSize(),
      cursor: this.store.cursor(),
    };
  }

  // ---------------------------------------------------------------- alarm tasks

  override async alarm(): Promise<void> {
    if (!this.pair) return;
    const symbol = this.pair.market.symbol;
    await this.scheduler.fire(
      (task) => (task === "tick" ? this.tick() : task === "drain" ? this.drain() : this.resync()),
      (task, err) => log("error", { event: "contract_task_failed", market: symbol, task, error: String(err) }),
      this.store.outboxSize() > 0 ? ["drain"] : [],
    );
  }

  /** Evaluates every trail tick since the cursor, in order; records what fired with the new cursor. */
  private async tick(now = Date.now()): Promise<void> {
    const book = this.book;
    if (!book) return;
    const cursor = this.store.cursor() ?? now;
    if (book.size === 0) {
      // Nothing to watch: the ticks meanwhile concern no one (new positions count from their own time).
      this.store.setCursor(Math.max(cursor, now));
      return;
    }
    const name = roomName(this.contract().market.symbol);
    // A stock pair reads its StockFeed's trail (no ticks outside NYSE hours, so its triggers wait for the open).
    const market =
      this.contract().feed === "stock"
        ? (this.env.StockFeed as DurableObjectNamespace<StockFeed>).getByName(name)
        : (this.env.Market as DurableObjectNamespace<Market>).getByName(name);
    let full = false;
    try {
      const ticks = await market.trailRange(cursor + 1, now, TRAIL_MAX_ENTRIES);
      full = ticks.length === TRAIL_MAX_ENTRIES;
      if (ticks.length > 0) {
        const fired = book.evaluate(ticks);
        this.store.record(fired, ticks[ticks.length - 1]!.time);
        this.lastTick = { price: ticks[ticks.length - 1]!.price, at: ticks[ticks.length - 1]!.time };
        if (fired.length > 0) this.scheduler.at("drain", Date.now() + DRAIN_DELAY_MS);
      }
    } finally {
      if (book.size > 0) this.scheduler.at("tick", full ? Date.now() : Date.now() + TICK_MS);
    }
    await this.pushProfits();
  }

  private drain(): Promise<void> {
    if (this.draining) return this.draining.then(() => this.drain());
    const pair = this.contract();
    this.draining = (async () => {
      try {
        const result = await drainContractOutbox({
          store: this.store,
          settle: {
            markClosing: (ids) => markClosing(this.db, ids),
            activate: (rows) => activateMany(this.db, pair, rows),
            close: (rows) =>
              closeMany(
                this.db,
                pair.terms.precision,
                rows.map((r) => ({ id: r.id, reason: r.kind === "entry" ? "user" : r.kind, price: r.price, at: r.at })),
              ),
          },
          hooks: this.drainHooks,
          deadline: Date.now() + DRAIN_SLICE_MS,
          now: Date.now,
        });
        this.drainFailures = 0;
        this.closedTotal += result.closed.length;
        if (result.more) this.scheduler.at("drain", Date.now());
        await this.pushClosed(result.closed);
      } catch (err) {
        this.drainFailures++;
        this.scheduler.at("drain", Date.now() + Math.min(30_000, 500 * 2 ** Math.min(this.drainFailures, 6)));
        throw err;
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /** A lost refresh() is found here: the book is rebuilt from D1 (what is in the outbox stays out). */
  private async resync(): Promise<void> {
    this.scheduler.at("resync", Date.now() + RESYNC_MS);
    const fresh = await contractPairById(this.db, this.contract().market.id);
    if (fresh) this.pair = fresh;
    await this.rebuild();
    await this.wakeStockFeed();
  }

  private async pushClosed(closed: { id: number; userId: number }[]): Promise<void> {
    if (closed.length === 0) return;
    const byUser = new Map<number, number[]>();
    for (const c of closed) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c.id]);
    const symbol = this.contract().market.symbol;
    const frames = new Map<number, string[]>();
    for (const [user, ids] of byUser)
      frames.set(user, [JSON.stringify({ type: "contract_closed", symbol, ids } satisfies UserRoomOutbound)]);
    await pushToUsers(this.env, this.db, frames, this.uids);
  }

  /** Each holder's open positions with P/L and risk rate at the last tick, at most every PL_PUSH_MS. */
  private async pushProfits(): Promise<void> {
    const book = this.book;
    const last = this.lastTick;
    const now = Date.now();
    if (!book || !last || now - this.lastPlPush < PL_PUSH_MS) return;
    this.lastPlPush = now;
    const pair = this.contract();
    const precision = pair.terms.precision;
    const byUser = new Map<number, { id: number; profits: string; risk_rate: string }[]>();
    for (const p of book.holding()) {
      const pnl = profitUnits(precision, p.side, p.openPrice, p.quantity, last.price);
      const list = byUser.get(p.userId) ?? [];
      list.push({ id: p.id, profits: fromUnits(pnl, precision), risk_rate: riskRate(p.marginUnits, pnl) });
      byUser.set(p.userId, list);
    }
    const frames = new Map<number, string[]>();
    for (const [user, positions] of byUser) {
      const frame = {
        type: "contract_pl",
        symbol: pair.market.symbol,
        price: last.price,
        at: last.at,
        positions,
      } satisfies UserRoomOutbound;
      frames.set(user, [JSON.stringify(frame)]);
    }
    await pushToUsers(this.env, this.db, frames, this.uids);
  }
}
