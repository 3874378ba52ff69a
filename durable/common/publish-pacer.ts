/**
 * Paces an object's publishes to a room: at most one every `intervalMs`, one at a time, and the next waits at least
 * as long after the last one ended as that one took (capped at `maxGapMs`), so a room with many sockets is never
 * busy more than half the time and gets fewer, fresher updates (the changes in between are merged) instead of a
 * queue of stale ones. `publish` sends what changed and answers whether more is waiting.
 */

export type PacerDeps = {
  intervalMs: number;
  /** Cap on the wait a slow fan-out adds; 0 paces by the interval alone. */
  maxGapMs: number;
  publish: () => Promise<boolean>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
};

export class PublishPacer {
  private timer = false;
  private publishing = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastEnd = Number.NEGATIVE_INFINITY;
  private gap = 0;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;

  constructor(private readonly deps: PacerDeps) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  }

  /** Something changed: publish as soon as the pace allows (requests in between merge into that one). */
  request(): void {
    if (this.timer || this.publishing) return;
    const next = Math.max(this.lastStart + this.deps.intervalMs, this.lastEnd + this.gap);
    this.timer = true;
    this.setTimer(
      () => {
        this.timer = false;
        void this.run();
      },
      Math.max(0, next - this.now()),
    );
  }

  private async run(): Promise<void> {
    const started = this.now();
    this.lastStart = started;
    this.publishing = true;
    let more = false;
    try {
      more = await this.deps.publish();
    } catch {
      // A publish that failed is tried again at the usual pace; the object logs its own failures.
      more = true;
    } finally {
      this.publishing = false;
      const ended = this.now();
      this.gap = Math.min(this.deps.maxGapMs, ended - started);
      this.lastEnd = ended;
    }
    if (more) this.request();
  }
}
