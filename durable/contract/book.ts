import {
  type ContractTerms,
  type Side,
  entryDirection,
  liquidationDirection,
  liquidationPrice,
  opening,
  stopLossDirection,
  takeProfitDirection,
} from "../../worker/domain/contracts/math.ts";
import { toTicks } from "../../worker/domain/markets/units.ts";
import { type Direction, type Trigger, TriggerLadder } from "./ladder.ts";

/**
 * A contract pair's live positions and entrusted orders with their trigger ladders, pure. The object feeds it the
 * market's price trail tick by tick, in order; it answers what fired at which tick. D1 stays the source of truth:
 * the book is rebuilt from D1's rows and settlement replays what it reports.
 *
 * Every trigger carries `since`: it fires only on ticks strictly after that time (a position opened or changed at
 * instant t never fires on a price from before t, however far the trail cursor lags).
 */

export type TriggerKind = "entry" | "take_profit" | "stop_loss" | "liquidation";

/** What the book needs of a position (a D1 row of status 0 entrusted or 1 holding). */
export type BookPosition = {
  id: number;
  userId: number;
  side: Side;
  status: 0 | 1;
  lots: number;
  multiple: number;
  quantity: string;
  marginUnits: number;
  spread: string;
  hazardRate: string;
  targetPrice: string;
  openPrice: string;
  liqPrice: string;
  takeProfit: string | null;
  stopLoss: string | null;
};

/** One trail entry: its time (ms) and price text. */
export type Tick = { time: number; price: string };

/** A trigger that fired: the position, what fired, and the reference tick that crossed it. */
export type Fired = { id: number; userId: number; kind: TriggerKind; price: string; at: number };

/**
 * A trigger's key is a number, id × 4 + its kind's index, so the ladders hold no strings. At one level, triggers fire
 * in ascending key order: a position's liquidation (3) after its stop-loss (2), positions by id.
 */
const KINDS: readonly TriggerKind[] = ["entry", "take_profit", "stop_loss", "liquidation"];
const keyOf = (id: number, kind: TriggerKind) => id * 4 + KINDS.indexOf(kind);

type Live = BookPosition & { since: number };

export class ContractBook {
  private readonly ladder = new TriggerLadder<number>();
  private readonly live = new Map<number, Live>();

  private readonly tickSize: string;
  private readonly terms: ContractTerms;

  constructor(tickSize: string, terms: ContractTerms) {
    this.tickSize = tickSize;
    this.terms = terms;
  }

  /** Positions and entrusted orders held. */
  get size(): number {
    return this.live.size;
  }

  get triggers(): number {
    return this.ladder.size;
  }

  has(id: number): boolean {
    return this.live.has(id);
  }

  position(id: number): (BookPosition & { since: number }) | undefined {
    return this.live.get(id);
  }

  /** Holding positions (for live P/L pushes). */
  *holding(): Iterable<BookPosition> {
    for (const p of this.live.values()) if (p.status === 1) yield p;
  }

  /** Adds or replaces a position; its triggers count from ticks after `since`. */
  upsert(p: BookPosition, since: number): void {
    this.remove(p.id);
    const live: Live = { ...p, since };
    this.live.set(p.id, live);
    for (const t of this.triggersOf(live)) this.ladder.set(t);
  }

  /** Many at once (a rebuild): one sort of the ladders instead of one insert each. */
  load(list: Iterable<{ position: BookPosition; since: number }>): void {
    const triggers: Trigger<number>[] = [];
    for (const { position, since } of list) {
      this.remove(position.id);
      const live: Live = { ...position, since };
      this.live.set(position.id, live);
      triggers.push(...this.triggersOf(live));
    }
    this.ladder.load(triggers);
  }

  remove(id: number): boolean {
    if (!this.live.delete(id)) return false;
    for (let kind = 0; kind < KINDS.length; kind++) this.ladder.remove(id * 4 + kind);
    return true;
  }

  /**
   * Evaluates ticks in order. At each tick the ladders give up the triggers it crosses; a position's first close
   * trigger closes it (its others leave with it), an entry activates it at that tick's price and arms its
   * take-profit, stop-loss and liquidation, which the same tick may then cross.
   */
  evaluate(ticks: readonly Tick[]): Fired[] {
    const out: Fired[] = [];
    for (const tick of ticks) {
      const level = toTicks(tick.price, this.tickSize);
      for (;;) {
        const crossed = this.ladder.cross(level);
        if (crossed.length === 0) break;
        const early: typeof crossed = [];
        let activated = false;
        for (const trigger of crossed) {
          const p = this.live.get(Math.floor(trigger.key / 4));
          // Another trigger of the same position fired first at this tick and took this one with it.
          if (!p) continue;
          if (p.since >= tick.time) {
            early.push(trigger);
            continue;
          }
          const kind = KINDS[trigger.key % 4]!;
          out.push({ id: p.id, userId: p.userId, kind, price: tick.price, at: tick.time });
          if (kind === "entry") {
            this.activate(p, tick);
            activated = true;
          } else {
            this.remove(p.id);
          }
        }
        for (const t of early) this.ladder.set(t);
        if (!activated) break;
      }
    }
    return out;
  }

  /** An entry filled at this tick: the open price and liquidation price exactly as D1's activation computes them. */
  private activate(p: Live, tick: Tick): void {
    const terms = { ...this.terms, spread: p.spread, hazardRate: p.hazardRate };
    const o = opening(terms, p.side, tick.price, p.lots, p.multiple);
    p.status = 1;
    p.openPrice = o.openPrice;
    p.liqPrice = liquidationPrice(terms, p.side, o.openPrice, p.quantity, p.marginUnits);
    // The same tick may cross them: they count from just before it.
    p.since = tick.time - 1;
    for (const t of this.triggersOf(p)) this.ladder.set(t);
  }

  private triggersOf(p: Live): Trigger<number>[] {
    const out: Trigger<number>[] = [];
    const add = (kind: TriggerKind, price: string | null, direction: Direction) => {
      if (price === null || price === "") return;
      // A level between two ticks fires at the first tick beyond it: down rounds down, up rounds up.
      out.push({ key: keyOf(p.id, kind), level: toTicks(price, this.tickSize, direction === "down" ? "down" : "up"), direction });
    };
    if (p.status === 0) {
      add("entry", p.targetPrice, entryDirection(p.side));
      return out;
    }
    add("take_profit", p.takeProfit, takeProfitDirection(p.side));
    add("stop_loss", p.stopLoss, stopLossDirection(p.side));
    // A liquidation price of zero is never reached by a long: there is no trigger to keep.
    if (!(p.side === 1 && p.liqPrice === "0")) add("liquidation", p.liqPrice, liquidationDirection(p.side));
    return out;
  }
}
