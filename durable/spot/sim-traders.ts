import type { MarketConfig } from "../../worker/domain/markets/config.ts";
import { toLots, toQuoteUnits } from "../../worker/domain/markets/units.ts";
import { Prng, type PrngState } from "../common/prng.ts";
import { feedKind } from "./feed.ts";
import { qtyText } from "./publisher.ts";

/**
 * Simulated traders: funded seed accounts that take liquidity on a local market, so it has trades, volume and a 24-hour
 * change without a visitor. Development and tests only, refused in production exactly like the simulator feed. They
 * trade through the Market object's normal submit path (D1 order rows, ledger holds, fees), like any user.
 *
 * The published rule, seeded (xoshiro128**), one market order at a time:
 *   wait   exponential with mean MEAN_GAP_MS, clamped to [MIN_GAP_MS, MAX_GAP_MS]
 *   side   buy with probability 1/2 + lean, lean = clamp(LEAN × (reference − last) / reference, ±MAX_LEAN):
 *          trades pull the last price towards the index, so the two never drift apart
 *   size   lognormal around a fifth of a maker level (SIZE_SIGMA), at least the market's minimum quantity and notional
 *          at the price it meets, at most one maker level
 *   who    one of the accounts, uniformly
 * No reference price or nothing on the other side of the book: no order this turn.
 */

export const MEAN_GAP_MS = 5_000;
export const MIN_GAP_MS = 1_000;
export const MAX_GAP_MS = 20_000;
const LEAN = 200;
const MAX_LEAN = 0.3;
const SIZE_SIGMA = 0.8;
/** Mean size as a fraction of one maker level (1 / SIZE_DIVISOR). */
const SIZE_DIVISOR = 5;
/** Without a market maker the mean size is this many minimum quantities. */
const NO_MAKER_SIZE = 10;

/** Simulated traders run only where the simulator feed runs: never when ENVIRONMENT is production. */
export function simTradersAllowed(marketFeed: string | undefined, environment: string | undefined): boolean {
  return environment !== "production" && feedKind(marketFeed, environment) === "simulator";
}

export type SimMarket = { ref: number | null; last: number | null; top: { bid: number | null; ask: number | null } };
/** A market order as POST /coin/trade takes it (an OrderInput; kept structural so this module stays free of the D1 code). */
export type SimOrder = {
  owner: number;
  input: { side: "buy" | "sell"; type: "market"; amount: string; tif: "IOC"; postOnly: false };
};

export class SimTraderRule {
  private readonly rng: Prng;

  constructor(state: PrngState) {
    this.rng = new Prng(state);
  }

  state(): PrngState {
    return this.rng.state();
  }

  /** Milliseconds until the next order. */
  nextGap(): number {
    const wait = -Math.log(this.rng.nextUnit()) * MEAN_GAP_MS;
    return Math.round(Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, wait)));
  }

  /** The next order, or null when there is nothing to trade against (a turn is still used). */
  nextOrder(m: MarketConfig, owners: readonly number[], s: SimMarket): SimOrder | null {
    const u = this.rng.nextUnit();
    const z = this.rng.nextGaussian();
    const who = this.rng.nextU32();
    if (owners.length === 0 || s.ref === null) return null;
    const last = s.last ?? s.ref;
    const lean = Math.min(MAX_LEAN, Math.max(-MAX_LEAN, (LEAN * (s.ref - last)) / s.ref));
    const side = u <= 0.5 + lean ? "buy" : "sell";
    const meets = side === "buy" ? s.top.ask : s.top.bid;
    if (meets === null) return null;
    const min = minLots(m, meets);
    const level = m.maker ? safeLots(m.maker.qty, m.lotSize) : null;
    const mean = level ? Math.max(min, Math.round(level / SIZE_DIVISOR)) : min * NO_MAKER_SIZE;
    const drawn = Math.round(mean * Math.exp(SIZE_SIGMA * z - (SIZE_SIGMA * SIZE_SIGMA) / 2));
    const lots = Math.max(min, Math.min(level ?? Number.MAX_SAFE_INTEGER, drawn));
    return {
      owner: owners[who % owners.length]!,
      input: { side, type: "market", amount: qtyText(m, lots), tif: "IOC", postOnly: false },
    };
  }
}

/** The fewest lots that meet the minimum quantity and, at `ticks`, the minimum notional. */
export function minLots(m: MarketConfig, ticks: number): number {
  const byQty = toLots(m.minQty, m.lotSize, "up");
  const byNotional = Math.ceil(toQuoteUnits(m.minNotional, m.tickSize, m.lotSize) / ticks);
  return Math.max(1, byQty, byNotional);
}

function safeLots(qty: string, lotSize: string): number | null {
  try {
    const l = toLots(qty, lotSize, "down");
    return l > 0 ? l : null;
  } catch {
    return null;
  }
}
