import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Direction, type Trigger, TriggerLadder } from "../../durable/contract/ladder.ts";

/** The naive model: every trigger in a list, each tick scans them all. */
function scan(triggers: Map<string, Trigger>, price: number): string[] {
  const hit = [...triggers.values()].filter((t) => (t.direction === "down" ? price <= t.level : price >= t.level));
  for (const t of hit) triggers.delete(t.key);
  return hit.map((t) => t.key).sort();
}

describe("trigger ladder", () => {
  it("fires a down trigger at or below its level and an up trigger at or above, once", () => {
    const ladder = new TriggerLadder();
    ladder.set({ key: "1:liq", level: 9000, direction: "down" });
    ladder.set({ key: "1:tp", level: 11000, direction: "up" });
    ladder.set({ key: "2:sl", level: 9500, direction: "down" });
    expect(ladder.cross(10000)).toEqual([]);
    expect(ladder.cross(9500).map((t) => t.key)).toEqual(["2:sl"]);
    expect(ladder.cross(8000).map((t) => t.key)).toEqual(["1:liq"]);
    expect(ladder.cross(8000)).toEqual([]);
    expect(ladder.cross(12000).map((t) => t.key)).toEqual(["1:tp"]);
    expect(ladder.size).toBe(0);
  });

  it("fires in the order the price path meets the levels, ties by key", () => {
    const ladder = new TriggerLadder();
    ladder.load([
      { key: "b", level: 90, direction: "down" },
      { key: "a", level: 90, direction: "down" },
      { key: "c", level: 95, direction: "down" },
      { key: "d", level: 80, direction: "down" },
    ]);
    expect(ladder.cross(85).map((t) => t.key)).toEqual(["c", "a", "b"]);
  });

  it("a bulk load that names one key twice keeps the last and stays in order", () => {
    const ladder = new TriggerLadder();
    ladder.load([
      { key: "k0", level: 0, direction: "down" },
      { key: "k1", level: 0, direction: "down" },
      { key: "k0", level: 5, direction: "down" },
    ]);
    expect(ladder.size).toBe(2);
    expect(ladder.cross(3).map((t) => t.key)).toEqual(["k0"]);
    expect(ladder.remove("k1")).toBe(true);
  });

  it("replacing a key moves its level; removing it stops it firing", () => {
    const ladder = new TriggerLadder();
    ladder.set({ key: "x", level: 100, direction: "up" });
    ladder.set({ key: "x", level: 200, direction: "up" });
    expect(ladder.cross(150)).toEqual([]);
    expect(ladder.remove("x")).toBe(true);
    expect(ladder.cross(250)).toEqual([]);
    expect(ladder.remove("x")).toBe(false);
  });

  it("fires exactly what a scan of every trigger fires, over random sets, edits and price paths", () => {
    type Op =
      { kind: "set"; key: number; level: number; direction: Direction } | { kind: "remove"; key: number } | { kind: "tick"; price: number };
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        key: fc.integer({ min: 0, max: 40 }),
        level: fc.integer({ min: 0, max: 60 }),
        direction: fc.constantFrom<Direction>("down", "up"),
      }),
      fc.record({ kind: fc.constant("remove" as const), key: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant("tick" as const), price: fc.integer({ min: 0, max: 60 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.boolean(), (ops: Op[], bulk) => {
        const ladder = new TriggerLadder();
        const model = new Map<string, Trigger>();
        const initial = ops.filter((o) => o.kind === "set").slice(0, 10);
        if (bulk) {
          const ts = initial.map((o) => ({ key: `k${o.key}`, level: o.level, direction: o.direction }));
          ladder.load(ts);
          for (const t of ts) model.set(t.key, t);
        }
        for (const o of ops) {
          if (o.kind === "set") {
            const t = { key: `k${o.key}`, level: o.level, direction: o.direction };
            ladder.set(t);
            model.set(t.key, t);
          } else if (o.kind === "remove") {
            expect(ladder.remove(`k${o.key}`)).toBe(model.delete(`k${o.key}`));
          } else {
            expect(
              ladder
                .cross(o.price)
                .map((t) => t.key)
                .sort(),
            ).toEqual(scan(model, o.price));
          }
          expect(ladder.size).toBe(model.size);
        }
      }),
      { numRuns: 500 },
    );
  });
});
