import { Prng, type PrngState } from "./prng.ts";

/**
 * The local price simulator, one model for every simulated reference price: the spot markets' feed
 * (durable/spot/feed.ts) and the stock feeds (durable/stocks). Pure: the object persists save().
 */

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** A tick after a long sleep moves as if at most this much time had passed. */
const MAX_STEP_MS = 60_000;

type SimState = { ticks: number; time: number; rng: PrngState };

/**
 * One step of the simulator's model: `ticks` moved by `dtMs` of geometric Brownian motion with annualised volatility
 * `sigma` and the standard normal `shock`, rounded to whole ticks; a step that would leave the safe range keeps the price.
 * The spot markets' simulated history (durable/spot/history.ts) walks the same model.
 */
export function gbmStep(ticks: number, sigma: number, dtMs: number, shock: number): number {
  const dt = dtMs / YEAR_MS;
  const next = Math.round(ticks * Math.exp(sigma * Math.sqrt(dt) * shock - (sigma * sigma * dt) / 2));
  return Number.isSafeInteger(next) && next >= 1 ? next : ticks;
}

/**
 * Geometric Brownian motion without drift: S' = S · exp(σ√dt · Z − σ²dt/2),
 * dt in years, σ the annualised volatility, Z standard normal from a seeded
 * xoshiro128**. The result is rounded to whole ticks (at least one). The walk
 * itself is floating point (it is a simulation, not an amount); every price it
 * yields is an integer number of ticks.
 */
export class SimulatedFeed {
  readonly kind = "simulator" as const;
  private ticks: number;
  private time: number;
  private readonly sigma: number;
  private readonly rng: Prng;

  constructor(opts: { ticks: number; time: number; volatility: number; rng: PrngState }) {
    if (!Number.isSafeInteger(opts.ticks) || opts.ticks < 1) throw new RangeError("simulator needs a positive start price");
    if (!(opts.volatility >= 0 && opts.volatility <= 10)) throw new RangeError("volatility out of range");
    this.ticks = opts.ticks;
    this.time = opts.time;
    this.sigma = opts.volatility;
    this.rng = new Prng(opts.rng);
  }

  static restore(saved: string | undefined, fallback: { ticks: number; volatility: number; now: number }): SimulatedFeed {
    if (saved) {
      try {
        const s = JSON.parse(saved) as SimState;
        if (Number.isSafeInteger(s.ticks) && s.ticks > 0 && Array.isArray(s.rng) && s.rng.length === 4) {
          return new SimulatedFeed({ ticks: s.ticks, time: s.time, volatility: fallback.volatility, rng: s.rng });
        }
      } catch {
        /* a corrupt state starts afresh */
      }
    }
    return new SimulatedFeed({ ticks: fallback.ticks, time: fallback.now, volatility: fallback.volatility, rng: Prng.seed() });
  }

  tick(now: number): number {
    const dtMs = Math.min(now - this.time, MAX_STEP_MS);
    this.time = now;
    if (dtMs <= 0 || this.sigma === 0) return this.ticks;
    this.ticks = gbmStep(this.ticks, this.sigma, dtMs, this.rng.nextGaussian());
    return this.ticks;
  }

  /** Local development and browser tests only (POST /api/dev/steer_price): the walk goes on from `ticks`, now. */
  jump(ticks: number, now: number): void {
    if (!Number.isSafeInteger(ticks) || ticks < 1) throw new RangeError("simulator needs a positive price");
    this.ticks = ticks;
    this.time = now;
  }

  save(): string {
    return JSON.stringify({ ticks: this.ticks, time: this.time, rng: this.rng.state() } satisfies SimState);
  }
}
