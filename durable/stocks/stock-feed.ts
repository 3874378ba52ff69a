import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { TrailEntry } from "../../schema/api/trail.ts";
import { contractConfigs } from "../../schema/db/index.ts";
import type { Db } from "../../worker/domain/db.ts";
import { database } from "../../worker/domain/db.ts";
import { type Env, isLocalEnvironment } from "../../worker/domain/env.ts";
import { fromTicks, toTicks } from "../../worker/domain/markets/units.ts";
import type { MarketConfig } from "../../worker/domain/markets/config.ts";
import { loadMarket } from "../../worker/domain/markets/markets.ts";
import { writeTicker } from "../../worker/domain/markets/tickers.ts";
import { lastNyseOpen, nyseSession } from "../../worker/domain/stocks/hours.ts";
import { AlarmScheduler } from "../common/scheduler.ts";
import { durableSql, type SqlDriver } from "../common/sql.ts";
import { type Connector, ExchangeSocket } from "../common/exchange-socket.ts";
import { SimulatedFeed } from "../common/random-walk.ts";
import { PriceTrail } from "../common/trail.ts";
import { type SessionStats, changeText, nextStats } from "./session-stats.ts";
import { ProviderQuotes, type StockFeedKind, finnhubStreamUrl, finnhubSubscribe, stockFeedKind } from "./quote-source.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * The reference feed of one stock pair (named like its contract object, "AAPL-USDT"): during NYSE regular hours it
 * ticks every TICK_MS from the simulator or the provider's stream, records each tick in its price trail (the same
 * trail the spot markets keep, read by the pair's ContractMarket and GET /currency/price_trail) and copies a ticker
 * to D1 for the listings. Outside hours it records nothing, so triggers wait for the open, and it sleeps until then.
 */

const TICK_MS = 1_000;
const TICKER_MS = 5_000;
/** While closed the object looks again at least this often (a changed configuration or dev clock is seen). */
const CLOSED_CHECK_MS = 60_000;
const RETRY_MS = 15_000;
/** An open, close or stop change needs a tick at most this old (a provider that went quiet prices nothing). */
const FRESH_MS = 60_000;

/** What the routes read: the live price, whether the market is in session, and when that next changes (epoch ms). */
export type StockPrices = {
  symbol: string;
  open: boolean;
  nextChange: number;
  /** The last price (the close while the market is closed) and when it was recorded. */
  reference: string | null;
  referenceAt: number | null;
  /** In session with a tick at most FRESH_MS old: the price an open, close or stop change may use. */
  live: boolean;
  source: StockFeedKind;
};

type Saved = { sim?: string; stats?: SessionStats; lastAt?: number; offset?: number };

const workerdConnector =
  (symbol: string): Connector =>
  async (url) => {
    const res = await fetch(url, { headers: { Upgrade: "websocket" } });
    const ws = res.webSocket;
    if (!ws) throw new Error(`stock feed answered ${res.status}`);
    ws.accept();
    ws.send(finnhubSubscribe(symbol));
    return ws;
  };

