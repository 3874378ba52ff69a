import { type Committed, balanceKey, type NewOrder } from "../../worker/domain/markets/steps.ts";
import type { MarketStore } from "./store.ts";

/**
 * How an accepted order gets from the POST to the book without a D1 round trip
 * on the caller's path (group commit):
 *
 *   1. The order is stored in the object's own SQLite (`intake`) and queued.
 *   2. If the owner's balance, as the object last read it from D1, covers the hold
 *      together with everything else of theirs still queued, the caller is answered
 *      at once. Otherwise (never read, or too little) the caller waits for the
 *      order's own D1 write, and a short balance is a synchronous 409.
 *   3. One write at a time puts every queued order's row and hold in ONE D1 batch
 *      and reads the owners' balances back in it (commitOrders). Orders arriving
 *      meanwhile wait for the next one, so a busy market writes many orders per
 *      batch. The market's settlement pass usually carries the queue in its own
 *      D1 batch (`carry`); the intake's own flush is for a caller waiting on its
 *      hold, and the safety net. Only held orders reach the engine; an order the
 *      ledger refuses (its owner spent the money elsewhere since the last read) is
 *      recorded as rejected and its owner is told through the user room.
 *
 * Money never moves ahead of the ledger: the hold is written before the order can
 * match, exactly as when the caller wrote it. A crash leaves the order in `intake`;
 * the next start queues it again, and a hold already written is recognised by its
 * journal key. Pure apart from the injected functions, so it is unit-testable.
 */

export type Outcome = "held" | "insufficient";

export type IntakeDeps = {
  store: MarketStore;
  /** Writes order rows and holds in D1 (commitOrders). */
  commit: (list: NewOrder[]) => Promise<Committed>;
  /** Puts a held order on the book (MarketCore.place). */
  place: (o: NewOrder) => void;
  /**
   * Puts the held orders of one batch on the book in one storage write (MarketCore.placeMany), all or none; without
   * it, each goes through `place`.
   */
  placeAll?: (list: NewOrder[]) => void;
  /** Records an order the ledger refused and tells its owner. */
  refuse: (o: NewOrder) => void;
  /** Runs fn soon, after the current caller has its answer. */
  later: (fn: () => void, ms: number) => void;
  onError: (err: unknown) => void;
  /**
   * How long an answered order waits for others to share its D1 batch (its caller has its answer already). A market
   * whose settlement pass carries the queue sooner (`carry`) sets this longer: the intake's own flush is then the net.
   */
  groupMs?: number;
};

/** The queue's next batch, handed to a caller that writes it in a D1 batch of its own making (`carry`). */
export type Carried = {
  orders: NewOrder[];
  /** The batch committed with these outcomes: held orders go to the book, refused ones are recorded. */
  done(c: Committed): void;
  /** Whether the batch was written is unknown: it is queued again, as when the intake's own write fails. */
  failed(err: unknown): void;
};

type Queued = { order: NewOrder; waiter?: { resolve: (o: Outcome) => void; reject: (err: unknown) => void } };

/** Most orders in one D1 batch (each is about five statements). */
const MAX_BATCH = 100;
const RETRY_MS = [50, 200, 1_000, 5_000];
/** `groupMs` when the owner sets none. */
const GROUP_MS = 10;

export class OrderIntake {
  private queue: Queued[] = [];
  private running: Promise<void> | null = null;
  /** The batch being written now. */
  private inflight: Queued[] = [];
  private failures = 0;
  /** When the soonest flush already asked for runs: a burst of orders sets one timer, not one each. */
  private kickAt: number | null = null;
  /** Batches handed to the market's passes so far (`carry`). */
  private carries = 0;
  /** Available units per "owner:currency" as of the last D1 read, and units queued against it since. */
  private readonly known = new Map<string, number>();
  private readonly queued = new Map<string, number>();

  constructor(private readonly deps: IntakeDeps) {}

  /** Queues the orders stored before a restart (their callers were answered then). */
  restore(): void {
    for (const body of this.deps.store.intake()) this.enqueue({ order: JSON.parse(body) as NewOrder });
    if (this.queue.length > 0) this.kick(0);
  }

  get size(): number {
    return this.queue.length + this.inflight.length;
  }

  /** Whether an order is still on its way (stored here, not yet written to D1 and placed). */
  has(id: number): boolean {
    const match = (q: Queued) => q.order.id === id;
    return this.inflight.some(match) || this.queue.some(match);
  }

  /** Resolves once everything queued so far was written (or failed and waits for a retry). */
  async idle(): Promise<void> {
    while (this.queue.length > 0 || this.running) {
      await (this.running ?? this.flush());
      if (this.failures > 0) return;
    }
  }

  /** Whether the order may be answered before its hold is written. */
  private covered(o: NewOrder): boolean {
    const key = balanceKey(o.owner, o.holdCurrency);
    const available = this.known.get(key);
    return available !== undefined && available - (this.queued.get(key) ?? 0) >= o.holdUnits;
  }

