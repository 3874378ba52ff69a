import { DurableObject } from "cloudflare:workers";
import type { TrailEntry } from "../../schema/api/trail.ts";
import type { Depth as DepthFrame, IndexKlines, Period, PublicTrade, Ticker } from "../../schema/api/market.ts";
import { type Db, database } from "../../worker/domain/db.ts";
import { type Env, isLocalEnvironment } from "../../worker/domain/env.ts";
import { ApiError, conflict, tooManyRequests } from "../../worker/domain/errors.ts";
import { OrderIds } from "../../worker/domain/markets/ids.ts";
import { loadMarket } from "../../worker/domain/markets/markets.ts";
import { newOrder, type OrderInput, prepareOrder } from "../../worker/domain/markets/order-input.ts";
import { commitOrders, type NewOrder, pendingOrders, placeOf } from "../../worker/domain/markets/orders.ts";
import { settleAndCommit } from "../../worker/domain/markets/cycle.ts";
import { Discounts } from "../../worker/domain/markets/discounts.ts";
import { simTraderIds } from "../../worker/domain/markets/sim-accounts.ts";
import type { Committed, OrderView, PlaceOrder, Step } from "../../worker/domain/markets/steps.ts";
import { writeReferencePrice } from "../../worker/domain/markets/tickers.ts";
import { toTicks } from "../../worker/domain/markets/units.ts";
import { BurstTimer } from "../common/burst-timer.ts";
import { RateWindow } from "../common/rate-window.ts";
import { AlarmScheduler } from "../common/scheduler.ts";
import { MarketCore } from "./core.ts";
import { type DrainHooks, drainOutbox } from "./drain.ts";
import { type Connector, ExchangeSocket } from "../common/exchange-socket.ts";
import { ExchangeFeed, feedKind, type ReferenceFeed, SimulatedFeed, StaticFeed, binanceStreamUrl } from "./feed.ts";
import { marketHistory, seedOf } from "./history.ts";
import { IndexHistory, MIN_OWN_CANDLES } from "./index-klines.ts";
import { AcceptGroup } from "./accept.ts";
import { type Carried, OrderIntake } from "./intake.ts";
import { Broadcaster } from "./broadcaster.ts";
import { MakerLoop } from "./maker-loop.ts";
import { SimTraderRule, simTradersAllowed } from "./sim-traders.ts";
import { candleFrame, depthFrame, liveTicker, type MarketSnapshot, priceText, tradeFrame } from "./publisher.ts";
import { MarketStore, durableSql } from "./store.ts";
import { PriceTrail } from "../common/trail.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * One spot trading pair (named "BTC-USDT"): order book, matching, candles, ticker, reference price and market maker.
 * The class only wires the pure parts to the runtime: RPC from the Worker, one alarm (AlarmScheduler) for its due
 * tasks, D1 for settlement, the rooms and the D1 ticker copy for what it tells the world (Broadcaster), the exchange
 * socket for the reference feed, the maker loop.
 *
 * Alarm tasks:
 *   drain      settle the outbox into D1, then push changed orders to their owners
 *   feed       move the reference price (every FEED_MS), re-quote the market maker
 *   reconcile  re-submit orders D1 still has as "pending" (their place call was lost), refresh the configuration
 *   traders    the simulated traders' next order (development and tests only; sim-traders.ts)
 *
 * A market runs without a visitor: the cron and each isolate's first request call wake(), and the alarm keeps it going.
 * A switched-off market stops (no feed ticks, maker quotes withdrawn, no simulated trades; its alarm chain ends once
 * the outbox is settled) but still cancels its owners' orders; wake() starts it again when it is back on.
 */

const FEED_MS = 2_000;
const RECONCILE_MS = 15_000;
/** An order still pending in D1 this long after it was written is re-submitted. */
const PENDING_GRACE_MS = 3_000;
const DRAIN_SLICE_MS = 2_000;
/** A drain starts this soon after a command on a quiet market, so a burst of orders settles in few D1 batches. */
const DRAIN_DELAY_MS = 20;
/**
 * On a busy market (its last pass carried or settled at least BUSY_PASS orders and steps) a drain waits while commands
 * keep coming, up to this long: a pass's D1 round trip costs about as much as a few dozen orders' rows in it, so fewer,
 * larger passes let a market take more orders (bench/market-place.bench.ts). Fills still reach their owners within
 * about as long as the order pushes' own pace (ORDER_PUSH_MS, broadcaster.ts).
 */
