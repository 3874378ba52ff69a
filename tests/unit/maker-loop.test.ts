import { describe, expect, it } from "vitest";
import { BTC_USDT } from "../../bench/lib/market-config.ts";
import { nodeSql } from "../../bench/lib/node-sql.ts";
import { MarketCore } from "../../durable/spot/core.ts";
import { MakerLoop } from "../../durable/spot/maker-loop.ts";
import { MarketStore } from "../../durable/spot/store.ts";
import type { MarketConfig } from "../../worker/domain/markets/config.ts";
import { OrderIds } from "../../worker/domain/markets/ids.ts";
import type { Committed, NewOrder } from "../../worker/domain/markets/steps.ts";

const MAKER = 7;
const config: MarketConfig = { ...BTC_USDT, maker: { userId: MAKER, levels: 3, step: "0.0005", qty: "0.05" } };

/** A maker loop over a real market core whose hold writes wait until the test lets them finish. */
function setup() {
  const core = new MarketCore({ config, store: new MarketStore(nodeSql()), now: () => 1 });
  core.start();
  const pending: { orders: NewOrder[]; finish: (c: Committed) => void }[] = [];
  const loop = new MakerLoop({
    core,
    ids: () => ids,
    commit: (_m, orders) => new Promise<Committed>((finish) => pending.push({ orders, finish })),
    onError: (err) => {
      throw err;
    },
  });
  const ids = new OrderIds(config.id);
  /** Lets the oldest hold write finish, every level held. */
  const hold = async () => {
    const p = pending.shift()!;
    p.finish({ outcome: new Map(p.orders.map((o) => [o.id, "held"])), available: new Map() });
    await new Promise((r) => setTimeout(r, 0));
  };
  const prices = () => core.depth(10);
  return { loop, hold, prices, pending };
}

describe("market maker loop", () => {
  it("keeps its old quotes on the book until the new ones are held, then swaps them in one step", async () => {
    const { loop, hold, prices, pending } = setup();
    const first = loop.requote(9_500_000);
    await hold();
    await first;
    const before = prices();
    expect(before.bids).toHaveLength(3);
    expect(before.asks).toHaveLength(3);

    // The reference moves by several grid steps: every level is re-placed.
    const second = loop.requote(9_600_000);
    expect(pending).toHaveLength(1);
    // While the holds are being written, an order arriving finds the old ladder, not an empty book.
    expect(prices()).toEqual(before);
    await hold();
    await second;
    const after = prices();
    expect(after.bids).toHaveLength(3);
    expect(after.asks).toHaveLength(3);
    expect(after.bids[0]!.price).toBeGreaterThan(before.bids[0]!.price);
    expect(after.asks[0]!.price).toBeGreaterThan(before.asks[0]!.price);
  });

  it("withdraws every quote when the reference price goes away", async () => {
    const { loop, hold, prices } = setup();
    const first = loop.requote(9_500_000);
    await hold();
    await first;
    await loop.requote(null);
    expect(prices()).toEqual({ bids: [], asks: [] });
  });
});
