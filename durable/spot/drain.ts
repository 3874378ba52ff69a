import type { OutboxEntry, Step } from "../../worker/domain/markets/steps.ts";
import type { MarketStore } from "./store.ts";

/**
 * Drains the outbox into D1, oldest entry first (README, "Design": Durable Objects).
 * A pass settles the entries there when it starts: the ones its own batches cause
 * (the orders the market's cycle carries, placed after its first batch) wait for
 * the next pass, which carries the next orders with them.
 *
 * Consecutive steps, across entries, are settled together: one D1 batch for up to
 * MAX_STEPS of them, in event order, so money moves in the order the market
 * decided it. Every step is idempotent on its own (a unique journal key, or the
 * order's version guard), and the settler recognises a step already applied. An
 * entry's progress is recorded only after the batch holding its steps committed,
 * and the entry is removed once all of them did.
 *
 * A crash anywhere (before a batch, after it but before the progress is recorded,
 * between entries) leaves the entry in place; the next run repeats at most what
 * was in flight, which settlement recognises (unique key, version guard) and
 * skips. Nothing is lost and nothing is applied twice.
 *
 * `hooks` exist for tests: throwing from beforeStep simulates a crash before a
 * step's batch, throwing from afterStep a crash after the batch committed (the
 * batch is the same as without hooks: tests see the production path);
 * afterBatch stops after a batch of many steps committed, before any of its
 * progress is recorded.
 */

export type DrainHooks = {
  beforeStep?: (entryId: number, index: number, step: Step) => void;
  afterStep?: (entryId: number, index: number, step: Step) => void;
  afterBatch?: (steps: Step[]) => void;
};

export type DrainResult = { entries: number; steps: number; fills: number; more: boolean; touched: Map<number, number> };

/** Applies steps in order, all in one D1 batch; a step that was applied before is recognised and changes nothing. */
export type Settler = (steps: Step[]) => Promise<unknown>;

type Pending = { steps: Step[]; marks: { entry: number; index: number; step: Step; last: boolean }[] };

/** Steps per settlement batch (their journals, fills, ends and opened orders share statements; settlement.ts). */
const MAX_STEPS = 64;

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
  /** Entries whose last step is in the pending batch: removed when it commits. */
  let finishing: number[] = [];
  let pending: Pending = { steps: [], marks: [] };

  const done = (entry: number, index: number, step: Step) => {
    hooks?.afterStep?.(entry, index, step);
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
      await settle(batch.steps);
      hooks?.afterBatch?.(batch.steps);
      // Progress is written once per entry (an entry holds a whole group of orders' steps). An entry whose last step is
      // done is removed next, so its progress need not be written, unless a crash stops the pass before that.
      const progress = new Map<number, { done: number; last: boolean }>();
      let crashed = true;
      try {
        for (const m of batch.marks) {
          done(m.entry, m.index, m.step);
          progress.set(m.entry, { done: m.last ? m.index : m.index + 1, last: m.last });
        }
        crashed = false;
      } finally {
        for (const [entry, p] of progress) if (crashed || !p.last) store.outboxProgress(entry, p.done);
      }
    }
    store.outboxRemove(finishing);
    result.entries += finishing.length;
    finishing = [];
  };

  const upTo = store.outboxLast();
  for (;;) {
    const rows = store.outbox(opts.batch ?? 32, upTo);
    if (rows.length === 0) break;
    for (const row of rows) {
      const entry = JSON.parse(row.body) as OutboxEntry;
      for (let i = row.done; i < entry.steps.length; i++) {
        const step = entry.steps[i]!;
        hooks?.beforeStep?.(row.id, i, step);
        pending.steps.push(step);
        pending.marks.push({ entry: row.id, index: i, step, last: i === entry.steps.length - 1 });
        if (pending.steps.length >= MAX_STEPS) await flush();
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