const BUSY_DRAIN_DELAY_MS = 100;
const BUSY_PASS = 8;
/** An answered order the drain has not carried to D1 by then is written by the intake itself. */
const INTAKE_NET_MS = 250;
/**
 * While the object runs, a timer starts that drain; the alarm, armed this far out, is the backstop for an object evicted
 * meanwhile. (An alarm per drain cost a storage write and an alarm run every few milliseconds under load.)
 */
const DRAIN_BACKSTOP_MS = 1_000;
const REFERENCE_PUBLISH_MS = 5_000;
const REFERENCE_COPY_MS = 5_000;
const EXCHANGE_RETRY_MS = 10_000;
/**
 * Orders per user and market each second (the ORDER_LIMIT_PER_SECOND var; default 20): a burst beyond it is refused with
 * 429. Counted here, so the order path writes nothing extra.
 */
const orderLimit = (value: string | undefined) =>
  new RateWindow(Number.parseInt(value ?? "", 10) > 0 ? Number.parseInt(value!, 10) : 20, 1_000);
/** Idempotency-Keys are remembered this long. */
const IDEM_KEEP_MS = 24 * 3600_000;

type Task = "drain" | "feed" | "reconcile" | "traders";

/** POST /coin/trade as the Worker hands it over: who, what, and the Idempotency-Key with the request's hash. */
export type SubmitOrder = { owner: number; input: OrderInput; idem?: { key: string; hash: string } };
export type SubmitResult =
  { id: number; replayed?: true } | { error: { status: ApiError["status"]; code: ApiError["code"]; params: ApiError["params"] } };

/** The live prices a conversion checks a quote against (Market.prices()). Decimal text; times in ms. */
export type MarketPrices = {
  symbol: string;
  enabled: boolean;
  /** The reference (index) price, and when the feed last confirmed it (null: no live feed price). */
  reference: string | null;
  referenceAt: number | null;
  /** Best bid and ask of the order book. */
  bid: string | null;
  ask: string | null;
};

