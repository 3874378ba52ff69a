import { afterEach, describe, expect, it } from "vitest";
import { nodeSql } from "../../bench/lib/node-sql.ts";
import { OrderIntake, type IntakeDeps } from "../../durable/spot/intake.ts";
import { MarketStore } from "../../durable/spot/store.ts";
import { OrderIds, madeBy } from "../../worker/domain/markets/ids.ts";
import { balanceKey, type Committed, type NewOrder } from "../../worker/domain/markets/steps.ts";

/**
 * The order intake against a fake ledger: balances per owner, holds written in
 * batches, and a switch that makes D1 fail. What matters: a caller is answered at
 * once only when the last-read balance covers the order; nothing reaches the book
 * before its hold is written; one short balance does not sink the rest of a batch;
 * answered orders survive a failed write and a restart.
 *
 * The intake catches what its dependencies throw and hands it to onError, so the
 * fake ledger never asserts inside them: it records every broken rule in
 * `violations` and every reported error in `errors`, and each test ends by checking
 * both (see afterEach).
 */

const USDT = 3;
let nextId = 1;
const order = (owner: number, units: number): NewOrder => ({
  id: nextId++,
  owner,
  side: "buy",
  type: "limit",
  price: 100,
  qty: 1,
  tif: "GTC",
  postOnly: false,
  budget: 0,
  hold: `h${nextId}`,
  holdUnits: units,
  createdAt: 0,
  priceText: "1",
  amountText: "1",
  holdCurrency: USDT,
});

/** Every harness made by the running test; afterEach checks each one's record. */
let harnesses: { log: { violations: string[]; errors: string[]; expectedErrors: string[] } }[] = [];

function harness(balances: Record<number, number>) {
  const store = new MarketStore(nodeSql());
  store.init();
  const ledger = new Map(Object.entries(balances).map(([k, v]) => [Number(k), v]));
  const held = new Set<number>();
  const log = {
    batches: [] as number[][],
    placed: [] as number[],
    refused: [] as number[],
    down: false,
    /** Placements that fail as if the object's storage threw (one per order placed until it reaches zero). */
    placeFailures: 0,
    /** Broken rules: an order placed before its hold was written, placed twice, or refused with its hold written. */
    violations: [] as string[],
    /** Messages of the errors the intake reported through onError. */
    errors: [] as string[],
    /** What this test expects in `errors`, in order (a test that breaks D1 on purpose says so). */
    expectedErrors: [] as string[],
  };
  const timers: (() => void)[] = [];
  const deps: IntakeDeps = {
    store,
    async commit(list) {
      if (log.down) throw new Error("D1 unavailable");
      log.batches.push(list.map((o) => o.id));
      const out: Committed = { outcome: new Map(), available: new Map() };
      for (const o of list) {
        if (held.has(o.id)) {
          out.outcome.set(o.id, "held");
          continue;
        }
        const have = ledger.get(o.owner) ?? 0;
        if (have >= o.holdUnits) {
          ledger.set(o.owner, have - o.holdUnits);
          held.add(o.id);
          out.outcome.set(o.id, "held");
        } else out.outcome.set(o.id, "insufficient");
        out.available.set(balanceKey(o.owner, o.holdCurrency), ledger.get(o.owner) ?? 0);
      }
      return out;
    },
    place: (o) => {
      if (!held.has(o.id)) log.violations.push(`order ${o.id} placed before its hold was written`);
      if (log.placed.includes(o.id)) log.violations.push(`order ${o.id} placed twice`);
      if (log.placeFailures > 0) {
        log.placeFailures--;
        throw new Error("storage unavailable");
      }
      log.placed.push(o.id);
    },
    refuse: (o) => {
      if (held.has(o.id)) log.violations.push(`order ${o.id} refused although its hold was written`);
      log.refused.push(o.id);
    },
    later: (fn) => timers.push(fn),
    onError: (err) => log.errors.push(err instanceof Error ? err.message : String(err)),
  };
  const intake = new OrderIntake(deps);
  const submit = (o: NewOrder) => {
    store.addIntake(o.id, JSON.stringify(o));
    return intake.submit(o);
  };
  const h = { store, ledger, log, intake, deps, submit, runTimers: () => timers.splice(0).forEach((fn) => fn()) };
  harnesses.push(h);
  return h;
}

afterEach(() => {
  const made = harnesses;
  harnesses = [];
  for (const h of made) {
    expect(h.log.violations).toEqual([]);
    expect(h.log.errors).toEqual(h.log.expectedErrors);
  }
});

