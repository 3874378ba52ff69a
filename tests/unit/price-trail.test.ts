import { describe, expect, it } from "vitest";
import { nodeSql } from "../../bench/lib/node-sql.ts";
import { PriceTrail } from "../../durable/common/trail.ts";
import { TRAIL_KEEP_MS, TRAIL_MAX_AGE_MS } from "../../schema/api/trail.ts";
import { priceInEffect, type TrailPoint } from "../../worker/domain/trail/in-effect.ts";

const T0 = 1_790_000_000_000;
const pt = (dt: number, ticks: number): TrailPoint => ({ time: T0 + dt, ticks, source: "simulator" });

describe("the price in effect at an instant", () => {
  const points = [pt(4_000, 103), pt(0, 101), pt(2_000, 102)];

  it("is the latest entry at or before the instant, in whatever order the entries come", () => {
    expect(priceInEffect(points, T0 + 2_000)).toEqual(pt(2_000, 102));
    expect(priceInEffect(points, T0 + 3_999)).toEqual(pt(2_000, 102));
    expect(priceInEffect(points, T0 + 4_000)).toEqual(pt(4_000, 103));
  });

  it("is none before the first entry", () => {
    expect(priceInEffect(points, T0 - 1)).toBeNull();
    expect(priceInEffect([], T0)).toBeNull();
  });

  it("lasts exactly TRAIL_MAX_AGE_MS after its time, then the trail is stale", () => {
    expect(TRAIL_MAX_AGE_MS).toBe(10_000);
    expect(priceInEffect(points, T0 + 4_000 + TRAIL_MAX_AGE_MS)).toEqual(pt(4_000, 103));
    expect(priceInEffect(points, T0 + 4_001 + TRAIL_MAX_AGE_MS)).toBeNull();
  });

  it("agrees with the trail's own look-up on SQLite for every instant around random ticks", () => {
    const trail = new PriceTrail(nodeSql());
    const list: TrailPoint[] = [];
    let t = T0;
    for (let i = 0; i < 300; i++) {
      t += 1 + ((i * 7919) % 14_000); // gaps 1 ms .. 14 s, some longer than the maximum age
      const p = { time: t, ticks: 1000 + ((i * 31) % 97), source: i % 2 ? "binance" : "simulator" };
      trail.record(p.time, p.ticks, p.source);
      list.push(p);
    }
    for (let probe = T0 - 5_000; probe <= t + 15_000; probe += 997) expect(trail.at(probe)).toEqual(priceInEffect(list, probe));
  });
});

describe("the price trail store", () => {
  it("reads a window oldest first, bounded by a limit, and prunes what is older than TRAIL_KEEP_MS", () => {
    const trail = new PriceTrail(nodeSql());
    for (let i = 0; i < 10; i++) trail.record(T0 + i * 2_000, 500 + i, "simulator");
    expect(trail.range(T0 + 2_000, T0 + 8_000, 100).map((p) => p.ticks)).toEqual([501, 502, 503, 504]);
    expect(trail.range(T0, T0 + 100_000, 3).map((p) => p.ticks)).toEqual([500, 501, 502]);
    trail.prune(T0 + 6_000 + TRAIL_KEEP_MS);
    expect(trail.range(0, T0 + 100_000, 100).map((p) => p.ticks)).toEqual([503, 504, 505, 506, 507, 508, 509]);
  });

  it("keeps the later of two ticks in the same millisecond", () => {
    const trail = new PriceTrail(nodeSql());
    trail.record(T0, 10, "simulator");
    trail.record(T0, 11, "binance");
    expect(trail.range(T0, T0, 10)).toEqual([{ time: T0, ticks: 11, source: "binance" }]);
  });
});
