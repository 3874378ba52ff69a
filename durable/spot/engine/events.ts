import type { CancelReason, CommandKind, EngineEvent, EngineSink, ReduceReason, RejectReason, Side } from "./types.ts";

/** A sink that drops everything. */
export const NULL_SINK: EngineSink = {
  onAccepted() {},
  onRested() {},
  onFill() {},
  onCancelled() {},
  onReduced() {},
  onMoved() {},
  onRejected() {},
};

/** Records events as plain objects (for persistence, publishing and tests). */
export class EventLog implements EngineSink {
  events: EngineEvent[] = [];

  /** Returns the events recorded so far and starts a new list. */
  take(): EngineEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  onAccepted(seq: number, id: number, owner: number, side: Side, price: number, qty: number): void {
    this.events.push({ type: "accepted", seq, id, owner, side, price, qty });
  }

  onRested(seq: number, id: number, owner: number, side: Side, price: number, qty: number): void {
    this.events.push({ type: "rested", seq, id, owner, side, price, qty });
  }

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
  ): void {
    this.events.push({
      type: "fill",
      seq,
      makerId,
      takerId,
      makerOwner,
      takerOwner,
      takerSide,
      price,
      qty,
      makerRemaining,
      takerRemaining,
    });
  }

  onCancelled(seq: number, id: number, owner: number, side: Side, price: number, qty: number, reason: CancelReason): void {
    this.events.push({ type: "cancelled", seq, id, owner, side, price, qty, reason });
  }

  onReduced(seq: number, id: number, owner: number, side: Side, price: number, qty: number, remaining: number, reason: ReduceReason): void {
    this.events.push({ type: "reduced", seq, id, owner, side, price, qty, remaining, reason });
  }

  onMoved(seq: number, id: number, owner: number, side: Side, fromPrice: number, toPrice: number, qty: number): void {
    this.events.push({ type: "moved", seq, id, owner, side, fromPrice, toPrice, qty });
  }

  onRejected(seq: number, command: CommandKind, id: number, reason: RejectReason): void {
    this.events.push({ type: "rejected", seq, command, id, reason });
  }
}
