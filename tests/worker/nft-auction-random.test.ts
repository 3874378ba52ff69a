import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { checkInvariant } from "../../worker/domain/ledger/index.ts";
import { api } from "./helpers.ts";
import { auctionItem, balance, bid, bidder, db, expire, lotOf, lotStub, payOrderOf, setHooks, U, USDT } from "./nft-auction-helpers.ts";

/**
 * Random auctions through the API with crashes injected around the settlement: whatever the bids, the crashes and
 * whether the winner pays or lets the deadline pass, every deposit hold ends exactly once (the winner's consumed by the
 * payment or forfeited to the seller, every other released), nothing stays locked, the seller receives exactly what
 * the outcome says and the ledger invariant holds. Replay a failure (its seed is in the message):
 *   VITE_NFT_AUCTION_SEED=<seed> npx vitest run --project worker tests/worker/nft-auction-random.test.ts
 */

/** A small seeded generator (mulberry32), so a failing run can be replayed from the printed seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const crash = (what: string) => () => {
  throw new Error(what);
};

describe("random auctions with crashes", () => {
  it("every deposit ends exactly once and the seller gets exactly the outcome's amount", async () => {
    const given = ((import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}).VITE_NFT_AUCTION_SEED;
    const seed = given ? Number(given) : Date.now() % 1_000_000;
    const next = rng(seed);
    const pick = (n: number) => Math.floor(next() * n);
    for (let round = 0; round < 4; round++) {
      const seller = await bidder(0);
      const users = await Promise.all(Array.from({ length: 2 + pick(3) }, () => bidder(1_000)));
      const item = await auctionItem(seller.id);
      const bids = pick(8);
      for (let i = 0; i < bids; i++) {
        const u = users[pick(users.length)]!;
        const res = await bid(u.token, item.code, String(5 + pick(4)));
        expect(res.status, `seed ${seed}`).toBe(200);
      }
      if (next() < 0.3) {
        const u = users[pick(users.length)]!;
        await api("/bind_box/marginNFT", { token: u.token, form: { code: item.code } });
      }
      const lot = await lotOf(item.id);
      if (!lot) continue;
      await expire(lot.id, item.id);
      // The end: sometimes a crash before D1, sometimes after, then the alarm (wake) again, twice.
      const mode = pick(3);
      if (mode > 0) await setHooks(lot.id, mode === 1 ? { beforeCommit: crash("before") } : { afterCommit: crash("after") });
      await lotStub(lot.id).wake();
      await setHooks(lot.id, {});
      await lotStub(lot.id).wake();
      await lotStub(lot.id).wake();
      const ended = (await lotOf(item.id))!;
      const deposits = await db().select().from(tables.nftLotDeposits).where(eq(tables.nftLotDeposits.lotId, lot.id)).all();
      let sellerGets = 0;
      let fee = 0;
      if (ended.leaderId === null) {
        expect(ended.status, `seed ${seed}`).toBe("unsold");
      } else {
        const order = (await payOrderOf(lot.id))!;
        const winner = users.find((u) => u.id === order.userId)!;
        if (next() < 0.5) {
          expect((await api("/bind_box/payNFTOrder", { token: winner.token, form: { id: String(order.id) } })).status).toBe(200);
          fee = Math.ceil((order.price * 25) / 1000);
          sellerGets = order.price - fee;
        } else {
          await db()
            .update(tables.nftPayOrders)
            .set({ overtime: Date.now() - 1 })
            .where(eq(tables.nftPayOrders.id, order.id));
          if (next() < 0.5) await setHooks(lot.id, { afterCommit: crash("after forfeit") });
          await lotStub(lot.id).wake();
          await setHooks(lot.id, {});
          await lotStub(lot.id).wake();
          sellerGets = order.deposit;
        }
      }
      // Every hold of the lot ended, each by exactly one journal; nobody has anything locked.
      for (const d of deposits) {
        const hold = await db().select().from(tables.holds).where(eq(tables.holds.id, d.holdId)).get();
        expect(hold?.status, `seed ${seed}`).not.toBe("open");
        expect(hold?.remaining, `seed ${seed}`).toBe(0);
      }
      for (const u of users) expect((await balance(u.id, USDT)).locked, `seed ${seed}`).toBe(0);
      // Money is conserved: what the bidders lost is what the seller and the fees account gained.
      const total = (await Promise.all(users.map((u) => balance(u.id, USDT)))).reduce((sum, b) => sum + b.available, 0);
      expect(total + sellerGets + fee, `seed ${seed}`).toBe(users.length * 1_000 * U);
      expect((await balance(seller.id, USDT)).available, `seed ${seed}`).toBe(sellerGets);
    }
    expect(await checkInvariant(db())).toEqual([]);
  });
});
