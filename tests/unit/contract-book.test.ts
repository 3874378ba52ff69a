import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BookPosition, ContractBook, type Fired, type Tick, type TriggerKind } from "../../durable/contract/book.ts";
import { type ContractTerms, type Side, liquidationPrice, opening } from "../../worker/domain/contracts/math.ts";
import { D } from "../../worker/domain/ledger/amounts.ts";

const TERMS: ContractTerms = {
  lotSize: "0.01",
  spread: "0.5",
  feeRate: "0.0005",
  overnightRate: "0.0003",
  hazardRate: "0.1",
  priceDecimals: 2,
  precision: 6,
};
const TICK = "0.01";
const price = (ticks: number) => new D(ticks).div(100).toFixed();

/** A holding position opened at `reference` (or an entrusted order waiting for `target`). */
function position(
  id: number,
  side: Side,
  opts: { lots?: number; multiple?: number; reference?: string; target?: string; tp?: string | null; sl?: string | null },
): BookPosition {
  const lots = opts.lots ?? 2;
  const multiple = opts.multiple ?? 10;
  const o = opening(TERMS, side, opts.target ?? opts.reference ?? "100", lots, multiple);
  const entrusted = opts.target !== undefined;
  return {
    id,
    userId: 100 + (id % 3),
    side,
    status: entrusted ? 0 : 1,
    lots,
    multiple,
    quantity: o.quantity,
    marginUnits: o.marginUnits,
    spread: TERMS.spread,
    hazardRate: TERMS.hazardRate,
    targetPrice: opts.target ?? "",
    openPrice: entrusted ? "" : o.openPrice,
    liqPrice: entrusted ? "" : liquidationPrice(TERMS, side, o.openPrice, o.quantity, o.marginUnits),
    takeProfit: opts.tp ?? null,
    stopLoss: opts.sl ?? null,
  };
}

/** The naive model: every tick looks at every position, as the rules read. */
function naive(list: { position: BookPosition; since: number }[], ticks: readonly Tick[]): Fired[] {
  const live = new Map(list.map(({ position: p, since }) => [p.id, { ...p, since }]));
  const out: Fired[] = [];
  for (const tick of ticks) {
    const at = new D(tick.price);
    for (let again = true; again;) {
      again = false;
      for (const p of [...live.values()]) {
        if (p.since >= tick.time) continue;
        if (p.status === 0) {
          if (p.side === 1 ? at.lte(p.targetPrice) : at.gte(p.targetPrice)) {
            const o = opening(TERMS, p.side, tick.price, p.lots, p.multiple);
            Object.assign(p, {
              status: 1,
              openPrice: o.openPrice,
              liqPrice: liquidationPrice(TERMS, p.side, o.openPrice, p.quantity, p.marginUnits),
              since: tick.time - 1,
            });
            out.push({ id: p.id, userId: p.userId, kind: "entry", price: tick.price, at: tick.time });
            again = true;
          }
          continue;
        }
        // Which of its levels the price reached; the first the path meets wins. Prices move on the tick grid, so a level is
        // met at its grid price (a falling trigger's rounded down, a rising one's up); at one grid price a stop-loss fires
        // before the liquidation (the holder keeps what the close leaves of the margin).
        const up = (level: string | null) => level !== null && at.gte(level);
        const down = (level: string | null) => level !== null && at.lte(level);
        const liq = p.side === 1 && p.liqPrice === "0" ? null : p.liqPrice;
        const reached: { kind: TriggerKind; level: string; dir: "up" | "down" }[] = [];
        const tpDir = p.side === 1 ? "up" : "down";
        const slDir = p.side === 1 ? "down" : "up";
        if (p.takeProfit !== null && (tpDir === "up" ? up : down)(p.takeProfit))
          reached.push({ kind: "take_profit", level: p.takeProfit, dir: tpDir });
        if (p.stopLoss !== null && (slDir === "up" ? up : down)(p.stopLoss))
          reached.push({ kind: "stop_loss", level: p.stopLoss, dir: slDir });
        if (liq !== null && (slDir === "up" ? up : down)(liq)) reached.push({ kind: "liquidation", level: liq, dir: slDir });
        if (reached.length === 0) continue;
        const grid = (r: { level: string; dir: "up" | "down" }) =>
          new D(r.level).toDecimalPlaces(2, r.dir === "down" ? D.ROUND_FLOOR : D.ROUND_CEIL);
        reached.sort((a, b) => {
          const c = grid(a).cmp(grid(b));
          if (c !== 0) return a.dir === "down" ? -c : c;
          return a.kind === "liquidation" ? 1 : b.kind === "liquidation" ? -1 : 0;
        });
        out.push({ id: p.id, userId: p.userId, kind: reached[0]!.kind, price: tick.price, at: tick.time });
        live.delete(p.id);
      }
    }
  }
  return out;
}