/** workerd's outbound WebSocket: a fetch with `Upgrade: websocket`, accepted on our side. */
const workerdConnector: Connector = async (url) => {
  const res = await fetch(url, { headers: { Upgrade: "websocket" } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`exchange feed answered ${res.status}`);
  ws.accept();
  return ws;
};

/** What wake() reports: the market, whether it runs, and when its alarm is due next (null: nothing armed). */
export type WakeState = { symbol: string; enabled: boolean; next: number | null };

const refusal = (err: ApiError): SubmitResult => ({ error: { status: err.status, code: err.code, params: err.params } });

export class Market extends DurableObject<Env> {
  private readonly db: Db;
  private core: MarketCore | null = null;
  private intake: OrderIntake | null = null;
  private ids = new OrderIds(0);
  private readonly scheduler: AlarmScheduler<Task>;
  private feed: ReferenceFeed = new StaticFeed(null);
  private exchange: ExchangeSocket | null = null;
  private maker: MakerLoop | null = null;
  private out: Broadcaster | null = null;
  /** Accepted orders and their Idempotency-Keys, stored a group at a time (accept.ts). */
  private readonly accepting = new AcceptGroup({
    write: (list) => this.market().store.addAccepted(list),
    later: (fn) => void setTimeout(fn, 0),
  });
  private draining: Promise<void> | null = null;
  private readonly drainTimer = new BurstTimer({
    quietMs: DRAIN_DELAY_MS,
    maxMs: BUSY_DRAIN_DELAY_MS,
    patient: () => this.lastPass >= BUSY_PASS,
    fire: () => {
      this.drain().catch((err) =>
        log("error", { event: "market_task_failed", market: this.core?.config.symbol, task: "drain", error: String(err) }),
      );
    },
  });
  private drainFailures = 0;
  /** Orders carried plus steps settled by the last drain pass (how busy the market is; drainSoon). */
  private lastPass = 0;
  private lastReferenceCopy = 0;
  private lastReferencePublish = 0;
  private traders: { rule: SimTraderRule; owners: number[] } | null = null;
  private index: IndexHistory | null = null;
  private trail: PriceTrail | null = null;
  /** The owners' fee discounts as last read, checked by every settlement batch that applies them (discounts.ts). */
  private readonly discounts = new Discounts();
  private readonly orderLimit: RateWindow;
  /** Tests inject crashes into the drain here (see drain.ts). */
  drainHooks: DrainHooks = {};
  /** Tests lose the answer of an intake write here: throwing after D1 committed leaves its outcome unknown to the object. */
  commitHooks: { afterCommit?: () => void } = {};

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    this.scheduler = new AlarmScheduler<Task>(ctx.storage);
    this.orderLimit = orderLimit(env.ORDER_LIMIT_PER_SECOND);
    void ctx.blockConcurrencyWhile(() => this.boot());
  }

  private async boot(): Promise<void> {
    const config = await loadMarket(this.db, this.ctx.id.name ?? "");
    if (!config) return;
    const core = new MarketCore({ config, store: new MarketStore(durableSql(this.ctx.storage)), now: Date.now });
    core.start();
    this.core = core;
    this.trail = new PriceTrail(durableSql(this.ctx.storage));
    this.ids = new OrderIds(config.id);
    this.ids.seen(core.store.maxOrderId());
    const symbol = config.symbol;
    const out = new Broadcaster({ env: this.env, db: this.db, core });
    this.out = out;
    core.onOutbox = () => this.drainSoon();
    core.onDirty = () => out.changed();
    this.maker = new MakerLoop({
      core,
      ids: () => this.ids,
      commit: (m, orders, now) => commitOrders(this.db, m, orders, now),
      onError: (err) => log("warn", { event: "market_maker_quote_failed", market: symbol, error: String(err) }),
    });
    this.intake = new OrderIntake({
      store: core.store,
      commit: async (list) => {
        const committed = await commitOrders(this.db, core.config, list);
        this.commitHooks.afterCommit?.();
        return committed;
      },
      place: (o) => void core.place(o),
      placeAll: (list) => void core.placeMany(list),
      refuse: (o) => void core.refuse(o, "insufficient_balance"),
      later: (fn, ms) => void setTimeout(fn, ms),
      onError: (err) => log("error", { event: "market_intake_failed", market: symbol, error: String(err) }),
      // Every order arms a drain (DRAIN_DELAY_MS), which carries the queue in its own D1 batch; this is the net.
      groupMs: INTAKE_NET_MS,
    });
    this.intake.restore();
    const now = Date.now();
    this.feed = this.makeFeed(core, now);
    if (core.reference() === null) {
      const start = safeTicks(config.startPrice, config.tickSize);
      if (start) core.setReference(start);
    }
    // A fresh local market gets simulated history, so its chart is never empty (history.ts); never in production.
    const ref = core.reference();
    if (this.feed.kind === "simulator" && ref !== null && !core.store.hasCandles()) core.addHistory(marketHistory(config, ref, now));
    if (simTradersAllowed(this.env.MARKET_FEED, this.env.ENVIRONMENT)) {
      const owners = await simTraderIds(this.db);
      const saved = core.store.getMeta("traders");
      if (owners.length > 0) this.traders = { rule: new SimTraderRule(saved ? JSON.parse(saved) : seedOf(`${symbol}/traders`)), owners };
    }
    if (core.store.outboxSize() > 0) this.scheduler.at("drain", now);
    // Reconcile runs once whatever the state: it withdraws the maker's quotes of a market switched off meanwhile.
    this.scheduler.at("reconcile", now + 1_000);
    this.run(now);
  }

  /** A switched-off market: its periodic tasks end and the maker withdraws its quotes (a drain still settles them). */
  private async stop(): Promise<void> {
    for (const task of ["feed", "reconcile", "traders"] as const) this.scheduler.drop(task);
    this.exchange?.close();
    await this.maker?.requote(null);
  }

  /** Arms the periodic tasks of an enabled market (those not already due). */
  private run(now: number): void {
    if (!this.core?.config.enabled) return;
    if (!this.scheduler.has("feed")) this.scheduler.at("feed", now + FEED_MS);
    if (!this.scheduler.has("reconcile")) this.scheduler.at("reconcile", now + RECONCILE_MS);
    if (this.traders && !this.scheduler.has("traders")) this.scheduler.at("traders", now + this.traders.rule.nextGap());
  }

  private makeFeed(core: MarketCore, now: number): ReferenceFeed {
    const m = core.config;
    const kind = feedKind(this.env.MARKET_FEED, this.env.ENVIRONMENT);
    const start = core.reference() ?? safeTicks(m.startPrice, m.tickSize);
    if (kind === "simulator" && start) {
      return SimulatedFeed.restore(core.store.getMeta("feed"), { ticks: start, volatility: Number(m.volatility) || 0, now });
    }
    if (kind === "binance" && m.feedSymbol) {
      const feed = new ExchangeFeed({ symbol: m.feedSymbol, tickSize: m.tickSize, saved: core.store.getMeta("feed") });
      this.exchange = new ExchangeSocket({
        url: binanceStreamUrl(m.feedSymbol),
        retryMs: EXCHANGE_RETRY_MS,
        connect: workerdConnector,
        onMessage: (text) => feed.onMessage(text, Date.now()),
        onError: (err) => log("warn", { event: "market_feed_connect_failed", market: m.symbol, error: String(err) }),
      });
      this.index = new IndexHistory({ symbol: m.feedSymbol, tickSize: m.tickSize, fetch: (url) => fetch(url) });
      return feed;
    }
    return new StaticFeed(start);
  }

  private market(): MarketCore {
    if (!this.core) throw new Error(`no market named ${this.ctx.id.name ?? "?"}`);
    return this.core;
  }

  // ---------------------------------------------------------------- RPC

  /**
   * Makes sure the market runs (the cron and each isolate's first request call it for every enabled market): the
   * object boots if it was not running, re-reads its configuration and, when enabled, arms its alarm.
   */
  async wake(): Promise<WakeState> {
    const core = this.market();
    const fresh = await loadMarket(this.db, core.config.symbol);
    if (fresh) core.setConfig(fresh);
    this.run(Date.now());
    return { symbol: core.config.symbol, enabled: core.config.enabled, next: this.scheduler.next() };
  }

  /**
   * A user's order (POST /coin/trade): checked against the market's rules, stored, and answered with its id, at once
   * when the owner's last-read balance covers it, otherwise after its hold is written (see intake.ts). Refusals come
   * back as values (a thrown ApiError would lose its class on the way to the Worker).
   *
   * The Idempotency-Key maps to the order for as long as the order may still be placed: when the D1 write fails with an
   * unknown outcome the caller gets an error but the order stays queued (its hold is recognised by key if it was
   * written), so a retry with the same key answers this order, never a second one. Only a definite refusal (a short
   * balance) frees the key.
   */
  async submit(req: SubmitOrder): Promise<SubmitResult> {
    const core = this.market();
    const store = core.store;
    const idem = req.idem;
    if (idem) {
      const seen = store.getIdem(req.owner, idem.key);
      if (seen) return seen.hash === idem.hash ? { id: seen.orderId, replayed: true } : refusal(conflict("IDEMPOTENCY_KEY_REUSED"));
      // A twin still on its way into storage: answered as the stored key would be, once it is stored.
      const twin = this.accepting.waiting(req.owner, idem.key);
      if (twin && twin.hash !== idem.hash) return refusal(conflict("IDEMPOTENCY_KEY_REUSED"));
      if (twin) return twin.stored.then(() => ({ id: twin.id, replayed: true }));
    }
    const now = Date.now();
    const wait = this.orderLimit.hit(req.owner, now);
    if (wait > 0) return refusal(tooManyRequests(wait));
    let order: NewOrder;
    try {
      const prepared = prepareOrder(core.config, req.input, req.input.type === "market" ? core.top() : null);
      order = newOrder(req.owner, prepared, this.ids.next(now), now);
    } catch (err) {
      if (err instanceof ApiError) return refusal(err);
      throw err;
    }
    await this.accepting.store(idem ? { order, idem } : { order });
    const held = this.intake!.submit(order);
    // The drain writes the intake first: a safety net for the intake's own timer, armed with the drain the order causes anyway.
    this.drainSoon();
    if (!held || (await held) === "held") return { id: order.id };
    if (idem) store.removeIdem(req.owner, idem.key);
    return refusal(conflict("INSUFFICIENT_BALANCE"));
  }

  /** Places an order whose hold is already written (idempotent by id). */
  place(order: PlaceOrder): OrderView {
    return this.market().place(order);
  }

  /**
   * Cancels an order of `owner`; `order` lets a never-placed order be cancelled (see MarketCore.cancel). An order still
   * on its way to the book is cancelled once it got there.
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
    const live = ref !== null && core.referenceAt !== null;
    return {
      symbol: m.symbol,
      enabled: m.enabled,
      reference: live ? priceText(m, ref) : null,
      referenceAt: live ? core.referenceAt : null,
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

  /**
   * The reference feed's own candles as an index line (GET /currency/index_kline), while the market has fewer than
   * MIN_OWN_CANDLES of its own in the window; null otherwise, without an exchange feed, or when the exchange fails.
   */
  async indexKlines(period: Period, from: number, to: number): Promise<IndexKlines> {
    const core = this.market();
    if (!this.index || core.store.candles(period, from, to, MIN_OWN_CANDLES).length >= MIN_OWN_CANDLES) return null;
    try {
      const rows = await this.index.candles(period, from, to);
      return { source: this.feed.kind, candles: rows.map((c) => candleFrame(core.config, c)) };
    } catch (err) {
      log("warn", { event: "market_index_klines_failed", market: core.config.symbol, error: String(err) });
      return null;
    }
  }

  /** The price trail between two instants (ms), oldest first, at most `limit` entries (GET /currency/price_trail). */
  trailRange(from: number, to: number, limit: number): TrailEntry[] {
    const m = this.market().config;
    return (this.trail?.range(from, to, limit) ?? []).map((p) => ({ time: p.time, price: priceText(m, p.ticks), source: p.source }));
  }

  /** The trail entry in effect at instant `t` (schema/api/trail.ts defines it), or null: no fresh price then. */
  trailAt(t: number): TrailEntry | null {
    const p = this.trail?.at(t) ?? null;
    return p && { time: p.time, price: priceText(this.market().config, p.ticks), source: p.source };
  }

  /**
   * Local development and browser tests only: the simulated feed jumps to `price` and ticks at once (the trail records
   * it, contract triggers see it). False where the feed is not the simulator or the environment is not local.
   */
  async steer(price: string): Promise<boolean> {
    if (!(this.feed instanceof SimulatedFeed) || !isLocalEnvironment(this.env)) return false;
    this.feed.jump(toTicks(price, this.market().config.tickSize), Date.now());
    await this.feedTick();
    return true;
  }

  ticker(): Ticker | null {
    return liveTicker(this.market(), Date.now());
  }

  snapshot(): MarketSnapshot {
    return { ticker: this.ticker(), depth: this.depth(20), trades: this.trades(50) };
  }

  /** Orders not yet written to D1 plus outbox entries not yet settled (tests and operators). */
  backlog(): number {
    return (this.intake?.size ?? 0) + this.market().store.outboxSize();
  }

  // ---------------------------------------------------------------- alarm tasks

  override async alarm(): Promise<void> {
    const core = this.core;
    if (!core) return;
    await this.scheduler.fire(
      (task) => this.task(task),
      (task, err) => log("error", { event: "market_task_failed", market: core.config.symbol, task, error: String(err) }),
      // A pending outbox or intake is always worth a try, whatever woke us.
      core.store.outboxSize() > 0 || (this.intake?.size ?? 0) > 0 ? ["drain"] : [],
    );
    await this.out?.copyTicker();
  }

  private task(task: Task): Promise<void> {
    if (task === "drain") return this.drain();
    if (task === "feed") return this.feedTick();
    if (task === "traders") return this.tradersTick();
    return this.reconcile();
  }

  /** A drain soon (one timer for a burst of commands; drainTimer says when), with the alarm as its backstop. */
  private drainSoon(): void {
    this.scheduler.at("drain", Date.now() + DRAIN_BACKSTOP_MS);
    this.drainTimer.poke();
  }

  /** Settles the outbox (one drain at a time), then pushes the changed orders to their owners. */
  private drain(): Promise<void> {
    // Someone is draining: run once more after it, for what arrived meanwhile.
    if (this.draining) return this.draining.then(() => this.drain());
    const core = this.market();
    this.draining = (async () => {
      // The pass's first D1 batch carries the orders queued for their holds (a timer that kicks the intake does not
      // outlive an eviction; the alarm does), so a cycle of the market is one round trip (cycle.ts).
      let carry = true;
      let carried = 0;
      const batch = (steps: Step[]) => {
        const rider = carry ? (this.intake?.carry() ?? null) : null;
        carry = false;
        carried = rider?.orders.length ?? 0;
        return this.settleBatch(core, steps, rider);
      };
      try {
        const result = await drainOutbox({
          store: core.store,
          settle: batch,
          hooks: this.drainHooks,
          deadline: Date.now() + DRAIN_SLICE_MS,
          now: Date.now,
        });
        if (carry) await batch([]);
        this.lastPass = carried + result.steps;
        this.drainFailures = 0;
        if (result.more) this.scheduler.at("drain", Date.now());
        this.out?.settled(result.touched);
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

  /**
   * One D1 batch of a drain pass: these steps settled, then `rider`'s orders held (cycle.ts), and the ticker copy when
   * the steps fill (it follows trades at once). The rider hears the outcome, or the failure: its orders are queued again.
   */
  private async settleBatch(core: MarketCore, steps: Step[], rider: Carried | null): Promise<void> {
    const extra = steps.some((s) => s.k === "fill") ? (this.out?.tickerCopy(true) ?? []) : [];
    let committed: Committed;
    try {
      committed = await settleAndCommit(this.db, core.config, steps, rider?.orders ?? [], { extra, discounts: this.discounts });
      if (rider) this.commitHooks.afterCommit?.();
    } catch (err) {
      rider?.failed(err);
      // The copy may not be in D1: the retry writes it again.
      if (extra.length > 0) this.out?.tickerCopyLost();
      throw err;
    }
    rider?.done(committed);
  }

  /** Moves the reference price, keeps reference_prices current and re-quotes the market maker (withdraws it when off). */
  private async feedTick(): Promise<void> {
    const core = this.market();
    const now = Date.now();
    if (!core.config.enabled) return this.stop();
    this.scheduler.at("feed", now + FEED_MS);
    void this.exchange?.ensure(now);
    const ref = this.feed.tick(now);
    // A switched-off feed repeats the configured start price: that is no live price, so it never counts as fresh.
    if (ref !== null && this.feed.kind !== "off") {
      core.referenceAt = now;
      this.trail?.record(now, ref, this.feed.kind);
    }
    if (ref !== null && ref !== core.reference()) {
      core.store.transaction(() => {
        core.setReference(ref);
        const saved = this.feed.save();
        if (saved) core.store.setMeta("feed", saved);
      });
      // The ticker carries the index price: republished when it moves, at most every REFERENCE_PUBLISH_MS.
      if (now - this.lastReferencePublish >= REFERENCE_PUBLISH_MS) {
        this.lastReferencePublish = now;
        core.tickerChanged();
      }
    }
    if (ref !== null && now - this.lastReferenceCopy >= REFERENCE_COPY_MS) {
      this.lastReferenceCopy = now;
      await writeReferencePrice(this.db, core.config, priceText(core.config, ref), now);
    }
    await this.maker?.requote(ref);
  }

  /**
   * Re-submits orders whose place call never arrived; refreshes the configuration. A market found switched off
   * withdraws its maker's quotes and is not reconciled again until wake() starts it.
   */
  private async reconcile(): Promise<void> {
    const core = this.market();
    core.store.pruneIdem(Date.now() - IDEM_KEEP_MS);
    this.trail?.prune(Date.now());
    const fresh = await loadMarket(this.db, core.config.symbol);
    if (fresh) core.setConfig(fresh);
    if (core.config.enabled) this.scheduler.at("reconcile", Date.now() + RECONCILE_MS);
    else await this.stop();
    const rows = await pendingOrders(this.db, core.config.id, Date.now() - PENDING_GRACE_MS);
    for (const r of rows) {
      if (core.order(r.id).known) continue;
      try {
        core.place(placeOf(r, core.config));
      } catch (err) {
        log("error", { event: "market_reconcile_failed", order: r.id, error: String(err) });
      }
    }
  }

  /** One order of the simulated traders, through submit() like any user's; then the next one is armed. */
  private async tradersTick(): Promise<void> {
    const core = this.market();
    const t = this.traders;
    if (!t || !core.config.enabled) return;
    this.scheduler.at("traders", Date.now() + t.rule.nextGap());
    const order = t.rule.nextOrder(core.config, t.owners, {
      ref: core.reference(),
      last: core.lastTrade()?.price ?? null,
      top: core.top(),
    });
    core.store.setMeta("traders", JSON.stringify(t.rule.state()));
    if (!order) return;
    const result = await this.submit(order);
    if ("error" in result) log("warn", { event: "market_sim_trader_refused", market: core.config.symbol, code: result.error.code });
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
