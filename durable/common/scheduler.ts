/**
 * One alarm per object, many kinds of due work: each task keeps its next due time here and the object's single
 * alarm is armed for the soonest. Every object family (spot markets today; contract, seconds and auction objects
 * next) drives its timers through this instead of arming alarms of its own.
 *
 * Rules, because the runtime is subtle here:
 * - Never arm at or before "now": local workerd drops an alarm re-armed to a past time from inside alarm() when
 *   the handler ends (workerd issue #6866), which would stop the chain. While the handler runs, arming waits for
 *   its end, which arms once for whatever is due then.
 * - Alarms fire at least once, so every task must be idempotent; a task that fails is logged and the others still run.
 * - A task that fails without arming itself again is due again after `retryMs`: dropping it would end its chain
 *   silently (a lot that never ends after one busy D1 read). A task that set its own retry (a backoff) keeps it.
 */

export type AlarmStorage = { setAlarm(at: number): Promise<void> | void };
export type SchedulerOptions = { now?: () => number; retryMs?: number };

const RETRY_MS = 1_000;

export class AlarmScheduler<K extends string> {
  private readonly due = new Map<K, number>();
  private armed: number | null = null;
  private running = false;
  private readonly now: () => number;
  private readonly retryMs: number;

  constructor(
    private readonly storage: AlarmStorage,
    options: SchedulerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.retryMs = options.retryMs ?? RETRY_MS;
  }

  /** Due at `at`, unless it is already due sooner. */
  at(task: K, at: number): void {
    const cur = this.due.get(task);
    if (cur === undefined || at < cur) this.due.set(task, at);
    this.arm();
  }

  /** No longer due (a stopped object's periodic work); an alarm already armed finds nothing to run and arms no more. */
  drop(task: K): void {
    this.due.delete(task);
  }

  has(task: K): boolean {
    return this.due.has(task);
  }

  /** The soonest due time, or null when nothing is queued. */
  next(): number | null {
    let min: number | null = null;
    for (const t of this.due.values()) if (min === null || t < min) min = t;
    return min;
  }

  /**
   * The object's alarm(): runs every task due by now, soonest first (each through `run`, errors to `onError` and
   * a retry), then arms once for whatever is due next. `also` adds tasks worth running whatever woke the object.
   */
  async fire(run: (task: K) => Promise<void>, onError: (task: K, err: unknown) => void, also: K[] = []): Promise<void> {
    this.armed = null;
    this.running = true;
    try {
      const tasks = this.take(this.now());
      for (const t of also) if (!tasks.includes(t)) tasks.push(t);
      for (const task of tasks) {
        try {
          await run(task);
        } catch (err) {
          onError(task, err);
          if (!this.due.has(task)) this.due.set(task, this.now() + this.retryMs);
        }
      }
    } finally {
      this.running = false;
      this.arm(true);
    }
  }

  /** Removes and returns the tasks due by `now`, soonest first. */
  private take(now: number): K[] {
    const out = [...this.due].filter(([, t]) => t <= now).sort((a, b) => a[1] - b[1]);
    for (const [k] of out) this.due.delete(k);
    return out.map(([k]) => k);
  }

  private arm(force = false): void {
    if (this.running && !force) return;
    const next = this.next();
    if (next === null) return;
    const at = Math.max(next, this.now() + 1);
    if (!force && this.armed !== null && this.armed <= at) return;
    this.armed = at;
    void this.storage.setAlarm(at);
  }
}
