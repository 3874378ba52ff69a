import { describe, expect, it } from "vitest";
import { MatchingEngine } from "../../durable/spot/engine/engine.ts";
import { EventLog } from "../../durable/spot/engine/events.ts";
import type { EngineEvent, PlaceCommand, StpMode } from "../../durable/spot/engine/types.ts";

function setup() {
  const log = new EventLog();
  const engine = new MatchingEngine({ sink: log });
  let nextId = 1;
  const limit = (side: "buy" | "sell", price: number, qty: number, extra: Partial<PlaceCommand> = {}) => {
    const id = extra.id ?? nextId++;
    engine.place({ id, owner: 1, side, type: "limit", price, qty, ...extra });
    return id;
  };
  const events = () => log.take();
  const fills = (list: EngineEvent[]) => list.flatMap((e) => (e.type === "fill" ? [{ maker: e.makerId, price: e.price, qty: e.qty }] : []));
  const kinds = (list: EngineEvent[]) =>
    list.map((e) => (e.type === "cancelled" || e.type === "reduced" ? `${e.type}:${e.id}:${e.reason}` : e.type));
  return { engine, log, limit, events, fills, kinds };
}

describe("price-time priority", () => {
  it("fills the best price first, then the oldest order at each price", () => {
    const { engine, limit, events, fills } = setup();
    const a = limit("sell", 100, 10, { owner: 1 });
    const b = limit("sell", 100, 10, { owner: 2 });
    const c = limit("sell", 99, 5, { owner: 3 });
    const d = limit("sell", 101, 10, { owner: 4 });
    events();
    limit("buy", 100, 22, { owner: 9 });
    expect(fills(events())).toEqual([
      { maker: c, price: 99, qty: 5 },
      { maker: a, price: 100, qty: 10 },
      { maker: b, price: 100, qty: 7 },
    ]);
    expect(engine.order(b)?.qty).toBe(3);
    expect(engine.order(d)?.qty).toBe(10);
    expect(engine.bestAsk()).toBe(100);
    expect(engine.bestBid()).toBeNull();
  });

  it("trades at the resting order's price, not the taker's", () => {
    const { limit, events } = setup();
    limit("buy", 50, 3, { owner: 1 });
    events();
    limit("sell", 40, 3, { owner: 2 });
    const fill = events().find((e) => e.type === "fill");
    expect(fill).toMatchObject({ price: 50, qty: 3, takerSide: "sell", makerRemaining: 0, takerRemaining: 0 });
  });

  it("move re-queues the order behind others at the new price; reduce keeps its place", () => {
    const { engine, limit, events, fills } = setup();
    const a = limit("sell", 100, 5, { owner: 1 });
    const b = limit("sell", 101, 5, { owner: 2 });
    const c = limit("sell", 100, 5, { owner: 3 });
    expect(engine.move(b, 100)).toBe(true);
    expect(engine.move(a, 101)).toBe(true);
    expect(engine.move(a, 100)).toBe(true);
    expect(engine.reduce(c, 2)).toBe(true);
    events();
    limit("buy", 100, 13, { owner: 9 });
    expect(fills(events())).toEqual([
      { maker: c, price: 100, qty: 3 },
      { maker: b, price: 100, qty: 5 },
      { maker: a, price: 100, qty: 5 },
    ]);
  });

  it("moving to the same price changes nothing and keeps priority", () => {
    const { engine, limit, events } = setup();
    const a = limit("buy", 10, 1);
    const before = engine.order(a);
    events();
    expect(engine.move(a, 10)).toBe(true);
    expect(events()).toEqual([]);
    expect(engine.order(a)).toEqual(before);
  });

  it("a move across the spread trades as a taker and rests the remainder at the new price", () => {
    const { engine, limit, events, kinds } = setup();
    limit("sell", 105, 4, { owner: 2 });
    const bid = limit("buy", 100, 10, { owner: 1 });
    events();
    engine.move(bid, 106);
    expect(kinds(events())).toEqual(["moved", "fill", "rested"]);
    expect(engine.order(bid)).toMatchObject({ price: 106, qty: 6, filledQty: 4, origQty: 10 });
    expect(engine.bestBid()).toBe(106);
    expect(engine.bestAsk()).toBeNull();
  });
});