describe("order intake (group commit)", () => {
  it("a first order waits for its hold; later ones the balance covers are answered at once and written together", async () => {
    const h = harness({ 1: 1_000 });
    const first = h.submit(order(1, 100));
    expect(first).not.toBeNull();
    await h.intake.flush();
    expect(await first).toBe("held");
    // The object now knows 900 are available: three orders of 100 are answered without waiting.
    const answers = [order(1, 100), order(1, 100), order(1, 100)].map((o) => h.submit(o));
    expect(answers).toEqual([null, null, null]);
    await h.intake.flush();
    expect(h.log.batches.at(-1)).toHaveLength(3);
    expect(h.log.placed).toHaveLength(4);
    expect(h.store.intakeSize()).toBe(0);
    expect(h.ledger.get(1)).toBe(600);
  });

  it("an order the last-read balance does not cover waits, and gets a synchronous refusal", async () => {
    const h = harness({ 1: 150 });
    await Promise.all([h.submit(order(1, 100)), h.intake.flush()]);
    const short = h.submit(order(1, 100));
    expect(short).not.toBeNull();
    await h.intake.flush();
    expect(await short).toBe("insufficient");
    expect(h.log.refused).toEqual([]); // the caller was told; nothing to record
    expect(h.log.placed).toHaveLength(1);
  });

  it("one short balance does not sink the other orders of its batch", async () => {
    const h = harness({ 1: 1_000, 2: 1_000 });
    await Promise.all([h.submit(order(1, 1)), h.submit(order(2, 1)), h.intake.flush()]);
    // Owner 2 spends elsewhere; the object still believes 999 are there.
    h.ledger.set(2, 0);
    const a = order(1, 100);
    const b = order(2, 100);
    const c = order(1, 100);
    expect([h.submit(a), h.submit(b), h.submit(c)]).toEqual([null, null, null]);
    await h.intake.flush();
    expect(h.log.placed.slice(-2)).toEqual([a.id, c.id]);
    expect(h.log.refused).toEqual([b.id]);
    // The stale belief is dropped: owner 2's next order waits for the ledger.
    expect(h.submit(order(2, 1))).not.toBeNull();
  });

  it("while D1 fails, waiting callers get the error, but no order is dropped: each is retried and placed or refused once", async () => {
    const h = harness({ 1: 1_000 });
    h.log.expectedErrors = ["D1 unavailable"];
    const first = order(1, 1);
    await Promise.all([h.submit(first), h.intake.flush()]);
    h.log.down = true;
    const answered = order(1, 10);
    expect(h.submit(answered)).toBeNull();
    const waitingOrder = order(2, 10);
    const waiting = h.submit(waitingOrder)!;
    const failed = expect(waiting).rejects.toThrow("D1 unavailable");
    await h.intake.flush();
    await failed;
    expect(h.store.intake().map((b) => (JSON.parse(b) as NewOrder).id)).toEqual([answered.id, waitingOrder.id]);
    h.log.down = false;
    h.runTimers();
    await h.intake.idle();
    // Owner 2 has no money: after the retry the ledger refuses the order and its owner is told; owner 1's is placed.
    expect(h.log.placed).toEqual([first.id, answered.id]);
    expect(h.log.refused).toEqual([waitingOrder.id]);
    expect(h.ledger.get(1)).toBe(989);
    expect(h.store.intakeSize()).toBe(0);
  });

  it("a write whose answer was lost (D1 wrote the hold, then failed) is retried and places the order exactly once", async () => {
    const h = harness({ 1: 1_000 });
    h.log.expectedErrors = ["network lost after commit"];
    const commit = h.deps.commit;
    let lose = true;
    h.deps.commit = async (list) => {
      const out = await commit(list);
      if (lose) {
        lose = false;
        throw new Error("network lost after commit");
      }
      return out;
    };
    const o = order(1, 10);
    const waiting = h.submit(o)!;
    const failed = expect(waiting).rejects.toThrow("network lost after commit");
    await h.intake.flush();
    await failed;
    h.runTimers();
    await h.intake.idle();
    expect(h.log.placed).toEqual([o.id]);
    expect(h.ledger.get(1)).toBe(990);
    expect(h.store.intakeSize()).toBe(0);
  });

  it("orders stored before a restart are written and placed once, even when their hold was already written", async () => {
    const h = harness({ 1: 1_000 });
    const o = order(1, 10);
    h.store.addIntake(o.id, JSON.stringify(o));
    // The previous life wrote the hold, then stopped before placing.
    await h.deps.commit([o]);
    const again = new OrderIntake(h.deps);
    again.restore();
    await again.idle();
    expect(h.log.placed).toEqual([o.id]);
    expect(h.ledger.get(1)).toBe(990);
    expect(h.store.intakeSize()).toBe(0);
  });
  it("when the object's storage fails while placing, the order stays in intake and the next start places it once", async () => {
    const h = harness({ 1: 1_000 });
    h.log.expectedErrors = ["storage unavailable"];
    h.log.placeFailures = 1;
    const o = order(1, 10);
    const waiting = h.submit(o)!;
    await h.intake.flush();
    // The hold is written, so the caller's order stands; only the book did not get it yet.
    expect(await waiting).toBe("held");
    expect(h.log.placed).toEqual([]);
    expect(h.store.intake().map((b) => (JSON.parse(b) as NewOrder).id)).toEqual([o.id]);
    const again = new OrderIntake(h.deps);
    again.restore();
    await again.idle();
    expect(h.log.placed).toEqual([o.id]);
    expect(h.log.batches).toEqual([[o.id], [o.id]]);
    expect(h.ledger.get(1)).toBe(990);
    expect(h.store.intakeSize()).toBe(0);
  });
});

