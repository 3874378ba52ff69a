/**
 * A deliberately naive reference model of the matching engine: one array of resting orders, linear
 * scans and a sort per match. It shares nothing with the engine but its types, and exists to be
 * obviously right so the property tests can compare the two event for event.
 */
import type { CommandKind, EngineEvent, PlaceCommand, RejectReason, RestingOrder, Side, StpMode } from "../../durable/spot/engine/types.ts";

type Unsequenced<T> = T extends unknown ? Omit<T, "seq"> : never;

const STP_MODES: readonly StpMode[] = ["none", "cancel-newest", "cancel-oldest", "cancel-both", "decrement"];
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

function safeInt(n: unknown, min: number): boolean {
  return Number.isSafeInteger(n) && (n as number) >= min;
}

function floorDiv(a: number, b: number): number {
  return Number(BigInt(a) / BigInt(b));
}

interface Taker {
  id: number;
  owner: number;
  side: Side;
  /** 0 for market orders. */
  price: number;
  qty: number;
  stp: StpMode;
  budget: number | null;
}

export class ModelEngine {
  seq = 0;
  book: RestingOrder[] = [];
  events: EngineEvent[] = [];

  take(): EngineEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  place(cmd: PlaceCommand): boolean {
    const market = cmd.type === "market";
    const tif = cmd.tif ?? (market ? "IOC" : "GTC");
    const budget = cmd.quoteBudget;
    const invalid =
      !safeInt(cmd.id, 0) ||
      !safeInt(cmd.owner, 0) ||
      (cmd.side !== "buy" && cmd.side !== "sell") ||
      (cmd.type !== "limit" && cmd.type !== "market") ||
      !["GTC", "IOC", "FOK"].includes(tif) ||
      (cmd.stp !== undefined && !STP_MODES.includes(cmd.stp)) ||
      (cmd.postOnly !== undefined && typeof cmd.postOnly !== "boolean") ||
      (cmd.postOnly === true && (market || tif !== "GTC")) ||
      (market && tif === "GTC") ||
      (market && cmd.price !== undefined) ||
      (budget !== undefined && (!market || cmd.side !== "buy" || !safeInt(budget, 1) || (tif === "FOK" && cmd.qty === undefined)));
    if (invalid) return this.reject("place", cmd.id, "invalid-order");
    if (!market && !safeInt(cmd.price, 1)) return this.reject("place", cmd.id, "invalid-price");
    const budgetOnly = cmd.qty === undefined && budget !== undefined;
    if (!budgetOnly && !safeInt(cmd.qty, 1)) return this.reject("place", cmd.id, "invalid-qty");
    if (this.book.some((o) => o.id === cmd.id)) return this.reject("place", cmd.id, "duplicate-id");

    const taker: Taker = {
      id: cmd.id,
      owner: cmd.owner,
      side: cmd.side,
      price: market ? 0 : (cmd.price as number),
      qty: budgetOnly ? UNBOUNDED : (cmd.qty as number),
      stp: cmd.stp ?? "none",
      budget: budget ?? null,
    };
    const { id, owner, side, price, qty } = taker;
    this.emit({ type: "accepted", id, owner, side, price, qty });
    if (cmd.postOnly === true && this.makersFor(taker).length > 0) {
      this.emit({ type: "cancelled", id, owner, side, price, qty, reason: "post-only" });
      return true;
    }
    if (tif === "FOK" && !this.wouldFill(taker)) {
      this.emit({ type: "cancelled", id, owner, side, price, qty, reason: "fok-unfilled" });
      return true;
    }
    const result = this.match(taker);
    if (result.alive && result.rem > 0) {
      if (tif === "GTC") {
        this.rest({
          id,
          owner,
          side,
          price,
          qty: result.rem,
          origQty: qty,
          filledQty: result.filled,
          priority: 0,
          postOnly: cmd.postOnly === true,
          stp: taker.stp,
        });
      } else {
        this.emit({ type: "cancelled", id, owner, side, price, qty: result.rem, reason: "ioc-remainder" });
      }
    }
    return true;
  }

  cancel(id: number): boolean {
    const o = this.book.find((x) => x.id === id);
    if (o === undefined) return this.reject("cancel", id, "unknown-order");
    this.book = this.book.filter((x) => x !== o);
    this.emit({ type: "cancelled", id, owner: o.owner, side: o.side, price: o.price, qty: o.qty, reason: "user" });
    return true;
  }

  move(id: number, newPrice: number): boolean {
    const o = this.book.find((x) => x.id === id);
    if (o === undefined) return this.reject("move", id, "unknown-order");
    if (!safeInt(newPrice, 1)) return this.reject("move", id, "invalid-price");
    if (newPrice === o.price) return true;
    const taker: Taker = { id, owner: o.owner, side: o.side, price: newPrice, qty: o.qty, stp: o.stp, budget: null };
    if (o.postOnly && this.makersFor(taker).length > 0) return this.reject("move", id, "post-only-would-cross");
    this.book = this.book.filter((x) => x !== o);
    this.emit({ type: "moved", id, owner: o.owner, side: o.side, fromPrice: o.price, toPrice: newPrice, qty: o.qty });
    const result = this.match(taker);
    if (result.alive && result.rem > 0) {
      this.rest({ ...o, price: newPrice, qty: result.rem, filledQty: o.filledQty + result.filled });
    }
    return true;
  }

