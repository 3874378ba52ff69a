import type { NewOrder } from "../../worker/domain/markets/steps.ts";

/**
 * Accepted orders on their way into the object's own storage, in group commits: an order arriving while the object is
 * quiet is written at once (no added latency); the orders arriving in the same turn of the event loop after it are
 * written together, in ONE storage transaction, when that turn ends. Each caller goes on only after its order's write
 * (an answer never runs ahead of the order's durability). A commit per order was the largest storage cost of the order
 * path under load. A failed write fails every order of its group, and none of them is stored. Pure apart from the
 * injected functions.
 */

export type Accepted = { order: NewOrder; idem?: { key: string; hash: string } };

export type AcceptDeps = {
  /** Stores the group (intake rows and Idempotency-Keys) in one transaction, all or nothing. */
  write: (list: Accepted[]) => void;
  /** Runs fn after the orders already arriving had their turn. */
  later: (fn: () => void) => void;
};

type Pending = Accepted & { stored: Promise<void>; resolve: () => void; reject: (err: unknown) => void };

export class AcceptGroup {
  private pending: Pending[] = [];
  /** An order was written alone this turn: the ones following it wait for the turn's end, as a group. */
  private grouping = false;

  constructor(private readonly deps: AcceptDeps) {}

  /** Resolves once the order is stored (with the rest of its group); rejects with the write's error. */
  store(a: Accepted): Promise<void> {
    if (!this.grouping) {
      this.grouping = true;
      this.deps.later(() => {
        this.grouping = false;
        if (this.pending.length > 0) this.write();
      });
      try {
        this.deps.write([a]);
      } catch (err) {
        return Promise.reject(err);
      }
      return Promise.resolve();
    }
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const stored = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    this.pending.push({ ...a, stored, resolve, reject });
    return stored;
  }

  /** An order of this owner with this Idempotency-Key still waiting for its write (a twin of a request in flight). */
  waiting(owner: number, key: string): { hash: string; id: number; stored: Promise<void> } | undefined {
    const p = this.pending.find((x) => x.order.owner === owner && x.idem?.key === key);
    return p && { hash: p.idem!.hash, id: p.order.id, stored: p.stored };
  }

  private write(): void {
    const group = this.pending;
    this.pending = [];
    try {
      this.deps.write(group);
    } catch (err) {
      for (const p of group) p.reject(err);
      return;
    }
    for (const p of group) p.resolve();
  }
}
