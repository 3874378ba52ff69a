import { PERIODS, type Period } from "../../schema/api/market.ts";
import { feeUnits, lotsToBase, type MarketConfig, notionalUnits } from "../../worker/domain/markets/config.ts";
import {
  type EndStep,
  type FillStep,
  fillId,
  type FinalStatus,
  type NewOrder,
  type OrderView,
  type PlaceOrder,
  type Step,
} from "../../worker/domain/markets/steps.ts";
import { aggregate, bucketStart, type ChartCandle, mergeCandles, overlay, ticker, type Trade, type TickerTicks } from "./candles.ts";
import { type EngineEvent, EventLog, MatchingEngine, type PlaceCommand } from "./engine/index.ts";
import type { CandleRow, MarketStore, OrderRow, TradeRow } from "./store.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * The market's logic around the matching engine, with injected storage and clock
 * (README, "Design": Durable Objects). The Durable Object class only wires it to the runtime.
 *
 * A command (place or cancel; or a group of places) runs the engine, then writes in ONE storage
 * transaction: the order rows it changed, its trades, the candles, the engine
 * sequence number and an outbox row with the D1 settlement steps. If that write
 * fails the engine is rebuilt from storage, so memory never runs ahead of disk.
 * Places are idempotent by order id: a known id answers its stored state.
 */

export type { OrderView, PlaceOrder };

/** The ticker with the index price (ticks) and when the feed gave it; both null without a live feed price. */
export type TickerView = TickerTicks & { index: number | null; indexAt: number | null };

/** Changes since the last publish, for the coalescing publisher. */
export type Dirty = { depth: boolean; ticker: boolean; trades: TradeRow[]; candles: Set<Period> };

const UNKNOWN = (id: number): OrderView => ({ id, known: false, state: "unknown", filled: 0, remaining: 0, reason: "" });

export class MarketCore {
  config: MarketConfig;
  readonly store: MarketStore;
  private readonly now: () => number;
  private readonly log = new EventLog();
  private engine: MatchingEngine;
  /** Set by every command; read and cleared by the publisher. */
  dirty: Dirty = { depth: true, ticker: true, trades: [], candles: new Set() };
  /** Called after every committed command that left steps in the outbox. */
  onOutbox: () => void = () => {};
  /** Called after every committed command that changed public data. */
  onDirty: () => void = () => {};
  /** The last trade as stored (meta "last"), read once; undefined until read. Every publish asks for it per period. */
  private last: { price: number; time: number } | null | undefined = undefined;
  /** When the feed last gave a live reference price (it may repeat the stored one); null until it has. Memory only. */
  referenceAt: number | null = null;

  constructor(opts: { config: MarketConfig; store: MarketStore; now: () => number }) {
    this.config = opts.config;
    this.store = opts.store;
    this.now = opts.now;
    this.engine = new MatchingEngine({ sink: this.log, capacity: 1024 });
  }

  /** The ticker changed outside a command (its index price moved): the publisher sends it, as after a trade. */
  tickerChanged(): void {
    this.dirty.ticker = true;
    this.onDirty();
  }

  /**
   * Takes a fresh configuration (fees, minimums, market maker). Steps and
   * precisions cannot change under resting orders: such a change is refused.
   */
  setConfig(next: MarketConfig): boolean {
    const c = this.config;
    const same =
      next.id === c.id &&
      next.priceDecimals === c.priceDecimals &&
      next.qtyDecimals === c.qtyDecimals &&
      next.base.id === c.base.id &&
      next.quote.id === c.quote.id &&
      next.base.precision === c.base.precision &&
      next.quote.precision === c.quote.precision;
    if (!same) {
      log("error", { event: "market_config_units_changed", market: c.symbol });
      return false;
    }
    this.config = next;
    return true;
  }

  /** Creates the tables (once) and loads the book from storage. Returns the number of resting orders. */
  start(): number {
    this.store.init();
    return this.rebuild();
  }

  /** Throws the in-memory book away and loads it again from storage. */
  rebuild(): number {
    const seq = Number(this.store.getMeta("seq") ?? "0");
    const orders = this.store.loadResting();
    const engine = new MatchingEngine({ sink: this.log, capacity: Math.max(1024, orders.length * 2) });
    engine.restore({ version: 1, seq, orders });
    this.engine = engine;
    this.log.take();
    this.last = undefined;
    return orders.length;
  }

  // ---------------------------------------------------------------- commands

  place(o: PlaceOrder): OrderView {
    return this.placeMany([o])[0]!;
  }