  reduce(id: number, qty: number): boolean {
    const o = this.book.find((x) => x.id === id);
    if (o === undefined) return this.reject("reduce", id, "unknown-order");
    if (!safeInt(qty, 1)) return this.reject("reduce", id, "invalid-qty");
    if (qty >= o.qty) {
      return this.cancel(id);
    }
    o.qty -= qty;
    this.emit({
      type: "reduced",
      id,
      owner: o.owner,
      side: o.side,
      price: o.price,
      qty,
      remaining: o.qty,
      reason: "user",
    });
    return true;
  }

  /** Bids best first then asks best first, time priority within a price. */
  resting(): RestingOrder[] {
    const bids = this.book.filter((o) => o.side === "buy").sort((a, b) => b.price - a.price || a.priority - b.priority);
    const asks = this.book.filter((o) => o.side === "sell").sort((a, b) => a.price - b.price || a.priority - b.priority);
    return [...bids, ...asks].map((o) => ({ ...o }));
  }

  private emit(e: Unsequenced<EngineEvent>): void {
    this.events.push({ ...e, seq: ++this.seq } as EngineEvent);
  }

  private reject(command: CommandKind, id: number, reason: RejectReason): false {
    this.emit({ type: "rejected", command, id, reason });
    return false;
  }

  private rest(o: RestingOrder): void {
    this.emit({ type: "rested", id: o.id, owner: o.owner, side: o.side, price: o.price, qty: o.qty });
    this.book.push({ ...o, priority: this.seq });
  }

  /** Opposite orders the taker's price reaches, in the order it meets them. */
  private makersFor(t: Taker): RestingOrder[] {
    return this.book
      .filter((o) => o.side !== t.side && (t.price === 0 || (t.side === "buy" ? o.price <= t.price : o.price >= t.price)))
      .sort((a, b) => (t.side === "buy" ? a.price - b.price : b.price - a.price) || a.priority - b.priority);
  }

  private wouldFill(t: Taker): boolean {
    let need = t.qty;
    let budget = t.budget;
    for (const m of this.makersFor(t)) {
      if (budget !== null && floorDiv(budget, m.price) === 0) return false;
      if (t.stp !== "none" && m.owner === t.owner) {
        if (t.stp === "cancel-oldest") continue;
        return false;
      }
      let q = Math.min(m.qty, need);
      if (budget !== null) {
        q = Math.min(q, floorDiv(budget, m.price));
        budget -= q * m.price;
      }
      need -= q;
      if (need === 0) return true;
    }
    return false;
  }

  private match(t: Taker): { rem: number; filled: number; alive: boolean } {
    let rem = t.qty;
    let filled = 0;
    let budget = t.budget;
    const gone = new Set<RestingOrder>();
    const cancelTaker = (qty: number) =>
      this.emit({ type: "cancelled", id: t.id, owner: t.owner, side: t.side, price: t.price, qty, reason: "self-trade" });
    const cancelMaker = (m: RestingOrder, qty: number) => {
      gone.add(m);
      this.emit({ type: "cancelled", id: m.id, owner: m.owner, side: m.side, price: m.price, qty, reason: "self-trade" });
    };
    let alive = true;
    for (const m of this.makersFor(t)) {
      if (rem === 0 || !alive) break;
      // The budget must buy at least one lot at this maker's price, or the order is done.
      if (budget !== null && floorDiv(budget, m.price) === 0) break;
      if (t.stp !== "none" && m.owner === t.owner) {
        if (t.stp === "cancel-oldest") {
          cancelMaker(m, m.qty);
        } else if (t.stp === "cancel-newest") {
          cancelTaker(rem);
          alive = false;
        } else if (t.stp === "cancel-both") {
          cancelMaker(m, m.qty);
          cancelTaker(rem);
          alive = false;
        } else {
          const d = Math.min(m.qty, rem);
          if (d === m.qty) {
            cancelMaker(m, d);
          } else {
            m.qty -= d;
            this.emit({
              type: "reduced",
              id: m.id,
              owner: m.owner,
              side: m.side,
              price: m.price,
              qty: d,
              remaining: m.qty,
              reason: "self-trade",
            });
          }
          rem -= d;
          if (rem === 0) {
            cancelTaker(d);
            alive = false;
          } else {
            this.emit({
              type: "reduced",
              id: t.id,
              owner: t.owner,
              side: t.side,
              price: t.price,
              qty: d,
              remaining: rem,
              reason: "self-trade",
            });
          }
        }
        continue;
      }
      let q = Math.min(m.qty, rem);
      if (budget !== null) {
        q = Math.min(q, floorDiv(budget, m.price));
        budget -= q * m.price;
      }
      m.qty -= q;
      m.filledQty += q;
      rem -= q;
      filled += q;
      if (m.qty === 0) gone.add(m);
      this.emit({
        type: "fill",
        makerId: m.id,
        takerId: t.id,
        makerOwner: m.owner,
        takerOwner: t.owner,
        takerSide: t.side,
        price: m.price,
        qty: q,
        makerRemaining: m.qty,
        takerRemaining: rem,
      });
    }
    this.book = this.book.filter((o) => !gone.has(o));
    return { rem, filled, alive };
  }
}
