import type { ContractStore, OutboxRow } from "./store.ts";

/**
 * Drains the contract object's outbox into D1, oldest first, like the spot drain (durable/spot/drain.ts): runs of
 * activations and runs of closes are settled a batch at a time, in the order the triggers fired (an entry's
 * activation always before its own close), and a run leaves the outbox only after its batch committed.
 *
 * A crash anywhere leaves the rows in place; the next pass repeats at most what was in flight, which settlement
 * recognises (a close's unique journal key, activation's status guard). Positions whose close waits here are first
 * marked "closing" in D1.
 *
 * `hooks` exist for tests: throwing from beforeRun simulates a crash before a run's batch, from afterRun a crash
 * after it committed but before the rows left the outbox.
 */

export type ContractSettler = {
  markClosing(ids: number[]): Promise<void>;
  activate(rows: OutboxRow[]): Promise<void>;
  /** Answers the rows it closed now (not those found closed already). */
  close(rows: OutboxRow[]): Promise<{ id: number; userId: number }[]>;
};

export type ContractDrainHooks = {
  beforeRun?: (rows: OutboxRow[]) => void;
  afterRun?: (rows: OutboxRow[]) => void;
};

export type ContractDrainResult = { settled: number; closed: { id: number; userId: number }[]; more: boolean };

export async function drainContractOutbox(opts: {
  store: ContractStore;
  settle: ContractSettler;
  hooks?: ContractDrainHooks;
  deadline: number;
  now: () => number;
  batch?: number;
}): Promise<ContractDrainResult> {
  const { store, settle, hooks } = opts;
  const result: ContractDrainResult = { settled: 0, closed: [], more: false };
  const limit = opts.batch ?? 500;
  for (;;) {
    const rows = store.outbox(limit);
    if (rows.length === 0) return result;
    const closing = rows.filter((r) => r.kind !== "entry").map((r) => r.id);
    await settle.markClosing(closing);
    for (const run of runs(rows)) {
      hooks?.beforeRun?.(run);
      if (run[0]!.kind === "entry") await settle.activate(run);
      else result.closed.push(...(await settle.close(run)));
      hooks?.afterRun?.(run);
      store.remove(run.map((r) => r.seq));
      result.settled += run.length;
    }
    if (opts.now() >= opts.deadline) {
      result.more = store.outboxSize() > 0;
      return result;
    }
  }
}

/** Consecutive rows of one class (activation or close). */
function runs(rows: OutboxRow[]): OutboxRow[][] {
  const out: OutboxRow[][] = [];
  for (const row of rows) {
    const last = out[out.length - 1];
    if (last && (last[0]!.kind === "entry") === (row.kind === "entry")) last.push(row);
    else out.push([row]);
  }
  return out;
}