describe("order types and time in force", () => {
  it("GTC rests its remainder with a rested event whose seq is its priority", () => {
    const { engine, limit, events } = setup();
    limit("sell", 10, 2, { owner: 2 });
    events();
    const id = limit("buy", 10, 5);
    const list = events();
    const rested = list.find((e) => e.type === "rested");
    expect(rested).toMatchObject({ id, price: 10, qty: 3 });
    expect(engine.order(id)?.priority).toBe(rested?.seq);
  });

  it("IOC trades what it can and cancels the rest", () => {
    const { engine, limit, events, kinds } = setup();
    limit("sell", 10, 2, { owner: 2 });
    events();
    const id = limit("buy", 11, 5, { tif: "IOC" });
    const list = events();
    expect(kinds(list)).toEqual(["accepted", "fill", `cancelled:${id}:ioc-remainder`]);
    expect(list.at(-1)).toMatchObject({ qty: 3, price: 11 });
    expect(engine.order(id)).toBeUndefined();
    expect(engine.restingCount).toBe(0);
  });

  it("FOK that cannot fill completely leaves the book untouched", () => {
    const { engine, limit, events, kinds } = setup();
    limit("sell", 10, 2, { owner: 2 });
    limit("sell", 11, 2, { owner: 3 });
    limit("sell", 13, 9, { owner: 4 });
    const before = engine.resting();
    events();
    const id = limit("buy", 12, 5, { tif: "FOK" });
    expect(kinds(events())).toEqual(["accepted", `cancelled:${id}:fok-unfilled`]);
    expect(engine.resting()).toEqual(before);
  });

  it("FOK that can fill fills completely", () => {
    const { engine, limit, events, fills } = setup();
    limit("sell", 10, 2, { owner: 2 });
    limit("sell", 11, 2, { owner: 3 });
    events();
    limit("buy", 11, 4, { tif: "FOK" });
    expect(fills(events()).map((f) => f.qty)).toEqual([2, 2]);
    expect(engine.restingCount).toBe(0);
  });

  it("FOK ignores liquidity self-trade prevention would not let it take", () => {
    const { engine, limit, events, kinds } = setup();
    limit("sell", 10, 5, { owner: 7 });
    limit("sell", 10, 5, { owner: 8 });
    events();
    // Same owner as the first maker: under cancel-newest only 0 lots are reachable.
    const a = limit("buy", 10, 5, { owner: 7, tif: "FOK", stp: "cancel-newest" });
    expect(kinds(events())).toEqual(["accepted", `cancelled:${a}:fok-unfilled`]);
    // Under cancel-oldest the own order is skipped (and cancelled) and the other fills it.
    const b = limit("buy", 10, 5, { owner: 7, tif: "FOK", stp: "cancel-oldest" });
    const list = events();
    expect(kinds(list)).toEqual(["accepted", "cancelled:1:self-trade", "fill"]);
    expect(list.at(-1)).toMatchObject({ takerId: b, makerOwner: 8, qty: 5, takerRemaining: 0 });
    expect(engine.restingCount).toBe(0);
  });

  it("market orders sweep the book and cancel what is left; they carry no price", () => {
    const { engine, limit, events, kinds } = setup();
    limit("buy", 10, 2, { owner: 2 });
    limit("buy", 9, 2, { owner: 3 });
    events();
    engine.place({ id: 50, owner: 1, side: "sell", type: "market", qty: 5 });
    const list = events();
    expect(kinds(list)).toEqual(["accepted", "fill", "fill", "cancelled:50:ioc-remainder"]);
    expect(list[0]).toMatchObject({ price: 0, qty: 5 });
    expect(list.at(-1)).toMatchObject({ price: 0, qty: 1 });
  });

  it("a market order on an empty side is accepted and cancelled", () => {
    const { engine, events, kinds } = setup();
    engine.place({ id: 1, owner: 1, side: "buy", type: "market", qty: 5 });
    expect(kinds(events())).toEqual(["accepted", "cancelled:1:ioc-remainder"]);
  });
});

