import { DurableObject } from "cloudflare:workers";
import { database } from "../../worker/domain/db.ts";
import type { Depth as DepthFrame, OrderUpdateFrame, Period, PublicTrade, Ticker } from "../../schema/api/market.ts";
import type { Env } from "../../worker/domain/env.ts";
import type { Db } from "../../worker/domain/db.ts";
import { type MarketConfig, roomName } from "../../worker/domain/markets/config.ts";
import { loadMarket } from "../../worker/domain/markets/markets.ts";
import { OrderIds } from "../../worker/domain/markets/ids.ts";
import {
  commitOrders,
  type NewOrder,
  newOrder,
  type OrderInput,
  pendingOrders,
  placeOf,
  prepareOrder,
} from "../../worker/domain/markets/orders.ts";
import { ApiError, conflict } from "../../worker/domain/errors.ts";
import { pushToUsers } from "../shared/push-users.ts";
import { applySteps } from "../../worker/domain/markets/settlement.ts";
import type { OrderView, PlaceOrder } from "../../worker/domain/markets/steps.ts";
import { writeReferencePrice, writeTicker } from "../../worker/domain/markets/tickers.ts";
import { MarketCore } from "./core.ts";
import { type DrainHooks, drainOutbox } from "./drain.ts";
import { OrderIntake } from "./intake.ts";
import { toLots, toTicks } from "./engine/index.ts";
import { ExchangeFeed, feedKind, type ReferenceFeed, SimulatedFeed, StaticFeed, binanceStreamUrl } from "./feed.ts";
import { ladder, plan } from "./maker.ts";
import {
  candleFrame,
  depthFrame,
  frames,
  type MarketSnapshot,
  PUBLISH_INTERVAL_MS,
  priceText,
  spotOrderFrame,
  tickerFrame,
  tradeFrame,
} from "./publisher.ts";
import type { MarketRoom } from "../rooms/market-room.ts";
import { DueQueue } from "../shared/scheduler.ts";
import { MarketStore, durableSql } from "./store.ts";

/**
 * One trading pair (named "BTC-USDT"): order book, matching, candles, ticker,
 * reference price and market maker. The class only wires MarketCore (pure logic
 * over injected storage and clock) to the runtime: RPC from the Worker, one alarm
 * for its due tasks, D1 for settlement, the market room for public updates.
 *
 * Alarm tasks (one alarm, armed for the soonest):
 *   drain      settle the outbox into D1, then push changed orders to their owners
 *   feed       move the reference price (every FEED_MS), re-quote the market maker
 *   reconcile  re-submit orders D1 still has as "pending" (their place call was lost),
 *              refresh the configuration
 */

const FEED_MS = 2_000;
const RECONCILE_MS = 15_000;
/** An order still pending in D1 this long after it was written is re-submitted. */
const PENDING_GRACE_MS = 3_000;
const DRAIN_SLICE_MS = 2_000;
/** A drain starts this soon after a command, so a burst of orders settles in few D1 batches. */
const DRAIN_DELAY_MS = 10;
const ALL_ROOM_MS = 1_000;
/** However slow the room, a market publishes at least once a second. */
const MAX_PUBLISH_GAP_MS = 1_000;
/** The D1 ticker copy follows trades at once (after each drain with fills), anything else at most this often. */
const TICKER_COPY_MS = 10_000;
const REFERENCE_PUBLISH_MS = 5_000;
const REFERENCE_COPY_MS = 5_000;
const EXCHANGE_RETRY_MS = 10_000;

type Task = "drain" | "feed" | "reconcile";

/** POST /coin/trade as the Worker hands it over: who, what, and the Idempotency-Key with the request's hash. */
export type SubmitOrder = { owner: number; input: OrderInput; idem?: { key: string; hash: string } };
export type SubmitResult =
  { id: number; replayed?: true } | { error: { status: ApiError["status"]; code: ApiError["code"]; params: ApiError["params"] } };

