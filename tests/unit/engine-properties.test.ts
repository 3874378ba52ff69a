import * as fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { MatchingEngine } from "../../durable/spot/engine/engine.ts";
import { EventLog } from "../../durable/spot/engine/events.ts";
import type { EngineEvent, EngineSnapshot, OrderType, PlaceCommand, Side, StpMode, TimeInForce } from "../../durable/spot/engine/types.ts";
import { ModelEngine } from "./engine-model.ts";

// ------------------------------------------------------------------ command streams

type Command =
  | { kind: "place"; cmd: PlaceCommand }
  | { kind: "cancel"; id: number }
  | { kind: "move"; id: number; price: number }
  | { kind: "reduce"; id: number; qty: number };

type Mutation =
  "none" | "price0" | "priceFrac" | "priceUnsafe" | "qty0" | "qtyNeg" | "postIoc" | "marketGtc" | "marketPrice" | "budgetSell" | "badStp";

interface PlaceDraft {
  kind: "place";
  reuse: boolean;
  ref: number;
  owner: number;
  side: Side;
  type: OrderType;
  price: number;
  qty: number;
  tif: TimeInForce;
  postOnly: boolean;
  stp: StpMode;
  budget: number | null;
  qtyMissing: boolean;
  mutation: Mutation;
}

type Draft =
  | PlaceDraft
  | { kind: "cancel"; ref: number }
  | { kind: "move"; ref: number; price: number }
  | { kind: "reduce"; ref: number; qty: number };

const placeDraft: fc.Arbitrary<Draft> = fc.record({
  kind: fc.constant("place" as const),
  reuse: fc.constant(false),
  ref: fc.nat(1000),
  owner: fc.integer({ min: 1, max: 3 }),
  side: fc.constantFrom<Side>("buy", "sell"),
  type: fc.oneof({ weight: 4, arbitrary: fc.constant<OrderType>("limit") }, { weight: 1, arbitrary: fc.constant<OrderType>("market") }),
  price: fc.integer({ min: 95, max: 105 }),
  qty: fc.integer({ min: 1, max: 12 }),
  tif: fc.oneof(
    { weight: 5, arbitrary: fc.constant<TimeInForce>("GTC") },
    { weight: 2, arbitrary: fc.constant<TimeInForce>("IOC") },
    { weight: 2, arbitrary: fc.constant<TimeInForce>("FOK") },
  ),
  postOnly: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  stp: fc.oneof(
    { weight: 4, arbitrary: fc.constant<StpMode>("none") },
    { weight: 4, arbitrary: fc.constantFrom<StpMode>("cancel-newest", "cancel-oldest", "cancel-both", "decrement") },
  ),
  budget: fc.option(fc.integer({ min: 1, max: 2500 }), { freq: 2, nil: null }),
  qtyMissing: fc.boolean(),
  mutation: fc.oneof(
    { weight: 30, arbitrary: fc.constant<Mutation>("none") },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Mutation>(
        "price0",
        "priceFrac",
        "priceUnsafe",
        "qty0",
        "qtyNeg",
        "postIoc",
        "marketGtc",
        "marketPrice",
        "budgetSell",
        "badStp",
      ),
    },
  ),
});

const draftArb: fc.Arbitrary<Draft> = fc.oneof(
  { weight: 10, arbitrary: placeDraft },
  { weight: 1, arbitrary: placeDraft.map(reuse) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("cancel" as const), ref: fc.nat(1000) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      ref: fc.nat(1000),
      price: fc.oneof({ weight: 20, arbitrary: fc.integer({ min: 94, max: 106 }) }, { weight: 1, arbitrary: fc.constant(0) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("reduce" as const), ref: fc.nat(1000), qty: fc.integer({ min: 0, max: 14 }) }),
  },
);

function reuse(d: Draft): Draft {
  return d.kind === "place" ? { ...d, reuse: true } : d;
}

/**
 * Turns drafts into concrete commands. Most references to existing orders pick a live one: the
 * naive model is run alongside to know which are live (it is deterministic, so a stream is still a
 * pure function of the drafts); the rest pick recently placed or never-seen ids.
 */
