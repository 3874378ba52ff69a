/**
 * Trigger ladders, pure: every price level a position or entrusted order waits for (limit activation, take-profit,
 * stop-loss, liquidation) sorted by level, so a reference tick looks only at the levels it crosses. A quiet tick is
 * two comparisons whatever the number of positions; a tick that fires k triggers costs O(k).
 *
 * Levels are integer price steps (ticks). A "down" trigger fires when the price is at or below its level, an "up"
 * trigger when it is at or above. Each ladder keeps its next trigger at the END of its array (down: ascending
 * levels, so the highest is last; up: descending, so the lowest is last), so firing pops and never shifts.
 *
 * Removal is lazy: a removed or replaced trigger leaves the index at once and its rung stays until the price path
 * reaches it (then it is dropped unfired) or until stale rungs outnumber live ones (then the ladders are compacted).
 * So removing the other triggers of a position that just fired costs O(1), not a shift of the whole ladder.
 */

export type Direction = "down" | "up";
export type Trigger<K extends string | number = string> = { key: K; level: number; direction: Direction };

type Rung<K> = { level: number; key: K };

/** The index keeps level and direction packed in one number (level × 2 + 1 for up): no object per trigger. */
const pack = (level: number, direction: Direction) => level * 2 + (direction === "up" ? 1 : 0);
const levelOf = (packed: number) => Math.floor(packed / 2);
const directionOf = (packed: number): Direction => (packed % 2 === 0 ? "down" : "up");
const MAX_LEVEL = Math.floor(Number.MAX_SAFE_INTEGER / 2);

export class TriggerLadder<K extends string | number = string> {
  private down: Rung<K>[] = [];
  private up: Rung<K>[] = [];
  private readonly index = new Map<K, number>();
  private stale = 0;

  get size(): number {
    return this.index.size;
  }

  has(key: K): boolean {
    return this.index.has(key);
  }

  get(key: K): Trigger<K> | undefined {
    const packed = this.index.get(key);
    return packed === undefined ? undefined : { key, level: levelOf(packed), direction: directionOf(packed) };
  }

  /** Adds a trigger, replacing one with the same key. */
  set(trigger: Trigger<K>): void {
    check(trigger.level);
    this.remove(trigger.key);
    const rungs = trigger.direction === "down" ? this.down : this.up;
    rungs.splice(position(rungs, trigger.direction, trigger.level, trigger.key), 0, { level: trigger.level, key: trigger.key });
    this.index.set(trigger.key, pack(trigger.level, trigger.direction));
  }

  /** Builds from many triggers at once (a restart): one sort instead of one insert each. Last one per key wins. */
  load(triggers: Iterable<Trigger<K>>): void {
    for (const t of triggers) {
      check(t.level);
      this.remove(t.key);
      this.index.set(t.key, pack(t.level, t.direction));
      (t.direction === "down" ? this.down : this.up).push({ level: t.level, key: t.key });
    }
    // Rungs of keys set twice in this load are stale now: sorting keeps them in place for cross() to drop.
    this.down.sort((a, b) => a.level - b.level || desc(a.key, b.key));
    this.up.sort((a, b) => b.level - a.level || desc(a.key, b.key));
    this.compactIfStale();
  }

  remove(key: K): boolean {
    if (!this.index.delete(key)) return false;
    this.stale++;
    this.compactIfStale();
    return true;
  }

  /**
   * Removes and returns every trigger the price reaches, in the order the price path meets them (down: highest level
   * first; up: lowest first), ties by key so the order is the same on every replay.
   */
  cross(price: number): Trigger<K>[] {
    const fired: Trigger<K>[] = [];
    for (const [rungs, direction] of [
      [this.down, "down"],
      [this.up, "up"],
    ] as const) {
      while (rungs.length > 0) {
        const top = rungs[rungs.length - 1]!;
        if (!this.isLive(top, direction)) {
          rungs.pop();
          this.stale--;
          continue;
        }
        if (direction === "down" ? price > top.level : price < top.level) break;
        rungs.pop();
        this.index.delete(top.key);
        fired.push({ key: top.key, level: top.level, direction });
      }
    }
    return fired;
  }

  /** A rung is live while the index still holds its key with this level and direction (and no newer rung took it). */
  private isLive(rung: Rung<K>, direction: Direction): boolean {
    return this.index.get(rung.key) === pack(rung.level, direction);
  }

  private compactIfStale(): void {
    if (this.stale < 1024 || this.stale < this.index.size) return;
    // Keep one rung per live key: the live one (a key set again at its old level has two; the later is kept).
    const keep = (rungs: Rung<K>[], direction: Direction) => {
      const seen = new Set<K>();
      const out: Rung<K>[] = [];
      for (let i = rungs.length - 1; i >= 0; i--) {
        const r = rungs[i]!;
        if (this.isLive(r, direction) && !seen.has(r.key)) {
          seen.add(r.key);
          out.push(r);
        }
      }
      return out.reverse();
    };
    this.down = keep(this.down, "down");
    this.up = keep(this.up, "up");
    this.stale = 0;
  }
}

function check(level: number): void {
  if (!Number.isSafeInteger(level) || Math.abs(level) > MAX_LEVEL) throw new RangeError(`bad level ${level}`);
}

const desc = <K extends string | number>(a: K, b: K) => (a < b ? 1 : a > b ? -1 : 0);

/**
 * Where a rung goes: after every rung that comes before it. Down rungs ascend by level (and, at one level,
 * descend by key), up rungs descend by level (same tie rule), so the last rung is always the next to fire and
 * equal levels fire in ascending key order.
 */
function position<K extends string | number>(rungs: Rung<K>[], direction: Direction, level: number, key: K): number {
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
