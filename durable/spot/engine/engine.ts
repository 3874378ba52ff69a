/**
 * Price-time priority matching engine for one market. Pure and deterministic: integers only (ticks
 * and lots), no clock, no randomness, no platform APIs; the same commands give the same events.
 *
 * Layout (compact, allocation-free on the hot path):
 * - Orders live in a pool of parallel typed arrays indexed by slot (about 70 bytes per order), with
 *   a free list. Each price level keeps a FIFO as a doubly linked list through the order slots, so a
 *   cancel is O(1) once the slot is found in the id -> slot Map.
 * - Levels live in a second pool (price, total lots, head, tail, count).
 * - Each side keeps its active levels in a sorted array of keys (price for bids, -price for asks,
 *   ascending) so the best level is always the last element: O(1) best price and O(1) removal of an
 *   exhausted best level; other inserts and removals are a binary search and a short memmove.
 * - Events go to an EngineSink as positional arguments; nothing is allocated per fill.
 */
import { NULL_SINK } from "./events.ts";
import type {
  CancelReason,
  CommandKind,
  Depth,
  DepthLevel,
  EngineSink,
  EngineSnapshot,
  PlaceCommand,
  RejectReason,
  RestingOrder,
  RestingOrderInput,
  Side,
  StpMode,
} from "./types.ts";

const NIL = -1;
const BUY = 0;
const SELL = 1;
const SIDE_NAMES: readonly Side[] = ["buy", "sell"];

const STP_NONE = 0;
const STP_NEWEST = 1;
const STP_OLDEST = 2;
const STP_BOTH = 3;
const STP_DECREMENT = 4;
const STP_NAMES: readonly StpMode[] = ["none", "cancel-newest", "cancel-oldest", "cancel-both", "decrement"];

/** Order flags: bit 0 side (1 = sell), bit 1 post-only, bits 2..4 the STP mode. */
const F_SELL = 1;
const F_POST = 2;
const STP_SHIFT = 2;

const MAX_QTY = Number.MAX_SAFE_INTEGER;

function stpCode(mode: StpMode | undefined): number {
  switch (mode) {
    case undefined:
    case "none":
      return STP_NONE;
    case "cancel-newest":
      return STP_NEWEST;
    case "cancel-oldest":
      return STP_OLDEST;
    case "cancel-both":
      return STP_BOTH;
    case "decrement":
      return STP_DECREMENT;
    default:
      return -1;
  }
}

function isPositiveInt(n: unknown): n is number {
  return Number.isSafeInteger(n) && (n as number) >= 1;
}

function isNonNegativeInt(n: unknown): n is number {
  return Number.isSafeInteger(n) && (n as number) >= 0;
}

/** floor(a / b) for non-negative safe integers, corrected for floating point rounding. */
function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

function wellFormed(o: RestingOrderInput): boolean {
  const origQty = o.origQty ?? o.qty;
  const filledQty = o.filledQty ?? 0;
  return (
    isNonNegativeInt(o.id) &&
    isNonNegativeInt(o.owner) &&
    (o.side === "buy" || o.side === "sell") &&
    isPositiveInt(o.price) &&
    isPositiveInt(o.qty) &&
    isNonNegativeInt(filledQty) &&
    isPositiveInt(origQty) &&
    filledQty + o.qty <= origQty &&
    isNonNegativeInt(o.priority) &&
    stpCode(o.stp) >= 0 &&
    (o.postOnly === undefined || typeof o.postOnly === "boolean")
  );
}

/** The smallest power of two >= n (at least 16). */
function capacityFor(n: number): number {
  let cap = 16;
  while (cap < n) cap *= 2;
  return cap;
}

/**
 * Indices of orders sorted by priority, ties by position. A native sort of packed keys
 * (priority * 2^21 + index, exact below 2^53) when they fit, a comparator sort otherwise.
 */
function priorityOrder(orders: readonly { priority: number }[], maxPrio: number): ArrayLike<number> {
  const n = orders.length;
  const SHIFT = 2097152; // 2^21
  if (n < SHIFT && maxPrio < 2 ** 32) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = orders[i]!.priority * SHIFT + i;
    keys.sort();
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = keys[i]! % SHIFT;
    return out;
  }
  const out = Array.from({ length: n }, (_, i) => i);
  out.sort((a, b) => orders[a]!.priority - orders[b]!.priority || a - b);
  return out;
}

function grow64(a: Float64Array<ArrayBuffer>, cap: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(cap);
  b.set(a);
  return b;
}

function grow32(a: Int32Array<ArrayBuffer>, cap: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}

function grow8(a: Uint8Array<ArrayBuffer>, cap: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(cap);
  b.set(a);
  return b;
}