function resolve(drafts: readonly Draft[]): Command[] {
  const model = new ModelEngine();
  const placed: number[] = [];
  let nextId = 1;
  const pick = (ref: number): number => {
    const live = model.book;
    if (ref < 60 || placed.length === 0) return 900_000 + ref;
    if (ref % 5 !== 0 && live.length > 0) return live[ref % live.length]!.id;
    return placed[placed.length - 1 - (ref % Math.min(placed.length, 16))]!;
  };
  return drafts.map((d): Command => {
    const c = concrete(d, pick, () => nextId++, placed);
    apply(model, c);
    return c;
  });
}

function concrete(d: Draft, pick: (ref: number) => number, fresh: () => number, placed: number[]): Command {
  if (d.kind !== "place") {
    const id = pick(d.ref);
    if (d.kind === "cancel") return { kind: "cancel", id };
    if (d.kind === "move") return { kind: "move", id, price: d.price };
    return { kind: "reduce", id, qty: d.qty };
  }
  const id = d.reuse && placed.length > 0 ? pick(d.ref + 60) : fresh();
  placed.push(id);
  const cmd: PlaceCommand = { id, owner: d.owner, side: d.side, type: d.type, qty: d.qty };
  if (d.type === "limit") {
    cmd.price = d.price;
    cmd.tif = d.tif;
    if (d.postOnly && d.tif === "GTC") cmd.postOnly = true;
  } else {
    if (d.tif !== "GTC") cmd.tif = d.tif;
    if (d.side === "buy" && d.budget !== null) {
      cmd.quoteBudget = d.budget;
      if (d.qtyMissing && d.tif !== "FOK") delete cmd.qty;
    }
  }
  if (d.stp !== "none" || d.qtyMissing) cmd.stp = d.stp;
  switch (d.mutation) {
    case "price0":
      cmd.price = 0;
      break;
    case "priceFrac":
      cmd.price = d.price + 0.5;
      break;
    case "priceUnsafe":
      cmd.price = 2 ** 53;
      break;
    case "qty0":
      cmd.qty = 0;
      break;
    case "qtyNeg":
      cmd.qty = -d.qty;
      break;
    case "postIoc":
      cmd.postOnly = true;
      cmd.tif = "IOC";
      break;
    case "marketGtc":
      cmd.type = "market";
      cmd.tif = "GTC";
      break;
    case "marketPrice":
      cmd.type = "market";
      cmd.price = d.price;
      break;
    case "budgetSell":
      cmd.quoteBudget = 100;
      cmd.side = "sell";
      break;
    case "badStp":
      cmd.stp = "sometimes" as StpMode;
      break;
    case "none":
      break;
  }
  return { kind: "place", cmd };
}

interface Target {
  place(cmd: PlaceCommand): boolean;
  cancel(id: number): boolean;
  move(id: number, price: number): boolean;
  reduce(id: number, qty: number): boolean;
}

function apply(target: Target, c: Command): boolean {
  switch (c.kind) {
    case "place":
      // Each side gets its own copy so neither can see the other's mutations.
      return target.place({ ...c.cmd });
    case "cancel":
      return target.cancel(c.id);
    case "move":
      return target.move(c.id, c.price);
    case "reduce":
      return target.reduce(c.id, c.qty);
  }
}

// ------------------------------------------------------------------ invariants

interface Account {
  id: number;
  side: Side;
  orig: number;
  filled: number;
  removed: number;
  /** The limit price, 0 for market orders; updated by moves. */
  price: number;
  budget: number | null;
  spent: number;
}

/** Throws on a broken invariant (cheaper than expect() in the inner loops). */
function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`invariant broken: ${message}`);
}

/**
 * Follows every order through the event stream: quantities are conserved (filled + remaining +
 * cancelled = original, none negative), lots bought equal lots sold, trades happen at the maker's
 * price within the taker's limit and budget, and sequence numbers increase by one.
 */
