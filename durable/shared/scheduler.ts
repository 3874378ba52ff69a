/**
 * One alarm per object (DESIGN.md section 4): tasks keep their due times here and
 * the object arms its single alarm for the soonest. Pure.
 */
export class DueQueue<K extends string> {
  private readonly due = new Map<K, number>();

  /** Due at `at`, unless it is already due sooner. */
  at(task: K, at: number): void {
    const cur = this.due.get(task);
    if (cur === undefined || at < cur) this.due.set(task, at);
  }

  /** Due at `at`, replacing any earlier time. */
  reset(task: K, at: number): void {
    this.due.set(task, at);
  }

  has(task: K): boolean {
    return this.due.has(task);
  }

  /** Removes and returns the tasks due by `now`, soonest first. */
  take(now: number): K[] {
    const out = [...this.due].filter(([, t]) => t <= now).sort((a, b) => a[1] - b[1]);
    for (const [k] of out) this.due.delete(k);
    return out.map(([k]) => k);
  }

  /** The soonest due time, or null when nothing is queued. */
  next(): number | null {
    let min: number | null = null;
    for (const t of this.due.values()) if (min === null || t < min) min = t;
    return min;
  }
}