export interface EngineOptions {
  sink?: EngineSink;
  /** Initial order slots (grows by doubling). */
  capacity?: number;
}

export class MatchingEngine {
  private sink: EngineSink;
  private seqNo = 0;

  // Order pool.
  private oCap = 0;
  private oTop = 0;
  private oFree = NIL;
  private oId = new Float64Array(0);
  private oOwner = new Float64Array(0);
  private oPrice = new Float64Array(0);
  private oQty = new Float64Array(0);
  private oOrig = new Float64Array(0);
  private oFilled = new Float64Array(0);
  private oPrio = new Float64Array(0);
  private oNext = new Int32Array(0);
  private oPrev = new Int32Array(0);
  private oLevel = new Int32Array(0);
  private oFlags = new Uint8Array(0);
  /** Resting orders only: id -> slot. */
  private index = new Map<number, number>();

  // Level pool.
  private lCap = 0;
  private lTop = 0;
  private lFree = NIL;
  private lPrice = new Float64Array(0);
  private lQty = new Float64Array(0);
  private lHead = new Int32Array(0);
  private lTail = new Int32Array(0);
  private lCount = new Int32Array(0);

  // Sorted active levels per side; best last. Keys: price for bids, -price for asks.
  private bidKeys = new Float64Array(64);
  private bidLv = new Int32Array(64);
  private bidN = 0;
  private askKeys = new Float64Array(64);
  private askLv = new Int32Array(64);
  private askN = 0;

  constructor(options: EngineOptions = {}) {
    this.sink = options.sink ?? NULL_SINK;
    this.growOrders(Math.max(16, options.capacity ?? 1024));
    this.growLevels(256);
  }

  /** The last event sequence number issued. */
  get seq(): number {
    return this.seqNo;
  }

  get restingCount(): number {
    return this.index.size;
  }

  setSink(sink: EngineSink): void {
    this.sink = sink;
  }

  // ---------------------------------------------------------------- commands

  /** Places an order. Returns false when it was rejected (a rejected event says why). */
  place(cmd: PlaceCommand): boolean {
    const id = cmd.id;
    const owner = cmd.owner;
    const isMarket = cmd.type === "market";
    const tif = cmd.tif ?? (isMarket ? "IOC" : "GTC");
    const stp = stpCode(cmd.stp);
    const postOnly = cmd.postOnly === true;
    const budget = cmd.quoteBudget;
    const side = cmd.side === "buy" ? BUY : cmd.side === "sell" ? SELL : -1;
    if (
      !isNonNegativeInt(id) ||
      !isNonNegativeInt(owner) ||
      side < 0 ||
      (!isMarket && cmd.type !== "limit") ||
      (tif !== "GTC" && tif !== "IOC" && tif !== "FOK") ||
      stp < 0 ||
      (cmd.postOnly !== undefined && typeof cmd.postOnly !== "boolean") ||
      (postOnly && (isMarket || tif !== "GTC")) ||
      (isMarket && (tif === "GTC" || cmd.price !== undefined)) ||
      (budget !== undefined && (!isMarket || side !== BUY || !isPositiveInt(budget) || (tif === "FOK" && cmd.qty === undefined)))
    ) {
      return this.reject("place", id, "invalid-order");
    }
    const price = isMarket ? 0 : (cmd.price as number);
    if (!isMarket && !isPositiveInt(price)) return this.reject("place", id, "invalid-price");
    let qty = cmd.qty as number;
    if (cmd.qty === undefined && budget !== undefined) qty = MAX_QTY;
    else if (!isPositiveInt(qty)) return this.reject("place", id, "invalid-qty");
    if (this.index.has(id)) return this.reject("place", id, "duplicate-id");

    const sideName = SIDE_NAMES[side]!;
    const sink = this.sink;
    sink.onAccepted(++this.seqNo, id, owner, sideName, price, qty);

    if (postOnly && this.crosses(side, price)) {
      sink.onCancelled(++this.seqNo, id, owner, sideName, price, qty, "post-only");
      return true;
    }
    const budgetLeft = budget ?? Infinity;
    if (tif === "FOK" && !this.fillable(side, price, qty, budgetLeft, stp, owner)) {
      sink.onCancelled(++this.seqNo, id, owner, sideName, price, qty, "fok-unfilled");
      return true;
    }

    const t = this.allocOrder();
    this.oId[t] = id;
    this.oOwner[t] = owner;
    this.oPrice[t] = price;
    this.oQty[t] = qty;
    this.oOrig[t] = qty;
    this.oFilled[t] = 0;
    this.oFlags[t] = side | (postOnly ? F_POST : 0) | (stp << STP_SHIFT);

    if (this.matchTaker(t, side, price, budgetLeft, stp)) {
      if (tif === "GTC") {
        this.restNew(t, side, price);
        return true;
      }
      sink.onCancelled(++this.seqNo, id, owner, sideName, price, this.oQty[t]!, "ioc-remainder");
    }
    this.freeOrder(t);
    return true;
  }

