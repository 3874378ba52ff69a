import { describe, expect, it } from "vitest";
import { OrderPushes } from "../../durable/spot/order-pushes.ts";

/** A clock and timers the test moves by hand. */
function fakeTime() {
  let now = 1_000;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
    async advance(to: number) {
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > to) break;
        timers.shift();
        now = Math.max(now, next.at);
        next.fn();
        await new Promise((r) => setTimeout(r, 0));
      }
      now = to;
    },
  };
}

describe("order pushes to user rooms", () => {
  it("sends the first change at once and merges the changes of the next interval into one send per interval", async () => {
    const t = fakeTime();
    const sent: { at: number; orders: [number, number][] }[] = [];
    const pushes = new OrderPushes({
      intervalMs: 200,
      now: t.now,
      setTimer: t.setTimer,
      send: async (touched) => void sent.push({ at: t.now(), orders: [...touched] }),
    });
    pushes.add(new Map([[11, 1]]));
    await t.advance(1_000);
    expect(sent).toEqual([{ at: 1_000, orders: [[11, 1]] }]);
    // Three drains within the interval: order 11 changes twice, 12 and 13 once; one send with each order once.
    pushes.add(new Map([[11, 1]]));
    pushes.add(
      new Map([
        [12, 2],
        [11, 1],
      ]),
    );
    pushes.add(new Map([[13, 2]]));
    await t.advance(1_150);
    expect(sent).toHaveLength(1);
    await t.advance(1_200);
    expect(sent[1]).toEqual({
      at: 1_200,
      orders: [
        [11, 1],
        [12, 2],
        [13, 2],
      ],
    });
    // Nothing changed since: nothing more is sent.
    pushes.add(new Map());
    await t.advance(2_000);
    expect(sent).toHaveLength(2);
  });
});
