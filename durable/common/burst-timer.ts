/**
 * One run of `fire` for a burst of pokes: `quietMs` after the first poke, or, while `patient()` holds, once the pokes
 * have stopped for `quietMs`, and never later than `maxMs` after the first. A busy object (patient) thus does one run
 * for a whole stream of commands and still runs soon after the stream ends; a quiet one runs right after a command.
 * Pure apart from the injected clock and timer, so it is unit-testable.
 */

export type BurstTimerDeps = {
  quietMs: number;
  maxMs: number;
  patient: () => boolean;
  fire: () => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
};

export class BurstTimer {
  /** When the pending burst's first poke came; null when no run is pending. */
  private first: number | null = null;
  private last = 0;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;

  constructor(private readonly deps: BurstTimerDeps) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  }

  poke(): void {
    this.last = this.now();
    if (this.first !== null) return;
    this.first = this.last;
    this.setTimer(() => this.check(), this.deps.quietMs);
  }

  private check(): void {
    const now = this.now();
    if (this.deps.patient()) {
      const due = Math.min(this.first! + this.deps.maxMs, this.last + this.deps.quietMs);
      if (due > now) {
        this.setTimer(() => this.check(), due - now);
        return;
      }
    }
    this.first = null;
    this.deps.fire();
  }
}
