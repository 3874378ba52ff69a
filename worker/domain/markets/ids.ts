/**
 * Spot order ids: chosen by the worker before the order's D1 row and hold are
 * written, so the same batch can record them (idempotency answer, hold ref) and
 * the Market object can be idempotent by id. Time-ordered: milliseconds since
 * 2025-01-01 × 4096 + 12 random bits, a safe integer until about 2094. Two
 * orders in the same millisecond collide with probability 1/4096; the primary
 * key refuses the second and the caller retries with a fresh id.
 */
const EPOCH = Date.UTC(2025, 0, 1);
const RANDOM_BITS = 4096;

export function newOrderId(now = Date.now()): number {
  const r = crypto.getRandomValues(new Uint16Array(1))[0]! % RANDOM_BITS;
  return (now - EPOCH) * RANDOM_BITS + r;
}

/** When an order id was made (ms). */
export const orderIdTime = (id: number): number => Math.floor(id / RANDOM_BITS) + EPOCH;
