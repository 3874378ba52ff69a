import { describe, expect, it } from "vitest";
import { RateWindow } from "../../durable/common/rate-window.ts";

describe("RateWindow: a per-key limit in an object's memory", () => {
  it("lets `limit` hits through per window, refuses the next with the seconds left, and opens again at the next window", () => {
    const w = new RateWindow(3, 10_000);
    expect([0, 1, 2].map(() => w.hit(7, 20_000))).toEqual([0, 0, 0]);
    expect(w.hit(7, 20_001)).toBe(10);
    expect(w.hit(7, 29_999)).toBe(1);
    expect(w.hit(8, 29_999)).toBe(0); // another key is not affected
    expect(w.hit(7, 30_000)).toBe(0);
  });

  it("a refused hit does not count towards the next window", () => {
    const w = new RateWindow(1, 1_000);
    expect([w.hit("a", 0), w.hit("a", 1), w.hit("a", 2), w.hit("a", 1_000), w.hit("a", 1_001)]).toEqual([0, 1, 1, 0, 1]);
  });
});