describe("market buy with a quote budget", () => {
  it("spends at most the budget, buying whole lots, walking up the book", () => {
    const { engine, limit, events } = setup();
    limit("sell", 100, 3, { owner: 2 });
    const next = limit("sell", 120, 10, { owner: 3 });
    events();
    engine.place({ id: 9, owner: 1, side: "buy", type: "market", quoteBudget: 590 });
    const list = events();
    const fills = list.filter((e) => e.type === "fill");
    expect(fills.map((f) => [f.price, f.qty])).toEqual([
      [100, 3],
      [120, 2],
    ]);
    // 300 + 240 = 540 spent; 50 left cannot buy a lot at 120.
    expect(list[0]).toMatchObject({ type: "accepted", qty: Number.MAX_SAFE_INTEGER });
    expect(list.at(-1)).toMatchObject({ type: "cancelled", id: 9, reason: "ioc-remainder" });
    expect(engine.order(next)?.qty).toBe(8);
  });

  it("stops at whichever comes first, the lots or the budget", () => {
    const { engine, limit, events } = setup();
    limit("sell", 10, 100, { owner: 2 });
    events();
    engine.place({ id: 9, owner: 1, side: "buy", type: "market", qty: 4, quoteBudget: 1000 });
    expect(events().filter((e) => e.type === "fill")).toMatchObject([{ qty: 4, takerRemaining: 0 }]);
    engine.place({ id: 10, owner: 1, side: "buy", type: "market", qty: 40, quoteBudget: 55 });
    const list = events();
    expect(list.filter((e) => e.type === "fill")).toMatchObject([{ qty: 5, takerRemaining: 35 }]);
    expect(list.at(-1)).toMatchObject({ type: "cancelled", qty: 35, reason: "ioc-remainder" });
  });

  it("a budget too small for one lot trades nothing", () => {
    const { engine, limit, events, kinds } = setup();
    limit("sell", 10, 100, { owner: 2 });
    events();
    engine.place({ id: 9, owner: 1, side: "buy", type: "market", quoteBudget: 9 });
    expect(kinds(events())).toEqual(["accepted", "cancelled:9:ioc-remainder"]);
  });

  it("FOK with a budget fills only if the lots fit in the budget", () => {
    const { engine, limit, events, kinds } = setup();
    limit("sell", 10, 100, { owner: 2 });
    events();
    engine.place({ id: 9, owner: 1, side: "buy", type: "market", qty: 5, quoteBudget: 49, tif: "FOK" });
    expect(kinds(events())).toEqual(["accepted", "cancelled:9:fok-unfilled"]);
    engine.place({ id: 10, owner: 1, side: "buy", type: "market", qty: 5, quoteBudget: 50, tif: "FOK" });
    expect(kinds(events())).toEqual(["accepted", "fill"]);
  });
});

describe("post-only", () => {
  it("rests when it would not trade and is cancelled when it would", () => {
    const { engine, limit, events, kinds } = setup();
    limit("sell", 10, 1, { owner: 2 });
    events();
    const a = limit("buy", 9, 1, { postOnly: true });
    expect(kinds(events())).toEqual(["accepted", "rested"]);
    const b = limit("buy", 10, 1, { postOnly: true });
    expect(kinds(events())).toEqual(["accepted", `cancelled:${b}:post-only`]);
    expect(engine.order(a)?.postOnly).toBe(true);
    expect(engine.restingCount).toBe(2);
  });

  it("a post-only order cannot be moved across the spread", () => {
    const { engine, limit, events } = setup();
    limit("sell", 10, 1, { owner: 2 });
    const a = limit("buy", 9, 1, { postOnly: true });
    events();
    expect(engine.move(a, 10)).toBe(false);
    expect(events()).toMatchObject([{ type: "rejected", command: "move", id: a, reason: "post-only-would-cross" }]);
    expect(engine.order(a)?.price).toBe(9);
    expect(engine.move(a, 8)).toBe(true);
  });

  it("is only allowed on GTC limit orders", () => {
    const { engine, events } = setup();
    expect(engine.place({ id: 1, owner: 1, side: "buy", type: "limit", price: 1, qty: 1, tif: "IOC", postOnly: true })).toBe(false);
    expect(events()).toMatchObject([{ type: "rejected", reason: "invalid-order" }]);
  });
});