  /** Cancels a resting order. Returns false (and emits a rejection) if it is not on the book. */
  cancel(id: number): boolean {
    const t = this.index.get(id);
    if (t === undefined) return this.reject("cancel", id, "unknown-order");
    this.unlink(t);
    this.index.delete(id);
    this.emitCancelled(t, this.oQty[t]!, "user");
    this.freeOrder(t);
    return true;
  }

  /**
   * Cancel-replace at a new price, losing time priority; the order may trade as a taker at the new
   * price (with its own STP mode). A post-only order that would cross is left alone and rejected.
   * Moving to the current price changes nothing.
   */
  move(id: number, newPrice: number): boolean {
    const t = this.index.get(id);
    if (t === undefined) return this.reject("move", id, "unknown-order");
    if (!isPositiveInt(newPrice)) return this.reject("move", id, "invalid-price");
    const oldPrice = this.oPrice[t]!;
    if (newPrice === oldPrice) return true;
    const flags = this.oFlags[t]!;
    const side = flags & F_SELL;
    if ((flags & F_POST) !== 0 && this.crosses(side, newPrice)) {
      return this.reject("move", id, "post-only-would-cross");
    }
    // The id stays in the index while the order is off the book (nothing can reach it by id
    // meanwhile), which saves two Map operations on the common move that rests again.
    this.unlink(t);
    this.oPrice[t] = newPrice;
    this.sink.onMoved(++this.seqNo, id, this.oOwner[t]!, SIDE_NAMES[side]!, oldPrice, newPrice, this.oQty[t]!);
    if (this.matchTaker(t, side, newPrice, Infinity, flags >>> STP_SHIFT)) {
      this.rest(t, side, newPrice);
    } else {
      this.index.delete(id);
      this.freeOrder(t);
    }
    return true;
  }

  /** Takes qty lots off a resting order, keeping its priority; all of it (or more) cancels it. */
  reduce(id: number, qty: number): boolean {
    const t = this.index.get(id);
    if (t === undefined) return this.reject("reduce", id, "unknown-order");
    if (!isPositiveInt(qty)) return this.reject("reduce", id, "invalid-qty");
    const rem = this.oQty[t]!;
    if (qty >= rem) {
      this.unlink(t);
      this.index.delete(id);
      this.emitCancelled(t, rem, "user");
      this.freeOrder(t);
      return true;
    }
    const left = rem - qty;
    this.oQty[t] = left;
    const li = this.oLevel[t]!;
    this.lQty[li] = this.lQty[li]! - qty;
    const side = this.oFlags[t]! & F_SELL;
    this.sink.onReduced(++this.seqNo, id, this.oOwner[t]!, SIDE_NAMES[side]!, this.oPrice[t]!, qty, left, "user");
    return true;
  }

  // ---------------------------------------------------------------- queries

  bestBid(): number | null {
    return this.bidN > 0 ? this.bidKeys[this.bidN - 1]! : null;
  }

  bestAsk(): number | null {
    return this.askN > 0 ? -this.askKeys[this.askN - 1]! : null;
  }

  /** Number of price levels on a side. */
  levelCount(side: Side): number {
    return side === "buy" ? this.bidN : this.askN;
  }

  /** Aggregated levels, best first, at most maxLevels per side. */
  depth(maxLevels = Number.MAX_SAFE_INTEGER): Depth {
    return { bids: this.sideDepth(BUY, maxLevels), asks: this.sideDepth(SELL, maxLevels) };
  }

  order(id: number): RestingOrder | undefined {
    const t = this.index.get(id);
    return t === undefined ? undefined : this.describe(t);
  }

  /** Visits resting orders: bids then asks, best level first, time priority within a level. */
  forEachResting(visit: (order: RestingOrder) => void): void {
    for (let side = BUY; side <= SELL; side++) {
      const lv = side === BUY ? this.bidLv : this.askLv;
      for (let i = (side === BUY ? this.bidN : this.askN) - 1; i >= 0; i--) {
        for (let t = this.lHead[lv[i]!]!; t !== NIL; t = this.oNext[t]!) visit(this.describe(t));
      }
    }
  }

  resting(): RestingOrder[] {
    const out: RestingOrder[] = [];
    this.forEachResting((o) => out.push(o));
    return out;
  }

  snapshot(): EngineSnapshot {
    return { version: 1, seq: this.seqNo, orders: this.resting() };
  }