const byEvent = (a: Fired, b: Fired) => a.at - b.at || a.id - b.id || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);

describe("contract book", () => {
  it("fires a long's take-profit at the first tick at or above it, with that tick's price and time", () => {
    const book = new ContractBook(TICK, TERMS);
    book.upsert(position(1, 1, { reference: "100", tp: "105", sl: "95" }), 0);
    expect(book.evaluate([{ time: 1, price: "104.99" }])).toEqual([]);
    expect(book.evaluate([{ time: 2, price: "105.2" }])).toEqual([{ id: 1, userId: 101, kind: "take_profit", price: "105.2", at: 2 }]);
    expect(book.size).toBe(0);
    expect(book.triggers).toBe(0);
  });

  it("liquidates a short at its liquidation price, and its stop-loss when that comes first", () => {
    const book = new ContractBook(TICK, TERMS);
    const a = position(1, 2, { reference: "100" });
    const b = position(2, 2, { reference: "100", sl: "102" });
    expect(a.liqPrice).toBe("108.45");
    book.load([
      { position: a, since: 0 },
      { position: b, since: 0 },
    ]);
    expect(book.evaluate([{ time: 5, price: "110" }])).toEqual([
      { id: 2, userId: 102, kind: "stop_loss", price: "110", at: 5 },
      { id: 1, userId: 101, kind: "liquidation", price: "110", at: 5 },
    ]);
  });

  it("activates a limit entry and closes it on the same tick when that tick is already beyond its stop-loss", () => {
    const book = new ContractBook(TICK, TERMS);
    book.upsert(position(7, 1, { target: "99", sl: "98" }), 0);
    const fired = book.evaluate([{ time: 3, price: "97.5" }]);
    expect(fired.map((f) => f.kind)).toEqual(["entry", "stop_loss"]);
  });

  it("never fires on a tick at or before the position's own time", () => {
    const book = new ContractBook(TICK, TERMS);
    book.upsert(position(1, 1, { reference: "100", tp: "101" }), 10);
    expect(book.evaluate([{ time: 10, price: "102" }])).toEqual([]);
    expect(book.evaluate([{ time: 11, price: "102" }]).map((f) => f.kind)).toEqual(["take_profit"]);
  });

  it("agrees with the naive model over random price paths, evaluated in any chunking", () => {
    const side = fc.constantFrom<Side>(1, 2);
    const pos = fc.record({
      side,
      entrusted: fc.boolean(),
      lots: fc.integer({ min: 1, max: 9 }),
      multiple: fc.constantFrom(2, 5, 10, 20, 50),
      at: fc.integer({ min: 9_000, max: 11_000 }),
      tp: fc.option(fc.integer({ min: 1, max: 1_500 })),
      sl: fc.option(fc.integer({ min: 1, max: 1_500 })),
      since: fc.integer({ min: -1, max: 30 }),
    });
    fc.assert(
      fc.property(
        fc.array(pos, { minLength: 1, maxLength: 25 }),
        fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 40 }),
        (specs, steps, chunks) => {
          const list = specs.map((s, i) => {
            const level = price(s.at);
            const sign = s.side === 1 ? 1 : -1;
            const tp = s.tp === null ? null : price(s.at + sign * (s.tp + 60));
            const sl = s.sl === null ? null : price(s.at - sign * (s.sl + 60));
            const p = s.entrusted
              ? position(i + 1, s.side, { lots: s.lots, multiple: s.multiple, target: level, tp, sl })
              : position(i + 1, s.side, { lots: s.lots, multiple: s.multiple, reference: level, tp, sl });
            return { position: p, since: s.since };
          });
          let at = 10_000;
          const ticks = steps.map((d, i) => {
            at = Math.max(1, at + d);
            return { time: i + 1, price: price(at) };
          });
          const book = new ContractBook(TICK, TERMS);
          book.load(list);
          const fired: Fired[] = [];
          for (let i = 0, c = 0; i < ticks.length; c++) {
            const n = chunks[c % chunks.length]!;
            fired.push(...book.evaluate(ticks.slice(i, i + n)));
            i += n;
          }
          const expected = naive(list, ticks);
          expect([...fired].sort(byEvent)).toEqual([...expected].sort(byEvent));
          const closed = new Set(expected.filter((f) => f.kind !== "entry").map((f) => f.id));
          expect(book.size).toBe(list.length - closed.size);
        },
      ),
      {
        numRuns: 300,
        // Found by a longer run: a 20x long whose stop-loss and liquidation meet the same grid price in one tick.
        examples: [
          [
            [
              { side: 1, entrusted: false, lots: 1, multiple: 20, at: 10262, tp: null, sl: 354, since: 0 },
              { side: 1, entrusted: false, lots: 1, multiple: 2, at: 9000, tp: null, sl: null, since: 0 },
            ],
            [-137, -15],
            [1],
          ],
        ],
      },
    );
  });
});