  /**
   * Queues an order already stored in `intake` by the caller. Answers null when the
   * caller may answer now, or a promise of the order's outcome to wait for.
   */
  submit(o: NewOrder): Promise<Outcome> | null {
    const fast = this.covered(o);
    const item: Queued = { order: o };
    const wait = fast ? null : new Promise<Outcome>((resolve, reject) => (item.waiter = { resolve, reject }));
    this.enqueue(item);
    // A waiting caller's order is written at once; answered ones wait a moment for company (a larger group commit).
    this.kick(fast ? (this.deps.groupMs ?? GROUP_MS) : 0);
    return wait;
  }

  /**
   * The next batch for a caller to write in its own D1 batch (the market's settlement pass), or null when there is none
   * or a write is under way (batches are written one at a time, in order). Until it reports, it counts as running.
   */
  carry(): Carried | null {
    if (this.running || this.queue.length === 0) return null;
    this.carries++;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inflight = batch;
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (finish = resolve));
    this.running = running;
    let reported = false;
    const report = (fn: () => void) => {
      if (reported) return;
      reported = true;
      this.inflight = [];
      if (this.running === running) this.running = null;
      try {
        fn();
      } finally {
        finish();
        // A caller still waiting on its hold is not left for the next pass; answered orders are.
        if (this.failures === 0 && this.queue.some((q) => q.waiter)) this.kick(0);
      }
    };
    return {
      orders: batch.map((q) => q.order),
      done: (c) =>
        report(() => {
          this.failures = 0;
          this.settled(batch, c);
        }),
      failed: (err) => report(() => this.failed(batch, err)),
    };
  }

  private enqueue(item: Queued): void {
    this.queue.push(item);
    const key = balanceKey(item.order.owner, item.order.holdCurrency);
    this.queued.set(key, (this.queued.get(key) ?? 0) + item.order.holdUnits);
  }

  private dequeued(o: NewOrder): void {
    const key = balanceKey(o.owner, o.holdCurrency);
    const left = (this.queued.get(key) ?? 0) - o.holdUnits;
    if (left > 0) this.queued.set(key, left);
    else this.queued.delete(key);
  }

  private kick(ms: number): void {
    const at = Date.now() + ms;
    if (this.kickAt !== null && this.kickAt <= at) return;
    this.kickAt = at;
    const carries = this.carries;
    this.deps.later(() => {
      if (this.kickAt === at) this.kickAt = null;
      if (this.queue.length === 0) return;
      // The market's passes carried the queue meanwhile: they are keeping up, so the net waits again (unless a caller
      // waits on its hold, or a write failed and is due again), instead of writing the orders that just arrived alone.
      if (this.carries !== carries && this.failures === 0 && !this.queue.some((q) => q.waiter)) return this.kick(ms);
      void this.flush();
    }, ms);
  }

  /** Writes the queue to D1 in batches, one flush at a time. */
  flush(): Promise<void> {
    if (this.running) return this.running;
    if (this.queue.length === 0) return Promise.resolve();
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inflight = batch;
      let committed: Committed;
      try {
        committed = await this.deps.commit(batch.map((q) => q.order));
      } catch (err) {
        this.inflight = [];
        this.failed(batch, err);
        return;
      }
      this.inflight = [];
      this.failures = 0;
      this.settled(batch, committed);
    }
  }

  private settled(batch: Queued[], c: Committed): void {
    const { store } = this.deps;
    for (const key of c.available.keys()) this.known.set(key, c.available.get(key)!);
    const done: number[] = [];
    const held: NewOrder[] = [];
    for (const q of batch) {
      const o = q.order;
      this.dequeued(o);
      if ((c.outcome.get(o.id) ?? "insufficient") === "held") {
        held.push(o);
        continue;
      }
      // What the object believed about this owner was stale: read again before trusting it.
      this.known.delete(balanceKey(o.owner, o.holdCurrency));
      this.attempt(() => {
        if (!q.waiter) this.deps.refuse(o);
        done.push(o.id);
      });
    }
    const { place, placeAll } = this.deps;
    const groups = placeAll ? (held.length > 0 ? [held] : []) : held.map((o) => [o]);
    for (const group of groups) {
      this.attempt(() => {
        if (placeAll) placeAll(group);
        else place(group[0]!);
        for (const o of group) done.push(o.id);
      });
    }
    for (const q of batch) q.waiter?.resolve(c.outcome.get(q.order.id) ?? "insufficient");
    store.removeIntake(done);
  }

  /** Storage failed: the order stays in intake and is taken up again at the next start. */
  private attempt(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.deps.onError(err);
    }
  }

  /**
   * D1 did not answer, so whether the batch was written is unknown. Waiting callers get the error, but no order is
   * dropped: the whole batch is queued again (a hold already written is recognised by its key), so an Idempotency-Key
   * retry finds the order that was, or will be, placed. An order the ledger then refuses is recorded as rejected and
   * its owner told, as for any answered order.
   */
  private failed(batch: Queued[], err: unknown): void {
    this.deps.onError(err);
    const keep: Queued[] = [];
    for (const q of batch) {
      q.waiter?.reject(err);
      keep.push({ order: q.order });
    }
    this.queue.unshift(...keep);
    if (this.queue.length > 0) {
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
      this.failures++;
      this.kick(wait);
    }
  }
}