/** The live prices a conversion checks a quote against (Market.prices()). Decimal text; times in ms. */
export type MarketPrices = {
  symbol: string;
  enabled: boolean;
  /** The reference (index) price, and when the feed last confirmed it (null: no feed price yet). */
  reference: string | null;
  referenceAt: number | null;
  /** Best bid and ask of the order book. */
  bid: string | null;
  ask: string | null;
};

const refusal = (err: ApiError): SubmitResult => ({ error: { status: err.status, code: err.code, params: err.params } });
/** Idempotency-Keys are remembered this long. */
const IDEM_KEEP_MS = 24 * 3600_000;

export class Market extends DurableObject<Env> {
  private readonly db: Db;
  private core: MarketCore | null = null;
  private intake: OrderIntake | null = null;
  private ids = new OrderIds(0);
  private readonly queue = new DueQueue<Task>();
  private armed: number | null = null;
  private inAlarm = false;
  private feed: ReferenceFeed = new StaticFeed(null);
  private draining: Promise<void> | null = null;
  private drainFailures = 0;
  private requoting = false;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private lastPublish = 0;
  /** When the last publish ended, and how long its fan-out took (see publish()). */
  private lastPublishEnd = 0;
  private publishGap = 0;
  private publishing = false;
  private lastAll = 0;
  private allTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTickerCopy = { at: 0, text: "" };
  private lastReferenceCopy = 0;
  private lastReferencePublish = 0;
  private exchange: { ws: WebSocket | null; lastTry: number } = { ws: null, lastTry: 0 };
  private readonly uids = new Map<number, string>();
  /** When the feed last produced a price (it may repeat the stored one); null until it has. */
  private referenceAt: number | null = null;
  /** Tests inject crashes into the drain here (see drain.ts). */
  drainHooks: DrainHooks = {};

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    void ctx.blockConcurrencyWhile(() => this.boot());
  }

  private async boot(): Promise<void> {
    const name = this.ctx.id.name ?? "";
    const config = await loadMarket(this.db, name);
    if (!config) return;
    const core = new MarketCore({ config, store: new MarketStore(durableSql(this.ctx.storage)), now: Date.now });
    core.start();
    core.onOutbox = () => this.schedule("drain", Date.now() + DRAIN_DELAY_MS);
    core.onDirty = () => this.schedulePublish();
    this.core = core;
    this.ids = new OrderIds(config.id);
    this.ids.seen(core.store.maxOrderId());
    this.intake = new OrderIntake({
      store: core.store,
      commit: (list) => commitOrders(this.db, this.market().config, list),
      place: (o) => void this.market().place(o),
      refuse: (o) => void this.market().refuse(o, "insufficient_balance"),
      later: (fn, ms) => void setTimeout(fn, ms),
      onError: (err) =>
        console.error(JSON.stringify({ level: "error", event: "market_intake_failed", market: config.symbol, error: String(err) })),
    });
    this.intake.restore();
    const now = Date.now();
    this.feed = this.makeFeed(core, now);
    if (core.reference() === null) {
      const start = safeTicks(config.startPrice, config.tickSize);
      if (start) core.setReference(start);
    }
    if (core.store.outboxSize() > 0) this.schedule("drain", now);
    this.schedule("feed", now + FEED_MS);
    this.schedule("reconcile", now + 1_000);
  }

  private makeFeed(core: MarketCore, now: number): ReferenceFeed {
    const m = core.config;
    const kind = feedKind(this.env.MARKET_FEED, this.env.ENVIRONMENT);
    const start = core.reference() ?? safeTicks(m.startPrice, m.tickSize);
    if (kind === "simulator" && start) {
      return SimulatedFeed.restore(core.store.getMeta("feed"), { ticks: start, volatility: Number(m.volatility) || 0, now });
    }
    if (kind === "binance" && m.feedSymbol) {
      return new ExchangeFeed({ symbol: m.feedSymbol, tickSize: m.tickSize, saved: core.store.getMeta("feed") });
    }
    return new StaticFeed(start);
  }

  private market(): MarketCore {
    if (!this.core) throw new Error(`no market named ${this.ctx.id.name ?? "?"}`);
    return this.core;
  }

  // ---------------------------------------------------------------- RPC

  /**
   * A user's order (POST /coin/trade): checked against the market's rules, stored,
   * and answered with its id, at once when the owner's last-read balance covers
   * it, otherwise after its hold is written (see intake.ts). Refusals come back as
   * values (a thrown ApiError would lose its class on the way to the Worker).
   */
  async submit(req: SubmitOrder): Promise<SubmitResult> {
    const core = this.market();
    const store = core.store;
    const idem = req.idem;
    if (idem) {
      const seen = store.getIdem(req.owner, idem.key);
      if (seen) return seen.hash === idem.hash ? { id: seen.orderId, replayed: true } : refusal(conflict("IDEMPOTENCY_KEY_REUSED"));
    }
    let order: NewOrder;
    const now = Date.now();
    try {
      const prepared = prepareOrder(core.config, req.input, req.input.type === "market" ? core.top() : null);
      order = newOrder(req.owner, prepared, this.ids.next(now), now);
    } catch (err) {
      if (err instanceof ApiError) return refusal(err);
      throw err;
    }
    store.transaction(() => {
      store.addIntake(order.id, JSON.stringify(order));
      if (idem) store.putIdem(req.owner, idem.key, idem.hash, order.id, now);
    });
    const wait = this.intake!.submit(order);
    // The drain writes the intake first: a safety net for the intake's own timer, armed together with the drain the order causes anyway.
    this.schedule("drain", now + DRAIN_DELAY_MS);
    if (!wait) return { id: order.id };
    const forget = () => idem && store.removeIdem(req.owner, idem.key);
    try {
      if ((await wait) === "held") return { id: order.id };
    } catch (err) {
      forget();
      throw err;
    }
    forget();
    return refusal(conflict("INSUFFICIENT_BALANCE"));
  }

  /** Places an order whose hold is already written (idempotent by id). */
  place(order: PlaceOrder): OrderView {
    return this.market().place(order);
  }

  /**
   * Cancels an order of `owner`; `order` lets a never-placed order be cancelled
   * (see MarketCore.cancel). An order still on its way to the book is cancelled
   * once it got there.
   */
  async cancel(req: { id: number; owner: number; order?: PlaceOrder }): Promise<OrderView> {
    if (this.intake?.has(req.id)) await this.intake.idle();
    return this.market().cancel(req);
  }

  /** Resolves once every order accepted so far is written to D1 and on the book (tests). */
  async idle(): Promise<void> {
    await this.intake?.idle();
  }

  order(id: number): OrderView {
    return this.market().order(id);
  }

  top(): { bid: number | null; ask: number | null } {
    return this.market().top();
  }

  prices(): MarketPrices {
    const core = this.market();
    const m = core.config;
    const ref = core.reference();
    const { bid, ask } = core.top();
    return {
      symbol: m.symbol,
      enabled: m.enabled,
      reference: ref === null || this.referenceAt === null ? null : priceText(m, ref),
      referenceAt: ref === null ? null : this.referenceAt,
      bid: bid === null ? null : priceText(m, bid),
      ask: ask === null ? null : priceText(m, ask),
    };
  }

  depth(levels = 20): DepthFrame {
    const core = this.market();
    return depthFrame(core.config, core.depth(Math.min(Math.max(levels, 1), 100)));
  }

  trades(limit = 50): PublicTrade[] {
    const core = this.market();
    return core.recentTrades(Math.min(Math.max(limit, 1), 200)).map((t) => tradeFrame(core.config, t));
  }

  candles(period: Period, from: number, to: number) {
    const core = this.market();
    return core.candles(period, from, to).map((c) => candleFrame(core.config, c));
  }

  ticker(): Ticker | null {
    const core = this.market();
    const t = core.ticker();
    return t ? tickerFrame(core.config, t, Date.now()) : null;
  }

  snapshot(): MarketSnapshot {
    return { ticker: this.ticker(), depth: this.depth(20), trades: this.trades(50) };
  }

  /** Orders not yet written to D1 plus outbox entries not yet settled (tests and operators). */
  backlog(): number {
    return (this.intake?.size ?? 0) + this.market().store.outboxSize();
  }

  // ---------------------------------------------------------------- alarm

  private schedule(task: Task, at: number): void {
    this.queue.at(task, at);
    this.arm();
  }

  /**
   * Arms the one alarm for the soonest due task. Never at or before "now": local
   * workerd drops an alarm re-armed to a past time from inside alarm() when the
   * handler ends (workerd issue #6866), which would stop the chain. While the
   * handler runs, arming waits for its end, which arms once for whatever is due.
   */
  private arm(force = false): void {
    if (this.inAlarm && !force) return;
    const next = this.queue.next();
    if (next === null) return;
    const at = Math.max(next, Date.now() + 1);
    if (!force && this.armed !== null && this.armed <= at) return;
    this.armed = at;
    void this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    this.armed = null;
    const core = this.core;
    if (!core) return;
    this.inAlarm = true;
    try {
      const now = Date.now();
      const due = new Set(this.queue.take(now));
      // A pending outbox is always worth a try, whatever woke us.
      if (core.store.outboxSize() > 0) due.add("drain");
      for (const task of due) {
        try {
          if (task === "drain") await this.drain();
          else if (task === "feed") await this.feedTick();
          else await this.reconcile();
        } catch (err) {
          console.error(
            JSON.stringify({ level: "error", event: "market_task_failed", market: core.config.symbol, task, error: String(err) }),
          );
        }
      }
      await this.copyTicker(false);
    } finally {
      this.inAlarm = false;
      this.arm(true);
    }
  }

  /** Settles the outbox (one drain at a time), then pushes the changed orders to their owners. */
  private drain(): Promise<void> {
    if (this.draining) {
      // Someone is draining: run once more after it, for what arrived meanwhile.
      return this.draining.then(() => this.drain());
    }
    const core = this.market();
    this.draining = (async () => {
      try {
        // Orders still on their way go first (a timer that kicks the intake does not outlive an eviction; the alarm does).
        await this.intake?.flush();
        const result = await drainOutbox({
          store: core.store,
          settle: (steps) => applySteps(this.db, core.config, steps),
          hooks: this.drainHooks,
          deadline: Date.now() + DRAIN_SLICE_MS,
          now: Date.now,
        });
        this.drainFailures = 0;
        if (result.more) this.schedule("drain", Date.now());
        if (result.touched.size > 0) await this.pushOrders(core, result.touched);
        if (result.fills > 0) await this.copyTicker(true);
      } catch (err) {
        this.drainFailures++;
        const backoff = Math.min(30_000, 500 * 2 ** Math.min(this.drainFailures, 6));
        this.schedule("drain", Date.now() + backoff);
        throw err;
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /**
   * Every order a drain pass settled goes to its owner's user room as
   * {type:"order", order}, as the market knows it (settlement of that change is
   * done; later changes may already show). One RPC per user; user ids map to the
   * rooms' uids through a cache (uids never change).
   */
  private async pushOrders(core: MarketCore, touched: Map<number, number>): Promise<void> {
    const byUser = new Map<number, string[]>();
    for (const [id, owner] of touched) {
      const row = core.store.getOrder(id);
      if (!row) continue;
      const list = byUser.get(owner) ?? [];
      list.push(JSON.stringify({ type: "order", order: spotOrderFrame(core.config, row) } satisfies OrderUpdateFrame));
      byUser.set(owner, list);
    }
    await pushToUsers(this.env, this.db, byUser, this.uids);
  }

  /** Moves the reference price, keeps reference_prices current and re-quotes the market maker. */
  private async feedTick(): Promise<void> {
    const core = this.market();
    const now = Date.now();
    this.schedule("feed", now + FEED_MS);
    if (this.feed instanceof ExchangeFeed) this.connectExchange(core.config, now);
    const ref = this.feed.tick(now);
    // A switched-off feed repeats the configured start price: that is no live price, so it never counts as fresh.
    if (ref !== null && this.feed.kind !== "off") this.referenceAt = now;
    if (ref !== null && ref !== core.reference()) {
      core.store.transaction(() => {
        core.setReference(ref);
        const saved = this.feed.save();
        if (saved) core.store.setMeta("feed", saved);
      });
      // A market that never traded shows its reference price: republished at most every REFERENCE_PUBLISH_MS.
      if (core.lastTrade() === null && now - this.lastReferencePublish >= REFERENCE_PUBLISH_MS) {
        this.lastReferencePublish = now;
        core.dirty.ticker = true;
        this.schedulePublish();
      }
    }
    if (ref !== null && now - this.lastReferenceCopy >= REFERENCE_COPY_MS) {
      this.lastReferenceCopy = now;
      await writeReferencePrice(this.db, core.config, priceText(core.config, ref), now);
    }
    await this.requote(ref);
  }

  /**
   * The market maker follows its published rule (maker.ts) through the same path
   * as any user: D1 order rows and ledger holds first, then the book. With no
   * reference price (a stale exchange feed) it withdraws its quotes.
   */
  private async requote(ref: number | null): Promise<void> {
    const core = this.market();
    const mm = core.config.maker;
    if (!mm || this.requoting) return;
    this.requoting = true;
    try {
      const qty = safeLots(mm.qty, core.config.lotSize);
      const desired = ref !== null && qty ? ladder(ref, { levels: mm.levels, step: mm.step, qty }) : [];
      const { cancel, place } = plan(desired, core.store.restingOf(mm.userId));
      for (const id of cancel) core.cancel({ id, owner: mm.userId });
      if (place.length === 0) return;
      const m = core.config;
      const now = Date.now();
      const orders: NewOrder[] = [];
      for (const q of place) {
        try {
          const p = prepareOrder(
            m,
            { side: q.side, type: "limit", price: priceText(m, q.price), amount: mm.qty, tif: "GTC", postOnly: false },
            null,
          );
          orders.push(newOrder(mm.userId, p, this.ids.next(now), now));
        } catch {
          /* a level below the market's minimums is skipped */
        }
      }
      try {
        // Holds first, as for anyone; a level the maker cannot cover is skipped, the others still quote.
        const { outcome } = await commitOrders(this.db, m, orders, now);
        for (const o of orders) if (outcome.get(o.id) === "held") core.place(o);
      } catch (err) {
        console.error(JSON.stringify({ level: "warn", event: "market_maker_quote_failed", market: m.symbol, error: String(err) }));
      }
    } finally {
      this.requoting = false;
    }
  }

  /** Re-submits orders whose place call never arrived; refreshes the configuration. */
  private async reconcile(): Promise<void> {
    const core = this.market();
    this.schedule("reconcile", Date.now() + RECONCILE_MS);
    core.store.pruneIdem(Date.now() - IDEM_KEEP_MS);
    const fresh = await loadMarket(this.db, core.config.symbol);
    if (fresh) core.setConfig(fresh);
    const rows = await pendingOrders(this.db, core.config.id, Date.now() - PENDING_GRACE_MS);
    for (const r of rows) {
      if (core.order(r.id).known) continue;
      try {
        core.place(placeOf(r, core.config));
      } catch (err) {
        console.error(JSON.stringify({ level: "error", event: "market_reconcile_failed", order: r.id, error: String(err) }));
      }
    }
  }

  // ---------------------------------------------------------------- publishing

  private schedulePublish(): void {
    if (this.publishTimer !== null || this.publishing) return;
    const next = Math.max(this.lastPublish + PUBLISH_INTERVAL_MS, this.lastPublishEnd + this.publishGap);
    const wait = Math.max(0, next - Date.now());
    this.publishTimer = setTimeout(() => {
      this.publishTimer = null;
      void this.publish();
    }, wait);
  }

  /**
   * Sends what changed since the last publish to the market room (and the ticker
   * to the ALL room). One publish at a time, at most every PUBLISH_INTERVAL_MS,
   * and the next waits at least as long after the last one ended as the room took
   * to fan it out (the room is never busy more than half the time). A room with
   * many sockets gets fewer, fresher updates (the changes in between are merged)
   * instead of a queue of stale ones.
   */
  private async publish(): Promise<void> {
    const core = this.core;
    if (!core) return;
    const started = Date.now();
    this.lastPublish = started;
    const out = frames(core.config, core, core.dirty, started);
    if (out.length === 0) return;
    const rooms = this.env.MarketRoom as DurableObjectNamespace<MarketRoom>;
    this.publishing = true;
    try {
      await rooms.getByName(roomName(core.config.symbol)).publish(out);
    } catch (err) {
      console.error(JSON.stringify({ level: "warn", event: "market_publish_failed", market: core.config.symbol, error: String(err) }));
    } finally {
      this.publishing = false;
    }
    const ended = Date.now();
    this.publishGap = Math.min(MAX_PUBLISH_GAP_MS, ended - started);
    this.lastPublishEnd = ended;
    if (out.some((f) => f.type === "ticker")) this.scheduleAll();
    const d = core.dirty;
    if (d.depth || d.ticker || d.trades.length > 0 || d.candles.size > 0) this.schedulePublish();
  }

  /** The ALL room gets this market's ticker at most once per ALL_ROOM_MS. */
  private scheduleAll(): void {
    if (this.allTimer !== null) return;
    const wait = Math.max(0, this.lastAll + ALL_ROOM_MS - Date.now());
    this.allTimer = setTimeout(() => {
      this.allTimer = null;
      void this.publishAll();
    }, wait);
  }

  private async publishAll(): Promise<void> {
    this.lastAll = Date.now();
    const t = this.core ? this.ticker() : null;
    if (!t) return;
    try {
      await (this.env.MarketRoom as DurableObjectNamespace<MarketRoom>).getByName("ALL").publish([{ type: "tickers", tickers: [t] }]);
    } catch (err) {
      console.error(JSON.stringify({ level: "warn", event: "market_publish_all_failed", market: t.symbol, error: String(err) }));
    }
  }

  /** Keeps the D1 copy of the ticker current (at most every TICKER_COPY_MS unless forced by a drain). */
  private async copyTicker(force: boolean): Promise<void> {
    const core = this.core;
    if (!core) return;
    const now = Date.now();
    if (!force && now - this.lastTickerCopy.at < TICKER_COPY_MS) return;
    const t = this.ticker();
    if (!t) return;
    const ref = core.reference();
    const text = JSON.stringify({ ...t, time: 0, ref });
    if (text === this.lastTickerCopy.text && now - this.lastTickerCopy.at < 60_000) return;
    this.lastTickerCopy = { at: now, text };
    try {
      await writeTicker(this.db, core.config.id, t, ref === null ? "" : priceText(core.config, ref));
    } catch (err) {
      console.error(JSON.stringify({ level: "warn", event: "market_ticker_copy_failed", market: core.config.symbol, error: String(err) }));
    }
  }

  // ---------------------------------------------------------------- exchange feed connection

  private connectExchange(m: MarketConfig, now: number): void {
    if (this.exchange.ws || now - this.exchange.lastTry < EXCHANGE_RETRY_MS) return;
    this.exchange.lastTry = now;
    const feed = this.feed;
    if (!(feed instanceof ExchangeFeed)) return;
    void (async () => {
      try {
        const res = await fetch(binanceStreamUrl(m.feedSymbol), { headers: { Upgrade: "websocket" } });
        const ws = res.webSocket;
        if (!ws) throw new Error(`exchange feed answered ${res.status}`);
        ws.accept();
        ws.addEventListener("message", (e) => {
          if (typeof e.data === "string") feed.onMessage(e.data, Date.now());
        });
        const drop = () => {
          if (this.exchange.ws === ws) this.exchange.ws = null;
        };
        ws.addEventListener("close", drop);
        ws.addEventListener("error", drop);
        this.exchange.ws = ws;
      } catch (err) {
        console.error(JSON.stringify({ level: "warn", event: "market_feed_connect_failed", market: m.symbol, error: String(err) }));
      }
    })();
  }
}

function safeTicks(price: string, tickSize: string): number | null {
  try {
    const t = toTicks(price, tickSize, "down");
    return t > 0 ? t : null;
  } catch {
    return null;
  }
}

function safeLots(qty: string, lotSize: string): number | null {
  try {
    const l = toLots(qty, lotSize, "down");
    return l > 0 ? l : null;
  } catch {
    return null;
  }
}
