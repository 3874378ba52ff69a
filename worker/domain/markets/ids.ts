/**
 * Spot order ids, made by the Market object that accepts the order (so its answer,
 * idempotency record and hold can name it before anything is written to D1).
 * Time-ordered: milliseconds since 2025-01-01 × 4096, plus the market's slot
 * (its id modulo 64) × 64, plus a counter of the orders that market made in that
 * millisecond (0–63; past 64 the market borrows the next millisecond). Unique
 * across markets while there are at most 64 of them; a safe integer until about
 * 2094. Every id a market makes is larger than the one before.
 */
const EPOCH = Date.UTC(2025, 0, 1);
const PER_MS = 4096;
const SLOTS = 64;

export class OrderIds {
  private last = 0;
  constructor(private readonly marketId: number) {}

  next(now = Date.now()): number {
    const slot = (this.marketId % SLOTS) * SLOTS;
    let id = (now - EPOCH) * PER_MS + slot;
    if (id <= this.last) {
      // Same millisecond (or the clock went back): the next counter value, or the next millisecond's first.
      const ms = Math.floor(this.last / PER_MS);
      const counter = (this.last % PER_MS) - slot + 1;
      id = counter < SLOTS ? ms * PER_MS + slot + counter : (ms + 1) * PER_MS + slot;
    }
    this.last = id;
    return id;
  }

  /** Continues after ids already in use (the object's stored orders after a restart). */
  seen(id: number): void {
    if (id > this.last) this.last = id;
  }
}

/** Whether an order id can have been made by this market (its slot). */
export const madeBy = (id: number, marketId: number): boolean => Math.floor((id % PER_MS) / SLOTS) === marketId % SLOTS;