describe("self-trade prevention", () => {
  function scene(stp: StpMode, takerQty: number) {
    const s = setup();
    s.limit("sell", 10, 3, { id: 1, owner: 5 });
    s.limit("sell", 10, 4, { id: 2, owner: 7 });
    s.limit("sell", 11, 5, { id: 3, owner: 6 });
    s.events();
    s.limit("buy", 11, takerQty, { id: 9, owner: 7, stp });
    return { ...s, list: s.events() };
  }

  it("none: the owner trades with itself", () => {
    const { list, kinds } = scene("none", 8);
    expect(kinds(list)).toEqual(["accepted", "fill", "fill", "fill"]);
    expect(list.filter((e) => e.type === "fill").map((e) => e.type === "fill" && e.makerId)).toEqual([1, 2, 3]);
  });

  it("cancel-newest: the incoming order's remainder is cancelled, the resting order stays", () => {
    const { engine, list, kinds } = scene("cancel-newest", 8);
    expect(kinds(list)).toEqual(["accepted", "fill", "cancelled:9:self-trade"]);
    expect(list.at(-1)).toMatchObject({ qty: 5 });
    expect(engine.order(2)?.qty).toBe(4);
  });

  it("cancel-oldest: the resting order is cancelled and the incoming one goes on", () => {
    const { engine, list, kinds } = scene("cancel-oldest", 8);
    expect(kinds(list)).toEqual(["accepted", "fill", "cancelled:2:self-trade", "fill"]);
    expect(list.at(-1)).toMatchObject({ makerId: 3, qty: 5, takerRemaining: 0 });
    expect(engine.order(2)).toBeUndefined();
  });

  it("cancel-both: both are cancelled", () => {
    const { engine, list, kinds } = scene("cancel-both", 8);
    expect(kinds(list)).toEqual(["accepted", "fill", "cancelled:2:self-trade", "cancelled:9:self-trade"]);
    expect(engine.order(2)).toBeUndefined();
    expect(engine.order(3)?.qty).toBe(5);
  });

  it("decrement: both shrink by the smaller quantity without a trade", () => {
    const bigger = scene("decrement", 8);
    // 3 filled by order 1, then 4 decremented from both: order 2 is gone, the taker goes on with 1.
    expect(bigger.kinds(bigger.list)).toEqual(["accepted", "fill", "cancelled:2:self-trade", "reduced:9:self-trade", "fill"]);
    expect(bigger.list.at(-1)).toMatchObject({ makerId: 3, qty: 1, takerRemaining: 0 });

    const smaller = scene("decrement", 5);
    // 3 filled, then the taker's last 2 decrement order 2 from 4 to 2 and end the taker.
    expect(smaller.kinds(smaller.list)).toEqual(["accepted", "fill", "reduced:2:self-trade", "cancelled:9:self-trade"]);
    expect(smaller.engine.order(2)).toMatchObject({ qty: 2, origQty: 4, filledQty: 0 });
  });
});

describe("commands on existing orders", () => {
  it("cancel removes the order, unknown ids are rejected", () => {
    const { engine, limit, events } = setup();
    const a = limit("buy", 10, 3);
    events();
    expect(engine.cancel(a)).toBe(true);
    expect(events()).toMatchObject([{ type: "cancelled", id: a, qty: 3, price: 10, reason: "user" }]);
    expect(engine.cancel(a)).toBe(false);
    expect(engine.move(a, 11)).toBe(false);
    expect(engine.reduce(a, 1)).toBe(false);
    expect(events().map((e) => e.type === "rejected" && `${e.command}:${e.reason}`)).toEqual([
      "cancel:unknown-order",
      "move:unknown-order",
      "reduce:unknown-order",
    ]);
    expect(engine.bestBid()).toBeNull();
  });

  it("reducing by the remaining quantity or more cancels the order", () => {
    const { engine, limit, events } = setup();
    const a = limit("buy", 10, 3);
    events();
    engine.reduce(a, 1);
    expect(events()).toMatchObject([{ type: "reduced", qty: 1, remaining: 2, reason: "user" }]);
    engine.reduce(a, 5);
    expect(events()).toMatchObject([{ type: "cancelled", qty: 2, reason: "user" }]);
  });
});