class Ledger {
  open = new Map<number, Account>();
  lastSeq = 0;
  bought = 0;
  sold = 0;
  budgets = new Map<number, number>();

  expectBudget(id: number, budget: number | undefined): void {
    if (budget !== undefined) this.budgets.set(id, budget);
    else this.budgets.delete(id);
  }

  private account(id: number): Account {
    const a = this.open.get(id);
    if (a === undefined) throw new Error(`invariant broken: event for order ${id}, which is not live`);
    return a;
  }

  private close(a: Account): void {
    check(a.filled >= 0 && a.removed >= 0, `order ${a.id}: negative quantities`);
    check(a.filled + a.removed === a.orig, `order ${a.id}: filled + cancelled = original when it ends`);
    this.open.delete(a.id);
  }

  apply(events: readonly EngineEvent[]): void {
    for (const e of events) {
      check(e.seq === this.lastSeq + 1, "sequence numbers increase by one");
      this.lastSeq = e.seq;
      switch (e.type) {
        case "accepted":
          check(!this.open.has(e.id), `order ${e.id} accepted while live`);
          this.open.set(e.id, {
            id: e.id,
            side: e.side,
            orig: e.qty,
            filled: 0,
            removed: 0,
            price: e.price,
            budget: this.budgets.get(e.id) ?? null,
            spent: 0,
          });
          break;
        case "fill": {
          const maker = this.account(e.makerId);
          const taker = this.account(e.takerId);
          check(maker.side !== taker.side && taker.side === e.takerSide, "maker and taker on opposite sides");
          check(e.qty > 0, "fills are positive");
          check(e.price === maker.price, "trades at the maker's price");
          if (taker.price !== 0) {
            check(taker.side === "buy" ? e.price <= taker.price : e.price >= taker.price, "within the taker's limit");
          }
          maker.filled += e.qty;
          taker.filled += e.qty;
          if (taker.side === "buy") this.bought += e.qty;
          else this.sold += e.qty;
          if (maker.side === "buy") this.bought += e.qty;
          else this.sold += e.qty;
          taker.spent += e.qty * e.price;
          check(taker.budget === null || taker.spent <= taker.budget, "spends no more than the quote budget");
          check(e.makerRemaining === maker.orig - maker.filled - maker.removed, "maker remaining adds up");
          check(e.takerRemaining === taker.orig - taker.filled - taker.removed, "taker remaining adds up");
          if (e.makerRemaining === 0) this.close(maker);
          if (e.takerRemaining === 0) this.close(taker);
          break;
        }
        case "cancelled": {
          const a = this.account(e.id);
          check(e.qty >= 0, "cancelled quantity is not negative");
          a.removed += e.qty;
          this.close(a);
          break;
        }
        case "reduced": {
          const a = this.account(e.id);
          a.removed += e.qty;
          check(e.qty > 0 && e.remaining > 0, "a reduction leaves a live order");
          check(e.remaining === a.orig - a.filled - a.removed, "reduced remaining adds up");
          break;
        }
        case "moved": {
          const a = this.account(e.id);
          check(e.fromPrice === a.price, "moves from the current price");
          a.price = e.toPrice;
          break;
        }
        case "rested":
        case "rejected":
          break;
      }
    }
    check(this.bought === this.sold, "lots bought equal lots sold");
  }

  /** Every order still open is on the book with the quantities the events say. */
  checkAgainst(engine: MatchingEngine): void {
    check(this.open.size === engine.restingCount, "open orders are exactly the resting ones");
    for (const a of this.open.values()) {
      const o = engine.order(a.id);
      check(o !== undefined, `open order ${a.id} is on the book`);
      check(o!.qty > 0, "resting quantity is positive");
      check(a.filled + a.removed + o!.qty === a.orig, `order ${a.id}: filled + remaining + cancelled = original`);
      check(o!.origQty === a.orig && o!.filledQty === a.filled && o!.price === a.price, `order ${a.id} matches`);
    }
  }
}

