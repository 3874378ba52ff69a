import { PublishPacer } from "../common/publish-pacer.ts";

/**
 * The orders settlement changed, on their way to their owners' user rooms. A busy market drains many times a second,
 * and one RPC per owner per drain cost about as much as placing the order: the orders are collected here and sent at
 * most every `intervalMs` (the first change after a quiet spell goes at once), one RPC per owner carrying the latest
 * state of each of their orders, so a change overtaken by a later one within the interval is sent as that later state.
 */
export type OrderPushDeps = {
  intervalMs: number;
  /** Sends the current state of these orders (id → owner) to their owners; never throws. */
  send: (touched: Map<number, number>) => Promise<void>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  now?: () => number;
};

export class OrderPushes {
  private pending = new Map<number, number>();
  private readonly pacer: PublishPacer;

  constructor(private readonly deps: OrderPushDeps) {
    this.pacer = new PublishPacer({
      intervalMs: deps.intervalMs,
      maxGapMs: deps.intervalMs,
      publish: () => this.send(),
      ...(deps.setTimer ? { setTimer: deps.setTimer } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    });
  }

  /** Orders (id → owner) whose change is settled. */
  add(touched: Map<number, number>): void {
    if (touched.size === 0) return;
    for (const [id, owner] of touched) this.pending.set(id, owner);
    this.pacer.request();
  }

  private async send(): Promise<boolean> {
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) await this.deps.send(batch);
    return this.pending.size > 0;
  }
}