describe("validation", () => {
  const base: PlaceCommand = { id: 1, owner: 1, side: "buy", type: "limit", price: 10, qty: 1 };
  const cases: [string, Partial<PlaceCommand> | Record<string, unknown>, string][] = [
    ["a fractional price", { price: 10.5 }, "invalid-price"],
    ["a zero price", { price: 0 }, "invalid-price"],
    ["a price past 2^53", { price: 2 ** 53 }, "invalid-price"],
    ["a zero quantity", { qty: 0 }, "invalid-qty"],
    ["a quantity past 2^53", { qty: 2 ** 53 + 2 }, "invalid-qty"],
    ["a missing quantity", { qty: undefined }, "invalid-qty"],
    ["a market order with a price", { type: "market" }, "invalid-order"],
    ["a GTC market order", { type: "market", price: undefined, tif: "GTC" }, "invalid-order"],
    ["a budget on a sell", { type: "market", price: undefined, side: "sell", quoteBudget: 10 }, "invalid-order"],
    ["a budget on a limit order", { quoteBudget: 10 }, "invalid-order"],
    [
      "an FOK budget order without lots",
      { type: "market", price: undefined, qty: undefined, quoteBudget: 10, tif: "FOK" },
      "invalid-order",
    ],
    ["an unknown STP mode", { stp: "maybe" }, "invalid-order"],
    ["an unknown side", { side: "up" }, "invalid-order"],
    ["a negative id", { id: -1 }, "invalid-order"],
  ];
  it.each(cases)("rejects %s", (_name, change, reason) => {
    const { engine, events } = setup();
    expect(engine.place({ ...base, ...change } as PlaceCommand)).toBe(false);
    expect(events()).toMatchObject([{ type: "rejected", command: "place", reason }]);
    expect(engine.restingCount).toBe(0);
  });

  it("rejects a duplicate live id but accepts an id whose order has ended", () => {
    const { engine, events } = setup();
    engine.place(base);
    expect(engine.place(base)).toBe(false);
    expect(events().at(-1)).toMatchObject({ type: "rejected", reason: "duplicate-id" });
    engine.cancel(1);
    expect(engine.place(base)).toBe(true);
  });

  it("handles quantities up to 2^53 - 1 exactly", () => {
    const { engine, limit, events } = setup();
    const big = Number.MAX_SAFE_INTEGER;
    limit("sell", 3, big - 1, { owner: 2 });
    limit("buy", 3, big, { owner: 3 });
    const list = events();
    expect(list.find((e) => e.type === "fill")).toMatchObject({ qty: big - 1, makerRemaining: 0, takerRemaining: 1 });
    expect(engine.depth().bids).toEqual([{ price: 3, qty: 1, count: 1 }]);
  });
});