  /**
   * Places orders one after another, as place() would, and writes all they changed in ONE storage transaction (the
   * intake places a whole group commit this way). An order already known answers its stored state and runs nothing.
   */
  placeMany(list: readonly PlaceOrder[]): OrderView[] {
    const known = this.store.getOrders(list.map((o) => o.id));
    const now = this.now();
    const fresh = new Map<number, OrderRow>();
    this.log.take();
    try {
      for (const o of list) {
        if (known.has(o.id) || fresh.has(o.id)) continue;
        fresh.set(o.id, newOrderRow(o, now, "open", ""));
        this.engine.place(placeCommand(o));
      }
    } catch (err) {
      // Nothing of the group is stored yet: the book goes back to what is.
      this.rebuild();
      throw err;
    }
    const rows = fresh.size > 0 ? this.commit(this.log.take(), now, fresh) : fresh;
    return list.map((o) => view(rows.get(o.id) ?? known.get(o.id)!));
  }

  /**
   * Cancels an order of `owner`. A resting order leaves the book; an order that
   * already ended answers its state; an order this market never saw (its place
   * call was lost) is recorded as cancelled so a late place of it is refused, and
   * its whole hold is released. Another owner's order is "unknown".
   */
  cancel(req: { id: number; owner: number; order?: PlaceOrder }): OrderView {
    const row = this.store.getOrder(req.id);
    if (row) {
      if (row.owner !== req.owner) return UNKNOWN(req.id);
      if (row.resting !== 1) return view(row);
      const now = this.now();
      this.log.take();
      this.engine.cancel(req.id);
      const rows = this.commit(this.log.take(), now, new Map());
      return view(rows.get(req.id) ?? row);
    }
    const o = req.order;
    if (!o || o.id !== req.id || o.owner !== req.owner) return UNKNOWN(req.id);
    const now = this.now();
    const tomb = newOrderRow(o, now, "cancelled", "user");
    const step: EndStep = this.endStep(tomb, this.engine.seq, "cancelled", "user");
    this.store.transaction(() => {
      this.store.putOrder(tomb);
      this.store.appendOutbox(JSON.stringify({ steps: [step] }), now);
    });
    this.onOutbox();
    return view(tomb);
  }

  /**
   * Records an order the ledger refused after its owner was answered (see
   * intake.ts): a "rejected" row that never reached the book, and an outbox step
   * that writes the same to D1 and tells the owner.
   */
  refuse(o: NewOrder, reason: string): OrderView {
    const existing = this.store.getOrder(o.id);
    if (existing) return view(existing);
    const now = this.now();
    const row = newOrderRow(o, now, "rejected", reason);
    row.holdUnits = 0;
    this.store.transaction(() => {
      this.store.putOrder(row);
      this.store.appendOutbox(
        JSON.stringify({ steps: [{ k: "refused", seq: this.engine.seq, order: o.id, owner: o.owner, reason, detail: o }] }),
        now,
      );
    });
    this.onOutbox();
    return view(row);
  }

  // ---------------------------------------------------------------- events → storage

