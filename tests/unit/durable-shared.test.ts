import { describe, expect, it } from "vitest";
import { BurstTimer } from "../../durable/common/burst-timer.ts";
import { PublishPacer } from "../../durable/common/publish-pacer.ts";
import { AlarmScheduler } from "../../durable/common/scheduler.ts";

/** A clock and timers the test moves by hand. */
function fakeTime() {
  let now = 1_000;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
    /** Moves to `t`, running every timer due by then in order. */
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
    pending: () => timers.length,
  };
}

describe("AlarmScheduler: one alarm, many due tasks", () => {
  it("arms the one alarm for the soonest task, never earlier than now + 1 ms", () => {
    const armed: number[] = [];
    let now = 100;
    const s = new AlarmScheduler<"a" | "b">({ setAlarm: (at) => void armed.push(at) }, { now: () => now });
    s.at("a", 500);
    s.at("b", 300);
    s.at("a", 900); // later than already due: ignored
    expect(armed).toEqual([500, 300]);
    expect(s.next()).toBe(300);
    const later: number[] = [];
    const fresh = new AlarmScheduler<"b">({ setAlarm: (at) => void later.push(at) }, { now: () => 400 });
    fresh.at("b", 50); // in the past: armed just after now
    expect(later).toEqual([401]);
  });

  it("fire() runs what is due soonest first, keeps going past a failing task, retries it, and re-arms once", async () => {
    const armed: number[] = [];
    let now = 0;
    const s = new AlarmScheduler<"drain" | "feed" | "reconcile">(
      { setAlarm: (at) => void armed.push(at) },
      { now: () => now, retryMs: 500 },
    );
    s.at("feed", 20);
    s.at("drain", 10);
    s.at("reconcile", 1_000);
    now = 25;
    armed.length = 0;
    const ran: string[] = [];
    const errors: string[] = [];
    await s.fire(
      async (task) => {
        ran.push(task);
        if (task === "drain") throw new Error("D1 down");
        if (task === "feed") s.at("feed", now + 2_000); // arming inside the handler waits for its end
      },
      (task, err) => errors.push(`${task}: ${String(err)}`),
    );
    expect(ran).toEqual(["drain", "feed"]);
    expect(errors).toEqual(["drain: Error: D1 down"]);
    // The failed drain did not arm itself: it is due again after retryMs, and the one alarm is armed for it.
    expect(armed).toEqual([525]);
    expect(s.next()).toBe(525);
  });

  it("fire() leaves a failed task's own retry alone (a backoff it set before throwing)", async () => {
    const armed: number[] = [];
    const s = new AlarmScheduler<"drain">({ setAlarm: (at) => void armed.push(at) }, { now: () => 100, retryMs: 500 });
    s.at("drain", 50);
    armed.length = 0;
    await s.fire(
      async () => {
        s.at("drain", 100 + 8_000);
        throw new Error("D1 down");
      },
      () => {},
    );
    expect(armed).toEqual([8_100]);
  });

  it("fire() also runs the tasks the object names whatever woke it (a pending outbox), once", async () => {
    const s = new AlarmScheduler<"drain" | "feed">({ setAlarm: () => {} }, { now: () => 50 });
    s.at("drain", 10);
    const ran: string[] = [];
    await s.fire(
      async (t) => void ran.push(t),
      () => {},
      ["drain", "feed"],
    );
    expect(ran).toEqual(["drain", "feed"]);
  });
});

describe("PublishPacer: at most one publish per interval, one at a time", () => {
  it("merges requests between publishes and keeps the interval", async () => {
    const t = fakeTime();
    const sent: number[] = [];
    const pacer = new PublishPacer({
      intervalMs: 100,
      maxGapMs: 1_000,
      now: t.now,
      setTimer: t.setTimer,
      publish: async () => (sent.push(t.now()), false),
    });
    pacer.request();
    pacer.request();
    await t.advance(1_000);
    pacer.request();
    await t.advance(1_050);
    pacer.request(); // merges into the publish due at 1 100
    await t.advance(1_150);
    pacer.request();
    await t.advance(1_500);
    expect(sent).toEqual([1_000, 1_100, 1_200]);
  });

  it("waits after a slow publish as long as it took (capped), so a slow room is busy at most half the time", async () => {
    const t = fakeTime();
    const sent: number[] = [];
    let slow = true;
    const pacer = new PublishPacer({
      intervalMs: 100,
      maxGapMs: 1_000,
      now: t.now,
      setTimer: t.setTimer,
      publish: async () => {
        sent.push(t.now());
        if (slow) {
          slow = false;
          await t.advance(t.now() + 300); // the fan-out took 300 ms
        }
        return false;
      },
    });
    pacer.request();
    await t.advance(1_000);
    pacer.request();
    await t.advance(2_000);
    expect(sent).toEqual([1_000, 1_600]);
  });

  it("a publish that fails (the room did not answer) is tried again at the usual pace", async () => {
    const t = fakeTime();
    const sent: number[] = [];
    let failures = 2;
    const pacer = new PublishPacer({
      intervalMs: 100,
      maxGapMs: 0,
      now: t.now,
      setTimer: t.setTimer,
      publish: async () => {
        sent.push(t.now());
        if (failures-- > 0) throw new Error("room unavailable");
        return false;
      },
    });
    pacer.request();
    await t.advance(2_000);
    expect(sent).toEqual([1_000, 1_100, 1_200]);
    expect(t.pending()).toBe(0);
  });
});

describe("BurstTimer: one run for a burst of pokes", () => {
  const timer = (t: ReturnType<typeof fakeTime>, patient: () => boolean, runs: number[]) =>
    new BurstTimer({ quietMs: 20, maxMs: 100, patient, fire: () => runs.push(t.now()), now: t.now, setTimer: t.setTimer });

  it("not patient (a quiet market): runs quietMs after the first poke, whatever follows", async () => {
    const t = fakeTime();
    const runs: number[] = [];
    const b = timer(t, () => false, runs);
    b.poke();
    await t.advance(1_010);
    b.poke();
    await t.advance(1_019);
    expect(runs).toEqual([]);
    await t.advance(1_020);
    expect(runs).toEqual([1_020]);
    b.poke(); // a new burst
    await t.advance(1_100);
    expect(runs).toEqual([1_020, 1_040]);
  });

  it("patient (a busy market): waits while pokes keep coming, at most maxMs after the first, and runs quietMs after the last", async () => {
    const t = fakeTime();
    const runs: number[] = [];
    const b = timer(t, () => true, runs);
    // A steady stream every 5 ms for 200 ms: a run every 100 ms.
    for (let at = 1_000; at < 1_200; at += 5) {
      await t.advance(at);
      b.poke();
    }
    await t.advance(1_250);
    expect(runs).toEqual([1_100, 1_200]);
    // A short burst: it runs 20 ms after its last poke, not 100 ms after its first.
    for (const at of [1_300, 1_305, 1_310]) {
      await t.advance(at);
      b.poke();
    }
    await t.advance(1_500);
    expect(runs).toEqual([1_100, 1_200, 1_330]);
    expect(t.pending()).toBe(0);
  });
});
