import { describe, expect, it } from "vitest";
import { type Accepted, AcceptGroup } from "../../durable/spot/accept.ts";
import type { NewOrder } from "../../worker/domain/markets/steps.ts";

const order = (id: number, owner: number): NewOrder => ({
  id,
  owner,
  side: "buy",
  type: "limit",
  price: 100,
  qty: 1,
  tif: "GTC",
  postOnly: false,
  budget: 0,
  hold: `h${id}`,
  holdUnits: 100,
  createdAt: 0,
  priceText: "1",
  amountText: "1",
  holdCurrency: 3,
});

function harness() {
  const writes: number[][] = [];
  const timers: (() => void)[] = [];
  let failing = false;
  const group = new AcceptGroup({
    write: (list: Accepted[]) => {
      if (failing) throw new Error("SQLITE_FULL");
      writes.push(list.map((a) => a.order.id));
    },
    later: (fn) => void timers.push(fn),
  });
  return { group, writes, run: () => timers.splice(0).forEach((fn) => fn()), fail: () => (failing = true) };
}

describe("accepted orders are stored a group at a time", () => {
  it("an order arriving while quiet is written at once; the ones following it in that turn are written together after it", async () => {
    const h = harness();
    const done: number[] = [];
    const stored = [order(1, 7), order(2, 8), order(3, 7)].map((o) => h.group.store({ order: o }).then(() => done.push(o.id)));
    expect(h.writes).toEqual([[1]]);
    await Promise.resolve();
    expect(done).toEqual([1]);
    h.run();
    await Promise.all(stored);
    expect(h.writes).toEqual([[1], [2, 3]]);
    expect(done).toEqual([1, 2, 3]);
    // Quiet again: the next order is written at once.
    const next = h.group.store({ order: order(4, 7) });
    expect(h.writes).toEqual([[1], [2, 3], [4]]);
    await next;
    h.run();
    expect(h.writes).toEqual([[1], [2, 3], [4]]);
  });

  it("a failed write fails every order of its group", async () => {
    const h = harness();
    h.fail();
    const a = h.group.store({ order: order(1, 7) });
    const b = h.group.store({ order: order(2, 8) });
    const c = h.group.store({ order: order(3, 9) });
    h.run();
    await expect(a).rejects.toThrow("SQLITE_FULL");
    await expect(b).rejects.toThrow("SQLITE_FULL");
    await expect(c).rejects.toThrow("SQLITE_FULL");
    expect(h.writes).toEqual([]);
  });

  it("finds an order waiting for its write by owner and Idempotency-Key, and forgets it once written", async () => {
    const h = harness();
    const first = h.group.store({ order: order(4, 9) });
    const stored = h.group.store({ order: order(5, 7), idem: { key: "k1", hash: "abc" } });
    const twin = h.group.waiting(7, "k1");
    expect(twin).toMatchObject({ hash: "abc", id: 5 });
    expect(h.group.waiting(8, "k1")).toBeUndefined();
    expect(h.group.waiting(7, "k2")).toBeUndefined();
    h.run();
    await Promise.all([first, stored, twin!.stored]);
    expect(h.group.waiting(7, "k1")).toBeUndefined();
  });
});