  /**
   * Turns one command's events (or a group of places', placeMany) into row changes,
   * trades, candles and settlement steps, and writes them all in one transaction.
   */
  private commit(events: EngineEvent[], now: number, fresh: Map<number, OrderRow>): Map<number, OrderRow> {
    const rows = new Map<number, OrderRow>(fresh);
    const row = (id: number): OrderRow => {
      let r = rows.get(id);
      if (!r) {
        r = this.store.getOrder(id);
        if (!r) throw new Error(`market ${this.config.symbol}: event for unknown order ${id}`);
        rows.set(id, r);
      }
      return r;
    };
    const steps: Step[] = [];
    const trades: TradeRow[] = [];
    const m = this.config;

    for (const e of events) {
      switch (e.type) {
        case "accepted":
          break;
        case "rested": {
          const r = row(e.id);
          r.resting = 1;
          r.priority = e.seq;
          r.qty = e.qty;
          if (r.filled === 0) steps.push({ k: "open", seq: e.seq, order: r.id, owner: r.owner });
          break;
        }
        case "fill": {
          const maker = row(e.makerId);
          const taker = row(e.takerId);
          const buyer = e.takerSide === "buy" ? taker : maker;
          const seller = e.takerSide === "buy" ? maker : taker;
          const baseUnits = lotsToBase(m, e.qty);
          const quoteUnits = notionalUnits(m, e.price, e.qty);
          const buyFee = feeUnits(baseUnits, buyer === taker ? m.takerFee : m.makerFee);
          const sellFee = feeUnits(quoteUnits, seller === taker ? m.takerFee : m.makerFee);
          buyer.consumed += quoteUnits;
          seller.consumed += baseUnits;
          buyer.feeUnits += buyFee;
          seller.feeUnits += sellFee;
          for (const r of [buyer, seller]) {
            r.filled += e.qty;
            r.quoteUnits += quoteUnits;
            r.updatedAt = now;
          }
          maker.qty = e.makerRemaining;
          taker.qty = e.takerRemaining;
          maker.state = e.makerRemaining === 0 ? "filled" : "partial";
          taker.state = e.takerRemaining === 0 ? "filled" : "partial";
          if (e.makerRemaining === 0) maker.resting = 0;
          const fill: FillStep = {
            k: "fill",
            id: fillId(m.id, e.seq),
            seq: e.seq,
            time: now,
            price: e.price,
            qty: e.qty,
            baseUnits,
            quoteUnits,
            takerSide: e.takerSide,
            buy: {
              order: buyer.id,
              owner: buyer.owner,
              hold: buyer.hold,
              fee: buyFee,
              status: buyer.state === "filled" ? "filled" : "partial",
            },
            sell: {
              order: seller.id,
              owner: seller.owner,
              hold: seller.hold,
              fee: sellFee,
              status: seller.state === "filled" ? "filled" : "partial",
            },
          };
          steps.push(fill);
          trades.push({ seq: e.seq, price: e.price, qty: e.qty, side: e.takerSide === "buy" ? 0 : 1, time: now });
          if (e.makerRemaining === 0) steps.push(this.endStep(maker, e.seq, "filled", ""));
          if (e.takerRemaining === 0) steps.push(this.endStep(taker, e.seq, "filled", ""));
          break;
        }
        case "cancelled": {
          const r = row(e.id);
          r.resting = 0;
          r.state = "cancelled";
          r.reason = e.reason;
          r.updatedAt = now;
          steps.push(this.endStep(r, e.seq, "cancelled", e.reason));
          break;
        }
        case "reduced": {
          const r = row(e.id);
          r.qty = e.remaining;
          r.updatedAt = now;
          break;
        }
        case "moved":
          break;
        case "rejected": {
          if (e.command !== "place") break;
          const r = fresh.get(e.id);
          if (!r) break;
          r.state = "rejected";
          r.reason = e.reason;
          steps.push(this.endStep(r, e.seq, "rejected", e.reason));
          break;
        }
      }
    }

    const candles = trades.length > 0 ? this.candleUpdates(trades) : [];
    try {
      this.store.transaction(() => {
        this.store.putOrders([...rows.values()]);
        for (const t of trades) this.store.insertTrade(t);
        for (const [period, c] of candles) this.store.mergeCandle(period, c);
        this.store.setMeta("seq", String(this.engine.seq));
        if (trades.length > 0) {
          const last = trades[trades.length - 1]!;
          this.store.setMeta("last", JSON.stringify({ price: last.price, time: last.time }));
          // About every 64th trade (a group of commands may step over the multiple).
          if (trades.some((t) => t.seq % 64 === 0)) this.store.pruneTrades();
        }
        if (steps.length > 0) this.store.appendOutbox(JSON.stringify({ steps }), now);
      });
    } catch (err) {
      // Memory ran ahead of storage: take the book back to what is stored.
      this.rebuild();
      throw err;
    }

    if (trades.length > 0) this.last = { price: trades[trades.length - 1]!.price, time: trades[trades.length - 1]!.time };
    if (steps.length > 0) this.onOutbox();
    const d = this.dirty;
    d.depth = true;
    if (trades.length > 0) {
      d.ticker = true;
      d.trades.push(...trades);
      if (d.trades.length > 100) d.trades.splice(0, d.trades.length - 100);
      for (const p of PERIODS) d.candles.add(p);
    }
    this.onDirty();
    return rows;
  }

  private endStep(r: OrderRow, seq: number, status: FinalStatus, reason: string): EndStep {
    const release = r.holdUnits - r.consumed;
    if (release < 0) throw new Error(`order ${r.id} consumed more than its hold`);
    return {
      k: "end",
      seq,
      order: r.id,
      owner: r.owner,
      hold: r.hold,
      holdCurrency: r.side === 0 ? this.config.quote.id : this.config.base.id,
      release,
      status,
      reason,
    };
  }

  private candleUpdates(trades: TradeRow[]): [Period, CandleRow][] {
    const out: [Period, CandleRow][] = [];
    const list: Trade[] = trades.map((t) => ({ price: t.price, qty: t.qty, time: t.time }));
    for (const p of PERIODS) for (const c of aggregate(p, list)) out.push([p, c]);
    return out;
  }

