/**
 * Trigger ladders, pure: every price level a position or entrusted order waits for (limit activation, take-profit,
 * stop-loss, liquidation) sorted by level, so a reference tick looks only at the levels it crosses. A quiet tick is
 * two comparisons whatever the number of positions; a tick that fires k triggers costs O(k).
 *
 * Levels are integer price steps (ticks). A "down" trigger fires when the price is at or below its level, an "up"
 * trigger when it is at or above. Each ladder keeps its next trigger at the END of its array (down: ascending
 * levels, so the highest is last; up: descending, so the lowest is last), so firing pops and never shifts.
 */

export type Direction = "down" | "up";
export type Trigger = { key: string; level: number; direction: Direction };

type Rung = { level: number; key: string };

export class TriggerLadder {
  private readonly down: Rung[] = [];
  private readonly up: Rung[] = [];
  private readonly index = new Map<string, Trigger>();

  get size(): number {
    return this.index.size;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  get(key: string): Trigger | undefined {
    return this.index.get(key);
  }

  /** Adds a trigger, replacing one with the same key. */
  set(trigger: Trigger): void {
    if (!Number.isSafeInteger(trigger.level)) throw new RangeError(`bad level ${trigger.level}`);
    this.remove(trigger.key);
    const rungs = trigger.direction === "down" ? this.down : this.up;
    rungs.splice(this.position(rungs, trigger.direction, trigger.level, trigger.key), 0, { level: trigger.level, key: trigger.key });
    this.index.set(trigger.key, trigger);
  }

  /** Builds from many triggers at once (a restart): one sort instead of one insert each. */
  load(triggers: Iterable<Trigger>): void {
    // Last one per key wins; keys already here leave first, while the rungs are still sorted.
    const fresh = new Map<string, Trigger>();
    for (const t of triggers) {
      if (!Number.isSafeInteger(t.level)) throw new RangeError(`bad level ${t.level}`);
      fresh.set(t.key, t);
    }
    for (const key of fresh.keys()) this.remove(key);
    for (const t of fresh.values()) {
      this.index.set(t.key, t);
      (t.direction === "down" ? this.down : this.up).push({ level: t.level, key: t.key });
    }
    this.down.sort((a, b) => a.level - b.level || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
    this.up.sort((a, b) => b.level - a.level || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  }

  remove(key: string): boolean {
    const t = this.index.get(key);
    if (!t) return false;
    const rungs = t.direction === "down" ? this.down : this.up;
    const at = this.position(rungs, t.direction, t.level, key) - 1;
    if (rungs[at]?.key !== key) throw new Error(`ladder out of order at ${key}`);
    rungs.splice(at, 1);
    this.index.delete(key);
    return true;
  }

  /**
   * Removes and returns every trigger the price reaches, in the order the price path meets them (down: highest level
   * first; up: lowest first), ties by key so the order is the same on every replay.
   */
  cross(price: number): Trigger[] {
    const fired: Trigger[] = [];
    for (const [rungs, hit] of [
      [this.down, (level: number) => price <= level],
      [this.up, (level: number) => price >= level],
    ] as const) {
      while (rungs.length > 0 && hit(rungs[rungs.length - 1]!.level)) {
        const rung = rungs.pop()!;
        fired.push(this.index.get(rung.key)!);
        this.index.delete(rung.key);
      }
    }
    return fired;
  }

  /**
   * Where a rung goes: after every rung that comes before it. Down rungs ascend by level (and, at one level,
   * descend by key), up rungs descend by level (same tie rule), so the last rung is always the next to fire and
   * equal levels fire in ascending key order.
   */
  private position(rungs: Rung[], direction: Direction, level: number, key: string): number {
    let lo = 0;
    let hi = rungs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const r = rungs[mid]!;
      const before = direction === "down" ? r.level < level : r.level > level;
      if (before || (r.level === level && r.key >= key)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