describe("order intake carried by the market's settlement pass", () => {
  it("the pass writes the queue in its own batch: held orders reach the book once, and the intake writes nothing meanwhile", async () => {
    const h = harness({ 1: 1_000 });
    await Promise.all([h.submit(order(1, 1)), h.intake.flush()]);
    const answered = [order(1, 10), order(1, 10)];
    expect(answered.map((o) => h.submit(o))).toEqual([null, null]);
    const carried = h.intake.carry()!;
    expect(carried.orders.map((o) => o.id)).toEqual(answered.map((o) => o.id));
    // One write at a time: no second batch, and a flush waits for the carried one instead of writing.
    expect(h.intake.carry()).toBeNull();
    const late = order(1, 10);
    expect(h.submit(late)).toBeNull();
    const flushed = h.intake.flush();
    expect(h.log.batches).toHaveLength(1);
    carried.done(await h.deps.commit(carried.orders));
    await flushed;
    expect(h.log.placed.slice(1)).toEqual(answered.map((o) => o.id));
    expect(h.intake.has(late.id)).toBe(true);
    await h.intake.idle();
    expect(h.log.placed.at(-1)).toBe(late.id);
    expect(h.store.intakeSize()).toBe(0);
  });

  it("a carried batch whose outcome is unknown is queued again and placed exactly once", async () => {
    const h = harness({ 1: 1_000 });
    h.log.expectedErrors = ["answer lost"];
    await Promise.all([h.submit(order(1, 1)), h.intake.flush()]);
    const o = order(1, 10);
    expect(h.submit(o)).toBeNull();
    const carried = h.intake.carry()!;
    await h.deps.commit(carried.orders); // written, but the pass never hears back
    carried.failed(new Error("answer lost"));
    carried.done({ outcome: new Map([[o.id, "held"]]), available: new Map() }); // a late report changes nothing
    expect(h.log.placed).not.toContain(o.id);
    h.runTimers();
    await h.intake.idle();
    expect(h.log.placed.filter((id) => id === o.id)).toHaveLength(1);
    expect(h.ledger.get(1)).toBe(989);
    expect(h.store.intakeSize()).toBe(0);
  });

  it("the intake's own flush is a net: it waits while passes keep carrying, and writes once they stop", async () => {
    const h = harness({ 1: 1_000 });
    await Promise.all([h.submit(order(1, 1)), h.intake.flush()]);
    expect(h.submit(order(1, 10))).toBeNull(); // arms the net
    const carried = h.intake.carry()!;
    carried.done(await h.deps.commit(carried.orders));
    const next = order(1, 10);
    expect(h.submit(next)).toBeNull();
    const batches = h.log.batches.length;
    h.runTimers(); // the net fires: a pass carried meanwhile, so it waits again
    await Promise.resolve();
    expect(h.log.batches).toHaveLength(batches);
    h.runTimers(); // no pass since: the intake writes the order itself
    await h.intake.idle();
    expect(h.log.batches).toHaveLength(batches + 1);
    expect(h.log.placed.at(-1)).toBe(next.id);
  });
});

describe("order ids", () => {
  it("grow strictly, stay unique across markets, and name the market that made them", () => {
    const a = new OrderIds(1);
    const b = new OrderIds(2);
    const now = Date.UTC(2026, 10, 22);
    const ids = [...Array.from({ length: 200 }, () => a.next(now)), ...Array.from({ length: 200 }, () => b.next(now))];
    expect(new Set(ids).size).toBe(400);
    const fromA = ids.slice(0, 200);
    expect(fromA.every((id, i) => i === 0 || id > fromA[i - 1]!)).toBe(true);
    expect(fromA.every((id) => madeBy(id, 1) && !madeBy(id, 2))).toBe(true);
    expect(ids.every(Number.isSafeInteger)).toBe(true);
    // After a restart the ids continue above the stored ones.
    const c = new OrderIds(1);
    c.seen(fromA.at(-1)!);
    expect(c.next(now)).toBeGreaterThan(fromA.at(-1)!);
  });
});