describe("queries, snapshot and rebuild", () => {
  it("depth aggregates by price, best first", () => {
    const { engine, limit } = setup();
    limit("buy", 10, 1);
    limit("buy", 10, 2);
    limit("buy", 8, 4);
    limit("sell", 12, 5);
    limit("sell", 15, 1);
    expect(engine.depth()).toEqual({
      bids: [
        { price: 10, qty: 3, count: 2 },
        { price: 8, qty: 4, count: 1 },
      ],
      asks: [
        { price: 12, qty: 5, count: 1 },
        { price: 15, qty: 1, count: 1 },
      ],
    });
    expect(engine.depth(1).bids).toHaveLength(1);
    expect(engine.levelCount("buy")).toBe(2);
  });

  it("restores a snapshot (through JSON) to the same book, priorities and sequence", () => {
    const { engine, limit } = setup();
    for (let i = 0; i < 50; i++) limit(i % 2 === 0 ? "buy" : "sell", i % 2 === 0 ? 90 + (i % 7) : 100 + (i % 5), 1 + i);
    engine.move(3, 98);
    const snap = JSON.parse(JSON.stringify(engine.snapshot()));
    const copy = new MatchingEngine();
    copy.restore(snap);
    expect(copy.resting()).toEqual(engine.resting());
    expect(copy.seq).toBe(engine.seq);
    expect(copy.depth()).toEqual(engine.depth());
  });

  it("loadResting orders each level by priority whatever the input order", () => {
    const engine = new MatchingEngine();
    engine.loadResting([
      { id: 1, owner: 1, side: "sell", price: 10, qty: 1, priority: 30 },
      { id: 2, owner: 1, side: "sell", price: 10, qty: 1, priority: 10 },
      { id: 3, owner: 1, side: "sell", price: 10, qty: 1, priority: 20 },
    ]);
    expect(engine.resting().map((o) => o.id)).toEqual([2, 3, 1]);
    expect(engine.seq).toBe(30);
    const log = new EventLog();
    engine.setSink(log);
    engine.place({ id: 4, owner: 2, side: "buy", type: "limit", price: 10, qty: 1, tif: "IOC" });
    expect(log.events[0]?.seq).toBe(31);
    expect(log.events[1]).toMatchObject({ type: "fill", makerId: 2 });
  });

  it("loadResting refuses a crossed book, duplicates and malformed orders, changing nothing", () => {
    const engine = new MatchingEngine();
    engine.loadResting([{ id: 1, owner: 1, side: "buy", price: 10, qty: 1, priority: 1 }]);
    const ok = { id: 2, owner: 1, side: "sell" as const, price: 11, qty: 1, priority: 2 };
    expect(() => engine.loadResting([ok, { ...ok, id: 3, price: 10 }])).toThrow(/cross/);
    expect(() => engine.loadResting([ok, { ...ok }])).toThrow(/duplicate/);
    expect(() => engine.loadResting([{ ...ok, id: 1 }])).toThrow(/duplicate/);
    expect(() => engine.loadResting([ok, { ...ok, id: 4, qty: 0 }])).toThrow(/malformed/);
    expect(() => engine.loadResting([{ ...ok, qty: 5, origQty: 4 }])).toThrow(/malformed/);
    expect(engine.restingCount).toBe(1);
    engine.loadResting([ok]);
    expect(engine.restingCount).toBe(2);

    // The linear path (an empty book, orders in book order) undoes itself too.
    const empty = new MatchingEngine();
    const asks = [ok, { ...ok, id: 5, price: 12, priority: 3 }, { ...ok, price: 13, priority: 4 }];
    expect(() => empty.loadResting(asks)).toThrow(/duplicate/);
    expect(empty.restingCount).toBe(0);
    expect(empty.bestAsk()).toBeNull();
    expect(() =>
      empty.loadResting([
        { ...ok, id: 7, side: "buy", price: 11 },
        { ...ok, id: 8 },
      ]),
    ).toThrow(/cross/);
    expect(() =>
      empty.loadResting([
        { ...ok, id: 7, side: "buy", price: 9 },
        { ...ok, id: 8, qty: 1.5 },
      ]),
    ).toThrow(/malformed/);
    expect(empty.restingCount).toBe(0);
    expect(empty.bestBid()).toBeNull();
    empty.loadResting(asks.slice(0, 2));
    expect(empty.resting().map((o) => o.id)).toEqual([2, 5]);
  });

  it("rebuilds 10,000 resting orders quickly", () => {
    const orders = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      owner: i % 97,
      side: i % 2 === 0 ? ("buy" as const) : ("sell" as const),
      price: i % 2 === 0 ? 10_000 - (i % 1500) : 10_001 + (i % 1500),
      qty: 1 + (i % 50),
      priority: 10_000 - i,
    }));
    const engine = new MatchingEngine();
    const t0 = performance.now();
    engine.loadResting(orders);
    const ms = performance.now() - t0;
    expect(engine.restingCount).toBe(10_000);
    expect(ms).toBeLessThan(250); // the bench measures the real figure; this only guards against a blow-up
  });
});