  // ---------------------------------------------------------------- queries

  get seq(): number {
    return this.engine.seq;
  }

  get restingCount(): number {
    return this.engine.restingCount;
  }

  top(): { bid: number | null; ask: number | null } {
    return { bid: this.engine.bestBid(), ask: this.engine.bestAsk() };
  }

  depth(levels = 20) {
    return this.engine.depth(levels);
  }

  /** Resting orders in book order (tests compare books across a rebuild). */
  book() {
    return this.engine.resting();
  }

  order(id: number): OrderView {
    const r = this.store.getOrder(id);
    return r ? view(r) : UNKNOWN(id);
  }

  lastTrade(): { price: number; time: number } | null {
    if (this.last === undefined) {
      const raw = this.store.getMeta("last");
      this.last = raw ? (JSON.parse(raw) as { price: number; time: number }) : null;
    }
    return this.last;
  }

  /** Reference price in ticks (from the feed), or null. */
  reference(): number | null {
    const raw = this.store.getMeta("ref");
    return raw ? Number(raw) : null;
  }

  setReference(ticks: number): void {
    this.store.setMeta("ref", String(ticks));
  }

  /**
   * The 24-hour ticker in ticks and lots, with the index (reference) price while the feed gives a live one; null when
   * the market has neither traded nor a reference price.
   */
  ticker(now = this.now()): TickerView | null {
    const ref = this.reference();
    const last = this.lastTrade()?.price ?? ref;
    if (last === null) return null;
    const live = ref !== null && this.referenceAt !== null;
    return {
      ...ticker(last, this.store.window(bucketStart("1min", now - 24 * 3600_000))),
      index: live ? ref : null,
      indexAt: live ? this.referenceAt : null,
    };
  }

  /** The market's candles over its simulated history, if it has one (see overlay). */
  candles(period: Period, from: number, to: number, limit = 1500): ChartCandle[] {
    const start = bucketStart(period, from);
    return overlay(this.store.simCandles(period, start, to, limit), this.store.candles(period, start, to, limit), limit);
  }

  /** The candle of a period holding the last trade, if any (for live kline frames), over the history like candles(). */
  currentCandle(period: Period): ChartCandle | undefined {
    const last = this.lastTrade();
    if (!last) return undefined;
    const t = bucketStart(period, last.time);
    const own = this.store.candle(period, t);
    if (!own) return undefined;
    const sim = this.store.simCandle(period, t);
    return sim ? { ...mergeCandles(sim, own), sim: true } : { ...own, sim: false };
  }

  /** Stores a simulated history (history.ts), every period in one transaction. */
  addHistory(history: Map<Period, CandleRow[]>): void {
    this.store.transaction(() => {
      for (const [period, rows] of history) this.store.putSimCandles(period, rows);
    });
  }

  recentTrades(limit = 50): TradeRow[] {
    return this.store.recentTrades(limit);
  }
}

function placeCommand(o: PlaceOrder): PlaceCommand {
  const cmd: PlaceCommand = {
    id: o.id,
    owner: o.owner,
    side: o.side,
    type: o.type,
    qty: o.qty,
    tif: o.type === "market" && o.tif === "GTC" ? "IOC" : o.tif,
    stp: "cancel-newest",
  };
  if (o.type === "limit") cmd.price = o.price;
  if (o.postOnly && o.type === "limit" && cmd.tif === "GTC") cmd.postOnly = true;
  if (o.type === "market" && o.side === "buy" && o.budget > 0) cmd.quoteBudget = o.budget;
  return cmd;
}

function view(r: OrderRow): OrderView {
  return { id: r.id, known: true, state: r.state, filled: r.filled, remaining: r.resting ? r.qty : 0, reason: r.reason };
}

/** The stored row of an order as the worker submitted it, before any fill. */
function newOrderRow(o: PlaceOrder, now: number, state: OrderRow["state"], reason: string): OrderRow {
  return {
    id: o.id,
    owner: o.owner,
    side: o.side === "buy" ? 0 : 1,
    type: o.type === "market" ? 1 : 0,
    price: o.type === "market" ? 0 : o.price,
    qty: o.qty,
    orig: o.qty,
    filled: 0,
    priority: 0,
    resting: 0,
    state,
    reason,
    hold: o.hold,
    holdUnits: o.holdUnits,
    consumed: 0,
    quoteUnits: 0,
    feeUnits: 0,
    budget: o.budget,
    tif: o.tif,
    postOnly: o.postOnly ? 1 : 0,
    createdAt: o.createdAt,
    updatedAt: now,
  };
}
