import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import { expectInvariant } from "./money-helpers.ts";
import { USDT, balance, listed, marketStub, openHolds, seedMarkets, settle, trade, trader } from "./market-helpers.ts";

/**
 * The Market object's own storage failing while it accepts an order (POST /coin/trade): the caller gets an error and
 * nothing is left behind, neither in the object (intake, Idempotency-Key, book) nor in D1 (order row, hold), not even
 * after a restart; once storage works again the same request places exactly one order.
 */

const USDT_1 = 1_000_000;
type StoreMethod = "addIntake" | "putIdem";
type Inside = {
  core: {
    store: Record<StoreMethod, unknown> & { intake(): string[]; getIdem(owner: number, key: string): unknown };
    book(): { owner: number }[];
  };
};

/** Makes one method of the object's store throw, as SQLite does when its disk is full. */
const breakStorage = (method: StoreMethod) =>
  runInDurableObject(marketStub(), (instance: Market) => {
    (instance as unknown as Inside).core.store[method] = () => {
      throw new Error("SQLITE_FULL: database or disk is full");
    };
  });
const repairStorage = (method: StoreMethod) =>
  runInDurableObject(marketStub(), (instance: Market) => {
    delete (instance as unknown as Inside).core.store[method];
  });

/** What the object holds for an owner: queued orders, the Idempotency-Key's order, resting orders. */
const inObject = (owner: number, key: string) =>
  runInDurableObject(marketStub(), (instance: Market) => {
    const core = (instance as unknown as Inside).core;
    return {
      intake: core.store.intake().filter((body) => (JSON.parse(body) as { owner: number }).owner === owner),
      idem: core.store.getIdem(owner, key) ?? null,
      resting: core.book().filter((o) => o.owner === owner).length,
    };
  });

async function inD1(owner: number) {
  const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM spot_orders WHERE user_id = ?").bind(owner).first<{ n: number }>();
  return { orders: orders!.n, openHolds: await openHolds(owner), usdt: await balance(owner, USDT) };
}

const NOTHING_IN_OBJECT = { intake: [], idem: null, resting: 0 };
const ORDER = { side: "buy", amount: "0.001", price: "30000" } as const;

beforeAll(async () => {
  await seedMarkets();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a storage failure while the Market object accepts an order", () => {
  for (const method of ["addIntake", "putIdem"] as const) {
    it(`(${method} throws) answers 500 and leaves no order and no hold behind, even after a restart`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const u = await trader({ usdt: 1_000 * USDT_1 });
      const key = `k-${crypto.randomUUID()}`;
      await breakStorage(method);
      const res = await trade(u.token, ORDER, { "Idempotency-Key": key });
      await repairStorage(method);

      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ type: "error", code: "INTERNAL_ERROR" });
      await marketStub().idle();
      await settle();
      expect(await inObject(u.id, key)).toEqual(NOTHING_IN_OBJECT);
      expect(await inD1(u.id)).toEqual({ orders: 0, openHolds: 0, usdt: { available: 1_000 * USDT_1, locked: 0 } });

      // A restart finds nothing of it in the object's storage to write.
      await evictDurableObject(marketStub());
      await marketStub().idle();
      await settle();
      expect(await inObject(u.id, key)).toEqual(NOTHING_IN_OBJECT);
      expect(await inD1(u.id)).toEqual({ orders: 0, openHolds: 0, usdt: { available: 1_000 * USDT_1, locked: 0 } });

      // With storage back, the same request (same key) places one order, as a first request.
      const again = await trade(u.token, ORDER, { "Idempotency-Key": key });
      expect(again.status).toBe(200);
      expect(again.headers.get("Idempotent-Replayed")).toBeNull();
      await marketStub().idle();
      await settle();
      expect((await listed(u.token, "1")).map((o) => o.id)).toEqual([again.body.message.id]);
      expect(await inD1(u.id)).toEqual({ orders: 1, openHolds: 1, usdt: { available: 970 * USDT_1, locked: 30 * USDT_1 } });
      await expectInvariant();
    });
  }
});