function checkBook(engine: MatchingEngine): void {
  const bid = engine.bestBid();
  const ask = engine.bestAsk();
  check(bid === null || ask === null || bid < ask, "the book is never crossed");
  const orders = engine.resting();
  const depth = engine.depth();
  for (const [side, levels] of [
    ["buy", depth.bids],
    ["sell", depth.asks],
  ] as const) {
    const mine = orders.filter((o) => o.side === side);
    check(levels.reduce((s, l) => s + l.qty, 0) === mine.reduce((s, o) => s + o.qty, 0), "depth adds up");
    check(levels.reduce((s, l) => s + l.count, 0) === mine.length, "depth counts add up");
    check(levels.length === engine.levelCount(side), "level count");
    for (let i = 1; i < levels.length; i++) {
      const worse = side === "buy" ? levels[i]!.price < levels[i - 1]!.price : levels[i]!.price > levels[i - 1]!.price;
      check(worse, "levels are sorted best first");
    }
  }
}

// ------------------------------------------------------------------ properties

const streams = fc.array(draftArb, { minLength: 1, maxLength: 200, size: "max" }).map(resolve);

describe("matching engine against the reference model", () => {
  it("emits the same events and keeps the same book as the naive model, with every invariant after every command", () => {
    fc.assert(
      fc.property(streams, (commands) => {
        const log = new EventLog();
        const engine = new MatchingEngine({ sink: log, capacity: 16 });
        const model = new ModelEngine();
        const ledger = new Ledger();
        for (const [i, c] of commands.entries()) {
          if (c.kind === "place") ledger.expectBudget(c.cmd.id, c.cmd.quoteBudget);
          const a = apply(engine, c);
          const b = apply(model, c);
          const events = log.take();
          const expected = model.take();
          // expect() only on a difference: it is slow, and this runs tens of thousands of times.
          if (!isDeepStrictEqual(events, expected)) {
            expect(events, `events of command ${i}: ${JSON.stringify(c)}`).toEqual(expected);
          }
          expect(a).toBe(b);
          const book = engine.resting();
          const modelBook = model.resting();
          if (!isDeepStrictEqual(book, modelBook)) expect(book, `book after command ${i}`).toEqual(modelBook);
          ledger.apply(events);
          ledger.checkAgainst(engine);
          checkBook(engine);
        }
      }),
      { numRuns: Number(process.env.ENGINE_FUZZ_RUNS ?? 300) },
    );
  }, 120_000);

  it("continues identically after a snapshot is restored into a fresh engine", () => {
    fc.assert(
      fc.property(streams, fc.nat(), (commands, cut) => {
        const split = cut % (commands.length + 1);
        const whole = new EventLog();
        const a = new MatchingEngine({ sink: whole });
        for (const c of commands) apply(a, c);

        const first = new EngineWithLog();
        for (const c of commands.slice(0, split)) apply(first.engine, c);
        const snap = JSON.parse(JSON.stringify(first.engine.snapshot())) as EngineSnapshot;
        const second = new EngineWithLog();
        second.engine.restore(snap);
        expect(second.engine.resting()).toEqual(first.engine.resting());
        // Rows in any order rebuild the same book (the general path rather than the linear one).
        const shuffled = new MatchingEngine();
        shuffled.restore({ ...snap, orders: [...snap.orders].reverse() });
        expect(shuffled.resting()).toEqual(first.engine.resting());
        expect(shuffled.depth()).toEqual(first.engine.depth());
        for (const c of commands.slice(split)) apply(second.engine, c);

        expect([...first.log.events, ...second.log.events]).toEqual(whole.events);
        expect(second.engine.resting()).toEqual(a.resting());
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("is deterministic: the same commands give the same events", () => {
    fc.assert(
      fc.property(streams, (commands) => {
        const runs = [new EngineWithLog(), new EngineWithLog()];
        for (const r of runs) for (const c of commands) apply(r.engine, c);
        expect(runs[0]!.log.events).toEqual(runs[1]!.log.events);
      }),
      { numRuns: 50 },
    );
  }, 60_000);
});

class EngineWithLog {
  log = new EventLog();
  engine = new MatchingEngine({ sink: this.log });
}
