/**
 * Types of the matching engine. Pure: no runtime imports, no platform APIs.
 *
 * Units: every price is an integer number of ticks and every quantity an integer number of lots
 * (see units.ts for the decimal string conversions). A quote amount (a market buy's budget) is in
 * ticks x lots. All of them must be safe integers; the engine checks this at its boundary.
 */

export type Side = "buy" | "sell";
export type OrderType = "limit" | "market";
/** GTC rests its remainder; IOC cancels it; FOK fills completely or does nothing at all. */
export type TimeInForce = "GTC" | "IOC" | "FOK";

/**
 * Self-trade prevention, decided by the incoming (taker) order's mode when it would match a resting
 * order of the same owner. "none" lets the two trade.
 * - cancel-newest: the taker's remainder is cancelled; the resting order stays.
 * - cancel-oldest: the resting order is cancelled; the taker goes on matching.
 * - cancel-both: both are cancelled.
 * - decrement: both are reduced by the smaller quantity without a trade; an order reduced to zero
 *   is cancelled.
 */
export type StpMode = "none" | "cancel-newest" | "cancel-oldest" | "cancel-both" | "decrement";

/** Why an order ended, or why part of it was removed (see the cancelled and reduced events). */
export type CancelReason = "user" | "ioc-remainder" | "fok-unfilled" | "post-only" | "self-trade";
export type ReduceReason = "user" | "self-trade";
export type CommandKind = "place" | "cancel" | "move" | "reduce";
export type RejectReason = "invalid-order" | "invalid-price" | "invalid-qty" | "duplicate-id" | "unknown-order" | "post-only-would-cross";

export interface PlaceCommand {
  /** Unique among live orders (the caller keeps ids unique for good). */
  id: number;
  owner: number;
  side: Side;
  type: OrderType;
  /** Limit price in ticks; market orders carry none. */
  price?: number;
  /** Lots. May be left out only by a market buy with a quoteBudget. */
  qty?: number;
  /** Default GTC for limit, IOC for market orders; a market order cannot be GTC. */
  tif?: TimeInForce;
  /** Only for GTC limit orders: cancelled instead of taking liquidity. */
  postOnly?: boolean;
  /** Default "none". */
  stp?: StpMode;
  /** Market buys only: the most quote (ticks x lots) the order may spend. */
  quoteBudget?: number;
}

/** A resting order, as returned by queries and taken by loadResting/restore. */
export interface RestingOrder {
  id: number;
  owner: number;
  side: Side;
  price: number;
  /** Remaining lots on the book. */
  qty: number;
  /** Lots when placed: origQty = filledQty + qty + lots removed by reduce or decrement. */
  origQty: number;
  filledQty: number;
  /** Time priority within its price level: the seq of its rested event. Lower is earlier. */
  priority: number;
  postOnly: boolean;
  stp: StpMode;
}

/** What loadResting/restore take: a RestingOrder whose bookkeeping fields may be left out. */
export type RestingOrderInput = Omit<RestingOrder, "origQty" | "filledQty" | "postOnly" | "stp"> &
  Partial<Pick<RestingOrder, "origQty" | "filledQty" | "postOnly" | "stp">>;

export interface EngineSnapshot {
  version: 1;
  /** The last event sequence number issued. */
  seq: number;
  orders: RestingOrderInput[];
}

export interface DepthLevel {
  price: number;
  qty: number;
  count: number;
}

export interface Depth {
  /** Best first. */
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/**
 * Receives every event, in order, synchronously while a command runs. Each event carries the next
 * sequence number. Positional arguments keep the hot path free of allocation; EventLog turns them
 * into objects. A sink must not call back into the engine.
 *
 * A price of 0 means "market" (a market order has no price). An unbounded market buy (budget only)
 * reports qty Number.MAX_SAFE_INTEGER.
 */
export interface EngineSink {
  /** A place command passed validation. */
  onAccepted(seq: number, id: number, owner: number, side: Side, price: number, qty: number): void;
  /** The order's remainder is now on the book with this seq as its time priority. */
  onRested(seq: number, id: number, owner: number, side: Side, price: number, qty: number): void;
  onFill(
    seq: number,
    makerId: number,
    takerId: number,
    makerOwner: number,
    takerOwner: number,
    takerSide: Side,
    price: number,
    qty: number,
    makerRemaining: number,
    takerRemaining: number,
  ): void;
  /** The order ended; qty is what was left of it. */
  onCancelled(seq: number, id: number, owner: number, side: Side, price: number, qty: number, reason: CancelReason): void;
  /** Part of the order was removed without a trade; it lives on with `remaining` lots. */
  onReduced(seq: number, id: number, owner: number, side: Side, price: number, qty: number, remaining: number, reason: ReduceReason): void;
  /** The order left the book to be re-entered at toPrice (losing its time priority). */
  onMoved(seq: number, id: number, owner: number, side: Side, fromPrice: number, toPrice: number, qty: number): void;
  onRejected(seq: number, command: CommandKind, id: number, reason: RejectReason): void;
}

export type EngineEvent =
  | { type: "accepted"; seq: number; id: number; owner: number; side: Side; price: number; qty: number }
  | { type: "rested"; seq: number; id: number; owner: number; side: Side; price: number; qty: number }
  | {
      type: "fill";
      seq: number;
      makerId: number;
      takerId: number;
      makerOwner: number;
      takerOwner: number;
      takerSide: Side;
      price: number;
      qty: number;
      makerRemaining: number;
      takerRemaining: number;
    }
  | {
      type: "cancelled";
      seq: number;
      id: number;
      owner: number;
      side: Side;
      price: number;
      qty: number;
      reason: CancelReason;
    }
  | {
      type: "reduced";
      seq: number;
      id: number;
      owner: number;
      side: Side;
      price: number;
      qty: number;
      remaining: number;
      reason: ReduceReason;
    }
  | {
      type: "moved";
      seq: number;
      id: number;
      owner: number;
      side: Side;
      fromPrice: number;
      toPrice: number;
      qty: number;
    }
  | { type: "rejected"; seq: number; command: CommandKind; id: number; reason: RejectReason };