export class StockFeed extends DurableObject<Env> {
  private readonly db: Db;
  private readonly sql: SqlDriver;
  private readonly trail: PriceTrail;
  private readonly scheduler: AlarmScheduler<"tick">;
  private market: MarketConfig | null = null;
  private kind: StockFeedKind = "off";
  private sim: SimulatedFeed | null = null;
  private provider: ProviderQuotes | null = null;
  private socket: ExchangeSocket | null = null;
  private saved: Saved = {};
  private lastTickerAt = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    this.sql = durableSql(ctx.storage);
    this.sql.run(`CREATE TABLE IF NOT EXISTS feed_state (k TEXT PRIMARY KEY, v TEXT NOT NULL)`);
    this.trail = new PriceTrail(this.sql);
    this.scheduler = new AlarmScheduler<"tick">(ctx.storage);
    void ctx.blockConcurrencyWhile(() => this.boot());
  }

  private async boot(): Promise<void> {
    const market = await loadMarket(this.db, this.ctx.id.name ?? "");
    const config = market ? await this.db.select().from(contractConfigs).where(eq(contractConfigs.marketId, market.id)).get() : undefined;
    if (!market || config?.feed !== "stock") return;
    this.market = market;
    const row = this.sql.raw(`SELECT v FROM feed_state WHERE k = 'state'`)[0];
    try {
      this.saved = row ? (JSON.parse(row[0] as string) as Saved) : {};
    } catch {
      this.saved = {};
    }
    if (!isLocalEnvironment(this.env)) this.saved.offset = 0;
    this.kind = stockFeedKind(this.env.STOCK_FEED, this.env.ENVIRONMENT);
    const start = this.saved.stats?.last ?? toTicks(market.startPrice, market.tickSize);
    if (this.kind === "simulator") {
      this.sim = SimulatedFeed.restore(this.saved.sim, { ticks: start, volatility: Number(market.volatility), now: Date.now() });
    } else if (this.kind === "finnhub" && this.env.FINNHUB_TOKEN) {
      const provider = new ProviderQuotes({ symbol: market.feedSymbol || market.base.name, tickSize: market.tickSize });
      this.provider = provider;
      this.socket = new ExchangeSocket({
        url: finnhubStreamUrl(this.env.FINNHUB_TOKEN),
        retryMs: RETRY_MS,
        connect: workerdConnector(market.feedSymbol || market.base.name),
        onMessage: (text) => provider.onMessage(text, Date.now()),
        onError: (err) => log("warn", { event: "stock_feed_connect_failed", market: market.symbol, error: String(err) }),
      });
    }
    await this.tick();
  }

  /** The instant the market hours are judged at: now, moved by the local-only dev clock (POST /api/dev/stock_clock). */
  private hoursNow(now = Date.now()): number {
    return now + (this.saved.offset ?? 0);
  }

  private persist(): void {
    if (this.sim) this.saved.sim = this.sim.save();
    this.sql.run(`INSERT OR REPLACE INTO feed_state (k, v) VALUES ('state', ?)`, JSON.stringify(this.saved));
  }

  override async alarm(): Promise<void> {
    await this.scheduler.fire(
      () => this.tick(),
      (_task, err) => log("warn", { event: "stock_feed_tick_failed", market: this.market?.symbol ?? "", error: String(err) }),
    );
  }

  /** One step: a price while in session (recorded on the trail), the ticker copy, and the next alarm. */
  private async tick(now = Date.now()): Promise<void> {
    const m = this.market;
    if (!m) return;
    const clock = this.hoursNow(now);
    const session = nyseSession(clock);
    let next = now + TICK_MS;
    if (session.open) {
      if (this.socket) await this.socket.ensure(now);
      const ticks = this.sim ? this.sim.tick(now) : (this.provider?.tick(now) ?? null);
      if (ticks !== null) {
        this.trail.record(now, ticks, this.kind);
        this.saved.stats = nextStats(this.saved.stats ?? null, lastNyseOpen(clock), ticks);
        this.saved.lastAt = now;
      }
      this.trail.prune(now);
    } else {
      this.socket?.close();
      // The simulator rests while the market is closed: the walk resumes from the close at the open.
      this.sim?.jump(this.saved.stats?.last ?? toTicks(m.startPrice, m.tickSize), now);
      next = Math.min(now + CLOSED_CHECK_MS, session.nextChange - (this.saved.offset ?? 0));
    }
    this.persist();
    this.scheduler.at("tick", Math.max(next, now + 1));
    if (now - this.lastTickerAt >= TICKER_MS || !session.open) await this.writeTicker(now);
  }

  private async writeTicker(now: number): Promise<void> {
    const m = this.market!;
    const stats = this.saved.stats;
    const last = stats?.last ?? toTicks(m.startPrice, m.tickSize);
    const price = fromTicks(last, m.tickSize);
    this.lastTickerAt = now;
    await writeTicker(this.db, m.id, {
      symbol: m.symbol,
      now_price: price,
      change: stats ? changeText(stats) : "+0.00",
      high: fromTicks(stats?.high ?? last, m.tickSize),
      low: fromTicks(stats?.low ?? last, m.tickSize),
      volume: "0",
      index_price: stats ? price : "",
      index_time: this.saved.lastAt ?? 0,
      time: now,
    });
  }

  // ---------------------------------------------------------------- RPC

  /** Boots the object (the cron and the listings wake every stock pair) and answers its prices. */
  prices(): StockPrices {
    const m = this.market;
    const session = nyseSession(this.hoursNow());
    const stats = this.saved.stats;
    const at = stats ? (this.saved.lastAt ?? null) : null;
    return {
      symbol: m?.symbol ?? "",
      open: m !== null && session.open,
      live: m !== null && session.open && at !== null && Date.now() - at <= FRESH_MS,
      nextChange: session.nextChange - (this.saved.offset ?? 0),
      reference: m && stats ? fromTicks(stats.last, m.tickSize) : null,
      referenceAt: at,
      source: this.kind,
    };
  }

  /** Trail entries with from <= time <= to, oldest first (the ContractMarket's input, like the spot Market's). */
  trailRange(from: number, to: number, limit: number): TrailEntry[] {
    const m = this.market;
    if (!m) return [];
    return this.trail.range(from, to, limit).map((p) => ({ time: p.time, price: fromTicks(p.ticks, m.tickSize), source: p.source }));
  }

  /** Local development and tests only: the simulator jumps to `price` and ticks at once (when in session). */
  async steer(price: string): Promise<boolean> {
    if (!this.sim || !this.market || !isLocalEnvironment(this.env)) return false;
    this.sim.jump(toTicks(price, this.market.tickSize), Date.now());
    if (!nyseSession(this.hoursNow()).open) return false;
    await this.tick();
    return true;
  }

  /**
   * Local development and tests only: judge the market hours as if it were `at` now (the clock then runs on from
   * there), or by the real clock again with null. Answers the prices under the new clock.
   */
  async setClock(at: number | null): Promise<StockPrices | null> {
    if (!this.market || !isLocalEnvironment(this.env)) return null;
    this.saved.offset = at === null ? 0 : at - Date.now();
    await this.tick();
    return this.prices();
  }
}