  // ---------------------------------------------------------------- rebuild

  /**
   * Replaces the book with the snapshot's orders and continues from its sequence number. If the
   * snapshot is bad (see loadResting) this throws and leaves the engine empty.
   */
  restore(snapshot: EngineSnapshot): void {
    if (snapshot.version !== 1 || !isNonNegativeInt(snapshot.seq)) throw new Error("engine: unsupported snapshot");
    this.clear();
    this.seqNo = snapshot.seq;
    this.loadResting(snapshot.orders);
  }

  /** Removes every order and resets the sequence number. */
  clear(): void {
    this.index.clear();
    this.oTop = 0;
    this.oFree = NIL;
    this.lTop = 0;
    this.lFree = NIL;
    this.bidN = 0;
    this.askN = 0;
    this.seqNo = 0;
  }

  /**
   * Puts resting orders on the book without matching and without events, in priority order within
   * each level. All or nothing: throws, changing nothing, if an order is malformed, an id is already
   * live or repeated, or the result would be a crossed book. The sequence number moves past the
   * highest priority loaded.
   *
   * Orders may come in any order, but the fastest rebuild is into an empty book from orders in book
   * order, as snapshot() and forEachResting() give them (per side best price first, then priority;
   * the sides may be interleaved): in SQL, ORDER BY side, price (descending for bids), priority.
   * That path is a single linear pass with no search and no sort.
   */
  loadResting(orders: readonly RestingOrderInput[]): void {
    if (this.index.size === 0 && this.loadIntoEmpty(orders)) return;
    const n = orders.length;
    let maxBid = this.bidN > 0 ? this.bidKeys[this.bidN - 1]! : -Infinity;
    let minAsk = this.askN > 0 ? -this.askKeys[this.askN - 1]! : Infinity;
    let maxPrio = this.seqNo;
    let prioSorted = true;
    let prevPrio = -Infinity;
    for (let i = 0; i < n; i++) {
      const o = orders[i]!;
      if (!wellFormed(o)) throw new Error(`engine: malformed resting order ${String(o.id)}`);
      if (o.side === "buy") {
        if (o.price > maxBid) maxBid = o.price;
      } else if (o.price < minAsk) {
        minAsk = o.price;
      }
      if (o.priority < prevPrio) prioSorted = false;
      prevPrio = o.priority;
      if (o.priority > maxPrio) maxPrio = o.priority;
    }
    if (maxBid >= minAsk) throw new Error("engine: resting orders would cross the book");
    if (this.oTop + n > this.oCap) this.growOrders(capacityFor(this.oTop + n));

    const order = prioSorted ? null : priorityOrder(orders, maxPrio);
    const loaded = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const o = orders[order === null ? i : order[i]!]!;
      if (this.index.has(o.id)) {
        // A repeated id: undo this call's orders, leaving the book as it was.
        for (let j = i - 1; j >= 0; j--) {
          const t = loaded[j]!;
          this.unlink(t);
          this.index.delete(this.oId[t]!);
          this.freeOrder(t);
        }
        throw new Error(`engine: duplicate order id ${o.id}`);
      }
      const side = o.side === "buy" ? BUY : SELL;
      const t = this.allocOrder();
      this.oId[t] = o.id;
      this.oOwner[t] = o.owner;
      this.oPrice[t] = o.price;
      this.oQty[t] = o.qty;
      this.oOrig[t] = o.origQty ?? o.qty;
      this.oFilled[t] = o.filledQty ?? 0;
      this.oPrio[t] = o.priority;
      this.oFlags[t] = side | (o.postOnly === true ? F_POST : 0) | (stpCode(o.stp) << STP_SHIFT);
      loaded[i] = t;
      this.append(t, side, o.price);
      this.index.set(o.id, t);
    }
    this.seqNo = maxPrio;
  }

  /**
   * The rebuild of an empty book in one pass: validates, checks book order and builds as it goes,
   * taking slots and levels in sequence and making no calls per order but the index's (on a cold
   * start this runs in the interpreter, where calls cost most). Returns false, with the book still
   * empty, if the orders are not in book order; throws, with the book still empty, if they are bad.
   */
  private loadIntoEmpty(orders: readonly RestingOrderInput[]): boolean {
    const n = orders.length;
    const seq0 = this.seqNo;
    this.clear();
    this.seqNo = seq0;
    if (n > this.oCap) this.growOrders(capacityFor(n));
    const { index, oId, oOwner, oPrice, oQty, oOrig, oFilled, oPrio, oNext, oPrev, oLevel, oFlags } = this;
    let { lQty, lHead, lTail, lCount, bidKeys, bidLv, askKeys, askLv } = this;
    // Levels arrive best first; they are written in arrival order and reversed at the end, since
    // the side arrays keep the best last.
    let bn = 0;
    let an = 0;
    let bidPrice = Infinity;
    let bidPrio = -Infinity;
    let askPrice = -Infinity;
    let askPrio = -Infinity;
    let bidLi = NIL;
    let askLi = NIL;
    let maxPrio = seq0;
    let failure = "";
    let t = 0;
    for (; t < n; t++) {
      const o = orders[t]!;
      const id = o.id;
      const price = o.price;
      const qty = o.qty;
      const prio = o.priority;
      const origQty = o.origQty ?? qty;
      const filledQty = o.filledQty ?? 0;
      // "A safe integer in range", written out (NaN and non-numbers fail).
      if (
        typeof id !== "number" ||
        !(id >= 0 && id <= MAX_QTY && id % 1 === 0) ||
        typeof o.owner !== "number" ||
        !(o.owner >= 0 && o.owner <= MAX_QTY && o.owner % 1 === 0) ||
        typeof price !== "number" ||
        !(price >= 1 && price <= MAX_QTY && price % 1 === 0) ||
        typeof qty !== "number" ||
        !(qty >= 1 && qty <= MAX_QTY && qty % 1 === 0) ||
        typeof prio !== "number" ||
        !(prio >= 0 && prio <= MAX_QTY && prio % 1 === 0) ||
        typeof origQty !== "number" ||
        !(origQty >= qty && origQty <= MAX_QTY && origQty % 1 === 0) ||
        typeof filledQty !== "number" ||
        !(filledQty >= 0 && filledQty % 1 === 0 && filledQty + qty <= origQty) ||
        (o.stp !== undefined && o.stp !== "none" && stpCode(o.stp) < 0) ||
        (o.postOnly !== undefined && typeof o.postOnly !== "boolean")
      ) {
        failure = `engine: malformed resting order ${String(id)}`;
        break;
      }
      if (index.has(id)) {
        failure = `engine: duplicate order id ${id}`;
        break;
      }
      let li: number;
      let flags: number;
      if (o.side === "buy") {
        flags = BUY;
        if (price < bidPrice) {
          bidPrice = price;
          bidLi = this.allocLevel(price);
          if (bn === bidKeys.length) {
            this.bidKeys = bidKeys = grow64(bidKeys, bn * 2);
            this.bidLv = bidLv = grow32(bidLv, bn * 2);
          }
          bidKeys[bn] = price;
          bidLv[bn++] = bidLi;
          ({ lQty, lHead, lTail, lCount } = this);
        } else if (price > bidPrice || prio <= bidPrio) {
          break;
        }
        bidPrio = prio;
        li = bidLi;
      } else if (o.side === "sell") {
        flags = SELL;
        if (price > askPrice) {
          askPrice = price;
          askLi = this.allocLevel(price);
          if (an === askKeys.length) {
            this.askKeys = askKeys = grow64(askKeys, an * 2);
            this.askLv = askLv = grow32(askLv, an * 2);
          }
          askKeys[an] = -price;
          askLv[an++] = askLi;
          ({ lQty, lHead, lTail, lCount } = this);
        } else if (price < askPrice || prio <= askPrio) {
          break;
        }
        askPrio = prio;
        li = askLi;
      } else {
        failure = `engine: malformed resting order ${String(id)}`;
        break;
      }
      if (o.postOnly === true) flags |= F_POST;
      if (o.stp !== undefined && o.stp !== "none") flags |= stpCode(o.stp) << STP_SHIFT;
      if (prio > maxPrio) maxPrio = prio;
      oId[t] = id;
      oOwner[t] = o.owner;
      oPrice[t] = price;
      oQty[t] = qty;
      oOrig[t] = origQty;
      oFilled[t] = filledQty;
      oPrio[t] = prio;
      oFlags[t] = flags;
      const tail = lTail[li]!;
      oPrev[t] = tail;
      oNext[t] = NIL;
      if (tail === NIL) lHead[li] = t;
      else oNext[tail] = t;
      lTail[li] = t;
      lQty[li] = lQty[li]! + qty;
      lCount[li] = lCount[li]! + 1;
      oLevel[t] = li;
      index.set(id, t);
    }
    // The first bid and the first ask seen are the best of each side.
    const bestBid = bn > 0 ? bidKeys[0]! : -Infinity;
    const bestAsk = an > 0 ? -askKeys[0]! : Infinity;
    if (failure === "" && t === n && bestBid >= bestAsk) failure = "engine: resting orders would cross the book";
    if (failure !== "" || t < n) {
      this.clear();
      this.seqNo = seq0;
      if (failure !== "") throw new Error(failure);
      return false; // not in book order: the caller takes the general path
    }
    this.oTop = n;
    bidKeys.subarray(0, bn).reverse();
    bidLv.subarray(0, bn).reverse();
    askKeys.subarray(0, an).reverse();
    askLv.subarray(0, an).reverse();
    this.bidN = bn;
    this.askN = an;
    this.seqNo = maxPrio;
    return true;
  }

  // ---------------------------------------------------------------- matching

  private reject(command: CommandKind, id: number, reason: RejectReason): false {
    this.sink.onRejected(++this.seqNo, command, id, reason);
    return false;
  }

  private emitCancelled(t: number, qty: number, reason: CancelReason): void {
    this.sink.onCancelled(++this.seqNo, this.oId[t]!, this.oOwner[t]!, SIDE_NAMES[this.oFlags[t]! & F_SELL]!, this.oPrice[t]!, qty, reason);
  }

  /** Would a limit order at price on side take liquidity? */
  private crosses(side: number, price: number): boolean {
    if (side === BUY) return this.askN > 0 && -this.askKeys[this.askN - 1]! <= price;
    return this.bidN > 0 && this.bidKeys[this.bidN - 1]! >= price;
  }

  /**
   * Would a taker fill completely? Walks the book the way matchTaker does, without touching it:
   * same-owner liquidity is skipped under cancel-oldest and ends the walk under every other STP mode.
   */
  private fillable(side: number, price: number, qty: number, budget: number, stp: number, owner: number): boolean {
    const opp = side ^ 1;
    const keys = opp === BUY ? this.bidKeys : this.askKeys;
    const lv = opp === BUY ? this.bidLv : this.askLv;
    const limKey = price === 0 ? -Infinity : opp === BUY ? price : -price;
    let need = qty;
    for (let i = (opp === BUY ? this.bidN : this.askN) - 1; i >= 0 && keys[i]! >= limKey; i--) {
      const li = lv[i]!;
      const lp = this.lPrice[li]!;
      for (let m = this.lHead[li]!; m !== NIL; m = this.oNext[m]!) {
        const affordable = budget === Infinity ? Infinity : floorDiv(budget, lp);
        if (affordable === 0) return false;
        if (stp !== STP_NONE && this.oOwner[m] === owner) {
          if (stp === STP_OLDEST) continue;
          return false;
        }
        let q = this.oQty[m]!;
        if (q > need) q = need;
        if (affordable < q) q = affordable;
        if (budget !== Infinity) budget -= q * lp;
        need -= q;
        if (need === 0) return true;
      }
    }
    return false;
  }

  /**
   * Matches the order in slot t against the opposite side. Returns true if it has lots left and was
   * not cancelled by self-trade prevention (the caller rests or cancels the remainder).
   */
  private matchTaker(t: number, side: number, limitPrice: number, budget: number, stp: number): boolean {
    const opp = side ^ 1;
    const keys = opp === BUY ? this.bidKeys : this.askKeys;
    const lv = opp === BUY ? this.bidLv : this.askLv;
    let n = opp === BUY ? this.bidN : this.askN;
    const limKey = limitPrice === 0 ? -Infinity : opp === BUY ? limitPrice : -limitPrice;
    const sink = this.sink;
    const takerId = this.oId[t]!;
    const takerOwner = this.oOwner[t]!;
    const sideName = SIDE_NAMES[side]!;
    const oQty = this.oQty;
    const oNext = this.oNext;
    let rem = oQty[t]!;
    let filled = 0;
    let alive = true;

    while (n > 0) {
      const top = n - 1;
      if (keys[top]! < limKey) break;
      const li = lv[top]!;
      const price = this.lPrice[li]!;
      let stop = false;
      let m = this.lHead[li]!;
      // m is always the level's head here: every step either removes it or ends the match.
      while (m !== NIL) {
        const mq = oQty[m]!;
        const next = oNext[m]!;
        // A budget that cannot buy one lot here ends the match (later makers are no cheaper).
        const affordable = budget === Infinity ? Infinity : floorDiv(budget, price);
        if (affordable === 0) {
          stop = true;
          break;
        }
        if (stp !== STP_NONE && this.oOwner[m] === takerOwner) {
          if (stp === STP_OLDEST || stp === STP_BOTH) {
            this.lQty[li] = this.lQty[li]! - mq;
            this.dropHead(li, m);
            this.emitCancelled(m, mq, "self-trade");
            this.freeOrder(m);
            if (stp === STP_BOTH) {
              sink.onCancelled(++this.seqNo, takerId, takerOwner, sideName, limitPrice, rem, "self-trade");
              alive = false;
              stop = true;
              break;
            }
          } else if (stp === STP_NEWEST) {
            sink.onCancelled(++this.seqNo, takerId, takerOwner, sideName, limitPrice, rem, "self-trade");
            alive = false;
            stop = true;
            break;
          } else {
            // decrement
            const d = mq < rem ? mq : rem;
            this.lQty[li] = this.lQty[li]! - d;
            if (d === mq) {
              this.dropHead(li, m);
              this.emitCancelled(m, d, "self-trade");
              this.freeOrder(m);
            } else {
              oQty[m] = mq - d;
              sink.onReduced(++this.seqNo, this.oId[m]!, this.oOwner[m]!, SIDE_NAMES[opp]!, price, d, mq - d, "self-trade");
            }
            rem -= d;
            if (rem === 0) {
              sink.onCancelled(++this.seqNo, takerId, takerOwner, sideName, limitPrice, d, "self-trade");
              alive = false;
              stop = true;
              break;
            }
            sink.onReduced(++this.seqNo, takerId, takerOwner, sideName, limitPrice, d, rem, "self-trade");
          }
          m = next;
          continue;
        }
        let q = mq < rem ? mq : rem;
        if (affordable < q) q = affordable;
        if (budget !== Infinity) budget -= q * price;
        rem -= q;
        filled += q;
        const left = mq - q;
        oQty[m] = left;
        this.oFilled[m] = this.oFilled[m]! + q;
        this.lQty[li] = this.lQty[li]! - q;
        sink.onFill(++this.seqNo, this.oId[m]!, takerId, this.oOwner[m]!, takerOwner, sideName, price, q, left, rem);
        if (left > 0 || rem === 0) {
          // The maker outlived the taker's quantity or budget.
          stop = true;
          if (left === 0) {
            this.dropHead(li, m);
            this.freeOrder(m);
          }
          break;
        }
        this.dropHead(li, m);
        this.freeOrder(m);
        m = next;
      }
      if (this.lHead[li] === NIL) {
        n--;
        this.freeLevel(li);
      }
      if (stop) break;
    }

    if (opp === BUY) this.bidN = n;
    else this.askN = n;
    oQty[t] = rem;
    this.oFilled[t] = this.oFilled[t]! + filled;
    return alive && rem > 0;
  }

  // ---------------------------------------------------------------- book structure

  /** Rests slot t as a new entry (with a rested event giving its priority) and indexes it. */
  private restNew(t: number, side: number, price: number): void {
    this.index.set(this.oId[t]!, t);
    this.rest(t, side, price);
  }

  /** Rests slot t, already in the index, at the back of its level. */
  private rest(t: number, side: number, price: number): void {
    const seq = ++this.seqNo;
    this.oPrio[t] = seq;
    this.append(t, side, price);
    this.sink.onRested(seq, this.oId[t]!, this.oOwner[t]!, SIDE_NAMES[side]!, price, this.oQty[t]!);
  }

  /** Appends slot t to the tail of its price level, creating the level if needed. */
  private append(t: number, side: number, price: number): void {
    const key = side === BUY ? price : -price;
    let keys = side === BUY ? this.bidKeys : this.askKeys;
    let n = side === BUY ? this.bidN : this.askN;
    let li: number;
    if (n > 0 && keys[n - 1] === key) {
      li = (side === BUY ? this.bidLv : this.askLv)[n - 1]!;
    } else {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
      let lv = side === BUY ? this.bidLv : this.askLv;
      if (lo < n && keys[lo] === key) {
        li = lv[lo]!;
      } else {
        if (n === keys.length) {
          keys = grow64(keys, n * 2);
          lv = grow32(lv, n * 2);
          if (side === BUY) {
            this.bidKeys = keys;
            this.bidLv = lv;
          } else {
            this.askKeys = keys;
            this.askLv = lv;
          }
        }
        if (lo < n) {
          keys.copyWithin(lo + 1, lo, n);
          lv.copyWithin(lo + 1, lo, n);
        }
        li = this.allocLevel(price);
        keys[lo] = key;
        lv[lo] = li;
        n++;
        if (side === BUY) this.bidN = n;
        else this.askN = n;
      }
    }
    const tail = this.lTail[li]!;
    this.oPrev[t] = tail;
    this.oNext[t] = NIL;
    if (tail === NIL) this.lHead[li] = t;
    else this.oNext[tail] = t;
    this.lTail[li] = t;
    this.lQty[li] = this.lQty[li]! + this.oQty[t]!;
    this.lCount[li] = this.lCount[li]! + 1;
    this.oLevel[t] = li;
  }

  /** Takes slot t out of its level (dropping the level when it empties). Does not touch the index. */
  private unlink(t: number): void {
    const li = this.oLevel[t]!;
    const p = this.oPrev[t]!;
    const nx = this.oNext[t]!;
    if (p === NIL) this.lHead[li] = nx;
    else this.oNext[p] = nx;
    if (nx === NIL) this.lTail[li] = p;
    else this.oPrev[nx] = p;
    this.lQty[li] = this.lQty[li]! - this.oQty[t]!;
    this.lCount[li] = this.lCount[li]! - 1;
    if (this.lHead[li] === NIL) this.removeLevel(this.oFlags[t]! & F_SELL, li);
  }

  /** Takes the head m off level li and out of the index (the caller adjusts the level's lots). */
  private dropHead(li: number, m: number): void {
    const nx = this.oNext[m]!;
    this.lHead[li] = nx;
    if (nx === NIL) this.lTail[li] = NIL;
    else this.oPrev[nx] = NIL;
    this.lCount[li] = this.lCount[li]! - 1;
    this.index.delete(this.oId[m]!);
  }

  private removeLevel(side: number, li: number): void {
    const price = this.lPrice[li]!;
    const key = side === BUY ? price : -price;
    const keys = side === BUY ? this.bidKeys : this.askKeys;
    const lv = side === BUY ? this.bidLv : this.askLv;
    const n = side === BUY ? this.bidN : this.askN;
    if (keys[n - 1] !== key) {
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
      keys.copyWithin(lo, lo + 1, n);
      lv.copyWithin(lo, lo + 1, n);
    }
    if (side === BUY) this.bidN = n - 1;
    else this.askN = n - 1;
    this.freeLevel(li);
  }

  private sideDepth(side: number, maxLevels: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    const lv = side === BUY ? this.bidLv : this.askLv;
    const n = side === BUY ? this.bidN : this.askN;
    for (let i = n - 1; i >= 0 && out.length < maxLevels; i--) {
      const li = lv[i]!;
      out.push({ price: this.lPrice[li]!, qty: this.lQty[li]!, count: this.lCount[li]! });
    }
    return out;
  }

  private describe(t: number): RestingOrder {
    const flags = this.oFlags[t]!;
    return {
      id: this.oId[t]!,
      owner: this.oOwner[t]!,
      side: SIDE_NAMES[flags & F_SELL]!,
      price: this.oPrice[t]!,
      qty: this.oQty[t]!,
      origQty: this.oOrig[t]!,
      filledQty: this.oFilled[t]!,
      priority: this.oPrio[t]!,
      postOnly: (flags & F_POST) !== 0,
      stp: STP_NAMES[flags >>> STP_SHIFT]!,
    };
  }

  // ---------------------------------------------------------------- pools

  private allocOrder(): number {
    let t = this.oFree;
    if (t !== NIL) {
      this.oFree = this.oNext[t]!;
      return t;
    }
    if (this.oTop === this.oCap) this.growOrders(this.oCap * 2);
    t = this.oTop++;
    return t;
  }

  private freeOrder(t: number): void {
    this.oNext[t] = this.oFree;
    this.oFree = t;
  }

  private growOrders(cap: number): void {
    this.oId = grow64(this.oId, cap);
    this.oOwner = grow64(this.oOwner, cap);
    this.oPrice = grow64(this.oPrice, cap);
    this.oQty = grow64(this.oQty, cap);
    this.oOrig = grow64(this.oOrig, cap);
    this.oFilled = grow64(this.oFilled, cap);
    this.oPrio = grow64(this.oPrio, cap);
    this.oNext = grow32(this.oNext, cap);
    this.oPrev = grow32(this.oPrev, cap);
    this.oLevel = grow32(this.oLevel, cap);
    this.oFlags = grow8(this.oFlags, cap);
    this.oCap = cap;
  }

  private allocLevel(price: number): number {
    let li = this.lFree;
    if (li !== NIL) {
      this.lFree = this.lHead[li]!;
    } else {
      if (this.lTop === this.lCap) this.growLevels(this.lCap * 2);
      li = this.lTop++;
    }
    this.lPrice[li] = price;
    this.lQty[li] = 0;
    this.lHead[li] = NIL;
    this.lTail[li] = NIL;
    this.lCount[li] = 0;
    return li;
  }

  private freeLevel(li: number): void {
    this.lHead[li] = this.lFree;
    this.lFree = li;
  }

  private growLevels(cap: number): void {
    this.lPrice = grow64(this.lPrice, cap);
    this.lQty = grow64(this.lQty, cap);
    this.lHead = grow32(this.lHead, cap);
    this.lTail = grow32(this.lTail, cap);
    this.lCount = grow32(this.lCount, cap);
    this.lCap = cap;
  }
}
