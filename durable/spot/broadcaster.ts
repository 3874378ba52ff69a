import type { OrderUpdateFrame } from "../../schema/api/market.ts";
import type { Db } from "../../worker/domain/db.ts";
import type { Env } from "../../worker/domain/env.ts";
import { commit, type Statement } from "../../worker/domain/ledger/index.ts";
import { roomName } from "../../worker/domain/markets/config.ts";
import { writeTicker } from "../../worker/domain/markets/tickers.ts";
import type { MarketRoom } from "../rooms/market-room.ts";
import { PublishPacer } from "../common/publish-pacer.ts";
import { pushToUsers } from "../common/push-users.ts";
import type { MarketCore } from "./core.ts";
import { OrderPushes } from "./order-pushes.ts";
import { frames, liveTicker, PUBLISH_INTERVAL_MS, spotOrderFrame } from "./publisher.ts";
import { log } from "../../worker/domain/log.ts";

/** However slow the room, a market publishes at least once a second. */
const MAX_PUBLISH_GAP_MS = 1_000;
const ALL_ROOM_MS = 1_000;
/** Order updates go to their owners at most this often (a burst's changes are merged; order-pushes.ts). */
const ORDER_PUSH_MS = 200;
/** The D1 ticker copy follows trades at once (in the batch that settles them), anything else at most this often. */
const TICKER_COPY_MS = 10_000;

/**
 * What a Market object tells the world, each at its own pace: the market room (what changed, at most every
 * PUBLISH_INTERVAL_MS), the ALL room (its ticker, at most every ALL_ROOM_MS), its owners' user rooms (their orders as
 * settled, at most every ORDER_PUSH_MS) and the D1 copy of its ticker (which lists and quotations read). Nothing here
 * moves money or changes the book; a lost publish or push is sent again, or shows at the next read.
 */
export class Broadcaster {
  private readonly room: PublishPacer;
  private readonly all: PublishPacer;
  private readonly pushes: OrderPushes;
  /** User id → public uid, which names the user's room (it never changes). */
  private readonly uids = new Map<number, string>();
  private lastTickerCopy = { at: 0, text: "" };

  constructor(private readonly deps: { env: Env; db: Db; core: MarketCore }) {
    this.room = new PublishPacer({ intervalMs: PUBLISH_INTERVAL_MS, maxGapMs: MAX_PUBLISH_GAP_MS, publish: () => this.publish() });
    this.all = new PublishPacer({ intervalMs: ALL_ROOM_MS, maxGapMs: 0, publish: () => this.publishAll() });
    this.pushes = new OrderPushes({ intervalMs: ORDER_PUSH_MS, send: (touched) => this.pushOrders(touched) });
  }

  /** The book, trades or ticker changed (core.dirty says what): the market room hears it at the pace. */
  changed(): void {
    this.room.request();
  }

  /** Orders (id → owner) whose change is settled: their owners hear their current state. */
  settled(touched: Map<number, number>): void {
    this.pushes.add(touched);
  }

  /** The statement that copies the ticker to D1, when it changed (or `force`: after trades); none otherwise. */
  tickerCopy(force: boolean): Statement[] {
    const { core, db } = this.deps;
    const now = Date.now();
    if (!force && now - this.lastTickerCopy.at < TICKER_COPY_MS) return [];
    const t = this.ticker();
    if (!t) return [];
    const text = JSON.stringify({ ...t, time: 0, index_time: 0 });
    if (text === this.lastTickerCopy.text && now - this.lastTickerCopy.at < 60_000) return [];
    this.lastTickerCopy = { at: now, text };
    return [writeTicker(db, core.config.id, t)];
  }

  /** A batch carrying tickerCopy's statement failed: it may not be in D1, so the next copy writes it again. */
  tickerCopyLost(): void {
    this.lastTickerCopy = { at: 0, text: "" };
  }

  /** The D1 ticker copy on its own (idle markets refresh it every TICKER_COPY_MS from the alarm). */
  async copyTicker(): Promise<void> {
    const write = this.tickerCopy(false);
    if (write.length === 0) return;
    try {
      await commit(this.deps.db, write);
    } catch (err) {
      log("warn", { event: "market_ticker_copy_failed", market: this.deps.core.config.symbol, error: String(err) });
    }
  }

  private ticker() {
    return liveTicker(this.deps.core, Date.now());
  }

  private rooms(): DurableObjectNamespace<MarketRoom> {
    return this.deps.env.MarketRoom as DurableObjectNamespace<MarketRoom>;
  }

  /** Sends what changed since the last publish to the market room; answers whether more changed since. */
  private async publish(): Promise<boolean> {
    const { core } = this.deps;
    const out = frames(core.config, core, core.dirty, Date.now());
    if (out.length === 0) return false;
    try {
      await this.rooms().getByName(roomName(core.config.symbol)).publish(out);
    } catch (err) {
      log("warn", { event: "market_publish_failed", market: core.config.symbol, error: String(err) });
      // Ticker and depth are whole pictures: the next publish (paced as usual) sends the current ones again.
      core.dirty.ticker = true;
      core.dirty.depth = true;
      return true;
    }
    if (out.some((f) => f.type === "ticker")) this.all.request();
    const d = core.dirty;
    return d.depth || d.ticker || d.trades.length > 0 || d.candles.size > 0;
  }

  private async publishAll(): Promise<boolean> {
    const t = this.ticker();
    if (!t) return false;
    try {
      await this.rooms()
        .getByName("ALL")
        .publish([{ type: "tickers", tickers: [t] }]);
    } catch (err) {
      log("warn", { event: "market_publish_all_failed", market: t.symbol, error: String(err) });
    }
    return false;
  }

  /**
   * Every order a drain pass settled goes to its owner's user room as {type:"order", order}, as the market knows it
   * (settlement of that change is done; later changes may already show). One RPC per user (paced by OrderPushes).
   */
  private async pushOrders(touched: Map<number, number>): Promise<void> {
    const { core, env, db } = this.deps;
    const byUser = new Map<number, string[]>();
    const rows = core.store.getOrders([...touched.keys()]);
    for (const [id, owner] of touched) {
      const row = rows.get(id);
      if (!row) continue;
      const list = byUser.get(owner) ?? [];
      list.push(JSON.stringify({ type: "order", order: spotOrderFrame(core.config, row) } satisfies OrderUpdateFrame));
      byUser.set(owner, list);
    }
    await pushToUsers(env, db, byUser, this.uids);
  }
}
