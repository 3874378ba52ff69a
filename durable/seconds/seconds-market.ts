import { DurableObject } from "cloudflare:workers";
import type { SecondsOrder, SecondsResultFrame } from "../../schema/api/seconds.ts";
import { type Db, database } from "../../worker/domain/db.ts";
import type { Env } from "../../worker/domain/env.ts";
import { ApiError, conflict } from "../../worker/domain/errors.ts";
import { roomName } from "../../worker/domain/markets/config.ts";
import { OrderIds } from "../../worker/domain/markets/ids.ts";
import { loadMarket } from "../../worker/domain/markets/markets.ts";
import { commit, DuplicateJournal } from "../../worker/domain/ledger/post.ts";
import {
  acceptStatements,
  closedIds,
  commitSettlement,
  openOrdersOf,
  type OpenOrder,
  orderView,
} from "../../worker/domain/seconds/orders.ts";
import type { Market } from "../spot/market.ts";
import { pushToUsers } from "../common/push-users.ts";
import { AlarmScheduler } from "../common/scheduler.ts";
import { SecondsBook } from "./book.ts";
import { settleDue } from "./settle.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * The seconds contracts of one market (named like its Market object, "BTC-USDT"). Thin glue: the book (book.ts) keeps
 * open orders by due time, one alarm (AlarmScheduler) settles the soonest (settle.ts) at the price the market's trail had
 * in effect at each order's handled_at, D1 holds the money (worker/domain/seconds/orders.ts).
 *
 * Alarm tasks:
 *   settle     pay every order due by now, then arm for the next due order
 *   reconcile  adopt orders D1 has open but the book lacks (a crash after the acceptance batch), at boot and each minute
 */

type Task = "settle" | "reconcile";

const RECONCILE_MS = 60_000;
/** An order this young may still be on its way into the book (its acceptance is running). */
const RECONCILE_GRACE_MS = 5_000;

export type AcceptRequest = Omit<OpenOrder, "id" | "open" | "createdAt" | "handledAt" | "symbol" | "marketId"> & {
  idem: { key: string; hash: string } | null;
};
export type AcceptResult =
  { order: SecondsOrder } | { error: { status: ApiError["status"]; code: ApiError["code"]; params: ApiError["params"] } };

export class SecondsMarket extends DurableObject<Env> {
  private readonly db: Db;
  private readonly scheduler: AlarmScheduler<Task>;
  private readonly book: SecondsBook;
  private market: { id: number; symbol: string } | null = null;
  private ids = new OrderIds(0);
  private readonly uids = new Map<number, string>();
  /** Tests crash the settlement here: after a slice is paid in D1, before the book forgets it. */
  settleHooks: { afterCommit?: () => void } = {};

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    this.scheduler = new AlarmScheduler<Task>(ctx.storage);
    this.book = new SecondsBook(ctx.storage.sql);
    void ctx.blockConcurrencyWhile(() => this.boot());
  }

  private async boot(): Promise<void> {
    const m = await loadMarket(this.db, this.ctx.id.name ?? "");
    if (!m) return;
    this.market = { id: m.id, symbol: m.symbol };
    this.ids = new OrderIds(m.id);
    this.armSettle();
    this.scheduler.at("reconcile", Date.now() + 1_000);
  }

  private marketStub() {
    return (this.env.Market as DurableObjectNamespace<Market>).getByName(roomName(this.market!.symbol));
  }

  private armSettle(): void {
    const next = this.book.next();
    if (next !== null) this.scheduler.at("settle", next);
  }

  // ---------------------------------------------------------------- RPC

  /**
   * Accepts an order the Worker checked against the configuration: opens it at the price in effect now (refused when
   * there is none), writes its acceptance batch, then books it for settlement at handled_at.
   */
  async accept(req: AcceptRequest): Promise<AcceptResult> {
    if (!this.market) return { error: { status: 400, code: "UNKNOWN_MARKET", params: {} } };
    const now = Date.now();
    const open = await this.marketStub().trailAt(now);
    if (!open) return refusal(conflict("SECONDS_NO_PRICE"));
    const { idem, ...rest } = req;
    const order: OpenOrder = {
      ...rest,
      id: this.ids.next(now),
      marketId: this.market.id,
      symbol: this.market.symbol,
      open,
      createdAt: now,
      handledAt: now + req.seconds * 1000,
    };
    const view = orderView(order, null, now);
    try {
      await commit(this.db, acceptStatements(this.db, order, idem, view));
    } catch (err) {
      if (err instanceof ApiError) return refusal(err);
      throw err;
    }
    this.book.add(order);
    this.scheduler.at("settle", order.handledAt);
    return { order: view };
  }

  /** Open orders in the book (tests, bench). */
  size(): number {
    return this.book.size();
  }

  /** When the alarm is due next (null: nothing armed). */
  next(): number | null {
    return this.scheduler.next();
  }

  // ---------------------------------------------------------------- alarm

  override async alarm(): Promise<void> {
    if (!this.market) return;
    await this.scheduler.fire(
      (task) => (task === "settle" ? this.settle() : this.reconcile()),
      // A failed settlement is retried by the scheduler; the book still holds every unpaid order.
      (task, err) => log("error", { event: "seconds_task_failed", market: this.market?.symbol, task, error: String(err) }),
      this.book.next() !== null && this.book.next()! <= Date.now() ? ["settle"] : [],
    );
  }

  private async settle(): Promise<void> {
    const { closed, more } = await settleDue({
      book: this.book,
      trailAt: (t) => this.marketStub().trailAt(t),
      commit: (list) => commitSettlement(this.db, list, Date.now()),
      isDuplicate: (err) => err instanceof DuplicateJournal,
      closedIds: (ids) => closedIds(this.db, ids),
      now: Date.now,
      afterCommit: () => this.settleHooks.afterCommit?.(),
    });
    if (more) this.scheduler.at("settle", Date.now());
    this.armSettle();
    const byUser = new Map<number, string[]>();
    const now = Date.now();
    for (const c of closed) {
      const frame: SecondsResultFrame = { type: "seconds_result", order: orderView(c.order, c, now) };
      const list = byUser.get(c.order.userId) ?? [];
      list.push(JSON.stringify(frame));
      byUser.set(c.order.userId, list);
    }
    await pushToUsers(this.env, this.db, byUser, this.uids);
  }

  private async reconcile(): Promise<void> {
    this.scheduler.at("reconcile", Date.now() + RECONCILE_MS);
    for (const o of await openOrdersOf(this.db, this.market!.id, Date.now() - RECONCILE_GRACE_MS)) {
      if (!this.book.has(o.id)) this.book.add(o);
    }
    this.armSettle();
  }
}

const refusal = (err: ApiError): AcceptResult => ({ error: { status: err.status, code: err.code, params: err.params } });
