import type { TrailEntry } from "../../schema/api/trail.ts";
import type { Closed, OpenOrder } from "../../worker/domain/seconds/types.ts";
import { settle } from "../../worker/domain/seconds/payoff.ts";
import type { SecondsBook } from "./book.ts";

/** Orders paid per D1 batch. */
export const SETTLE_SLICE = 500;
/** Orders one pass takes from the book; more due arms the alarm again at once. */
export const SETTLE_PASS = 20_000;

export type SettleDeps = {
  book: SecondsBook;
  /** The trail entry in effect at an instant (the market's trailAt), asked once per distinct handled_at. */
  trailAt(t: number): Promise<TrailEntry | null>;
  /** Writes one slice's payouts and closed rows in one D1 batch; throws DuplicateJournal when one of them was paid before. */
  commit(list: Closed[]): Promise<unknown>;
  /** Whether a commit failed because one of its journals exists (DuplicateJournal): paid before. */
  isDuplicate(err: unknown): boolean;
  /** Of these ids, the orders already closed in D1. */
  closedIds(ids: number[]): Promise<Set<number>>;
  now(): number;
  /** Tests crash here: after a slice is paid in D1, before the book forgets it. */
  afterCommit?: (list: Closed[]) => void;
};

/**
 * Settles every order due by now: each at the price in effect at its own handled_at (never the time this runs), paid
 * through D1 slice by slice, then removed from the book. A slice whose batch was already written (an alarm that fired
 * twice, or a crash after D1 and before the book) fails on its journal keys as a whole; the orders D1 has closed are
 * then dropped and the rest written again, so every order is paid exactly once.
 */
export async function settleDue(deps: SettleDeps): Promise<{ closed: Closed[]; more: boolean }> {
  const due = deps.book.due(deps.now(), SETTLE_PASS);
  const prices = new Map<number, TrailEntry | null>();
  for (const o of due) if (!prices.has(o.handledAt)) prices.set(o.handledAt, await deps.trailAt(o.handledAt));
  const all: Closed[] = due.map((order) => close(order, prices.get(order.handledAt) ?? null));
  const done: Closed[] = [];
  for (let i = 0; i < all.length; i += SETTLE_SLICE) {
    const slice = all.slice(i, i + SETTLE_SLICE);
    const written = await write(deps, slice);
    deps.afterCommit?.(slice);
    deps.book.remove(slice.map((c) => c.order.id));
    done.push(...written);
  }
  return { closed: done, more: due.length === SETTLE_PASS };
}

export function close(order: OpenOrder, entry: TrailEntry | null): Closed {
  return { order, close: entry, settlement: settle({ ...order, openPrice: order.open.price }, entry?.price ?? null) };
}

/** Writes a slice; answers the orders this call paid (not those paid before). */
async function write(deps: SettleDeps, slice: Closed[]): Promise<Closed[]> {
  try {
    await deps.commit(slice);
    return slice;
  } catch (err) {
    if (!deps.isDuplicate(err)) throw err;
    const closed = await deps.closedIds(slice.map((c) => c.order.id));
    const rest = slice.filter((c) => !closed.has(c.order.id));
    if (rest.length > 0) await deps.commit(rest);
    return rest;
  }
}
