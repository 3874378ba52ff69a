/**
 * A per-key request limit kept in an object's memory: at most `limit` hits per fixed window of `windowMs`. An object
 * sees every request for what it owns (a market sees every order for its pair), so the count is exact without a
 * storage write on the hot path; a restart forgets the counts, which only lets a burst through once. Pure.
 */
export class RateWindow {
  private readonly hits = new Map<string | number, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit; 0 when allowed, otherwise the whole seconds until the window ends (for Retry-After). */
  hit(key: string | number, now: number): number {
    const start = now - (now % this.windowMs);
    if (this.hits.size > 10_000) this.prune(start);
    const cur = this.hits.get(key);
    if (!cur || cur.start !== start) {
      this.hits.set(key, { start, count: 1 });
      return 0;
    }
    if (cur.count >= this.limit) return Math.max(1, Math.ceil((start + this.windowMs - now) / 1_000));
    cur.count++;
    return 0;
  }

  private prune(start: number): void {
    for (const [key, v] of this.hits) if (v.start !== start) this.hits.delete(key);
  }
}
