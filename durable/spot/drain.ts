import type { OutboxEntry, Step } from "../../worker/domain/markets/steps.ts";
import type { MarketStore } from "./store.ts";

/**
 * Drains the outbox into D1, oldest entry first (README, "Design": Durable Objects).
 *
 * Steps that move money (fills, and ends that release a hold) are applied one
 * batch each, keyed by their unique journal ref_key. Steps that only change an
 * order's status (open, ends with nothing to release) are idempotent on their own
 * (guarded by the order's version), so consecutive ones, across entries, share a
 * batch. An entry's progress is recorded only after the batch holding its steps
 * committed, and the entry is removed once all of them did.
 *
 * A crash anywhere (before a batch, after it but before the progress is recorded,
 * between entries) leaves the entry in place; the next run repeats at most what
 * was in flight, which settlement recognises (unique key, version guard) and
 * skips. Nothing is lost and nothing is applied twice.
 *
 * `hooks` exist for tests: throwing from beforeStep simulates a crash before a
 * step's batch, throwing from afterStep a crash after the batch committed.
 */

export type DrainHooks = {
  beforeStep?: (entryId: number, index: number, step: Step) => void;
  afterStep?: (entryId: number, index: number, step: Step) => void;
};

export type DrainResult = { entries: number; steps: number; fills: number; more: boolean; touched: Map<number, number> };

export type Settler = {
  /** One step that moves money, in its own batch. */
  money: (step: Step) => Promise<unknown>;
  /** Status-only steps, in one batch. */
  status: (steps: Step[]) => Promise<unknown>;
  isStatusOnly: (step: Step) => boolean;
};

type Pending = { steps: Step[]; marks: { entry: number; index: number; step: Step; last: boolean }[] };

const MAX_STATUS_BATCH = 64;

export async function drainOutbox(opts: {
  store: MarketStore;
  settle: Settler;
  hooks?: DrainHooks;
  /** Stop taking new entries after this time (ms); the caller re-arms. */
  deadline: number;
  now: () => number;
  batch?: number;
}): Promise<DrainResult> {
  const { store, settle, hooks } = opts;
  const result: DrainResult = { entries: 0, steps: 0, fills: 0, more: false, touched: new Map() };
  /** Entries whose last step is in the pending status batch: removed when it commits. */
  let finishing: number[] = [];
  let pending: Pending = { steps: [], marks: [] };

  /** `last`: the entry's final step; the entry is removed next, so its progress need not be written. */
  const done = (entry: number, index: number, step: Step, last: boolean) => {
    hooks?.afterStep?.(entry, index, step);
    if (!last) store.outboxProgress(entry, index + 1);
    result.steps++;
    if (step.k === "fill") {
      result.fills++;
      result.touched.set(step.buy.order, step.buy.owner);
      result.touched.set(step.sell.order, step.sell.owner);
    } else {
      result.touched.set(step.order, step.owner);
    }
  };
  const flush = async () => {
    if (pending.steps.length > 0) {
      const batch = pending;
      pending = { steps: [], marks: [] };
      await settle.status(batch.steps);
      for (const m of batch.marks) done(m.entry, m.index, m.step, m.last);
    }
    for (const id of finishing) {
      store.outboxRemove(id);
      result.entries++;
    }
    finishing = [];
  };

  for (;;) {
    const rows = store.outbox(opts.batch ?? 32);
    if (rows.length === 0) break;
    for (const row of rows) {
      const entry = JSON.parse(row.body) as OutboxEntry;
      for (let i = row.done; i < entry.steps.length; i++) {
        const step = entry.steps[i]!;
        hooks?.beforeStep?.(row.id, i, step);
        if (settle.isStatusOnly(step)) {
          pending.steps.push(step);
          pending.marks.push({ entry: row.id, index: i, step, last: i === entry.steps.length - 1 });
          if (pending.steps.length >= MAX_STATUS_BATCH) await flush();
          continue;
        }
        // Money moves in order: whatever status changes came before it go first.
        await flush();
        await settle.money(step);
        done(row.id, i, step, i === entry.steps.length - 1);
      }
      finishing.push(row.id);
      if (opts.now() >= opts.deadline) {
        await flush();
        result.more = store.outboxSize() > 0;
        return result;
      }
    }
    await flush();
  }
  await flush();
  return result;
}
