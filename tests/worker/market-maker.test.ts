import { runInDurableObject } from "cloudflare:test";
import { eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import { fromTicks } from "../../durable/spot/engine/index.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS, checkInvariant } from "../../worker/domain/ledger/index.ts";
import { api } from "./helpers.ts";
import { BTC, USDT, db, listed, marketStub, seedMarkets, settle, total, trade, trader } from "./market-helpers.ts";

const BTC_1 = 100_000_000;
const USDT_1 = 1_000_000;
/** BTC/USDT: one lot (0.0001 BTC) is 10,000 BTC units. */
const LOT_UNITS = 10_000;

type Internals = {
  feedTick(): Promise<void>;
  core: { store: { sql: { all<T>(q: string, ...a: (string | number)[]): T[] } }; reference(): number | null };
};
const internals = (m: Market) => m as unknown as Internals;

/** Moves the reference price and lets the market maker re-quote (what the alarm does every 1.5 s). */
const feedTick = () => runInDurableObject(marketStub(), (m: Market) => internals(m).feedTick());

/** A small deterministic PRNG for the run (the test is reproducible from its seed). */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let makerId = 0;
beforeAll(async () => {
  await seedMarkets({ maker: true });
  makerId = (await db().select().from(tables.users).where(eq(tables.users.uid, "80000099")).get())!.id;
});

describe("market maker and a random trading run", () => {
  it("quotes both sides around the reference price through ordinary orders and holds, so the book is never empty", async () => {
    await feedTick();
    const depth = await marketStub().depth(20);
    expect(depth.bids).toHaveLength(5);
    expect(depth.asks).toHaveLength(5);
    const ref = await runInDurableObject(marketStub(), (m: Market) => internals(m).core.reference());
    const refPrice = Number(fromTicks(ref!, "0.01"));
    const bestBid = Number(depth.bids[0]![0]);
    const bestAsk = Number(depth.asks[0]![0]);
    expect(bestBid).toBeLessThan(refPrice * 1.001);
    expect(bestAsk).toBeGreaterThan(refPrice * 0.999);
    expect((bestAsk - bestBid) / refPrice).toBeLessThan(0.003);
    // Its quotes are ordinary D1 orders with ledger holds of a normal user.
    const mmOrders = await db().select().from(tables.spotOrders).where(eq(tables.spotOrders.userId, makerId));
    expect(mmOrders.length).toBeGreaterThanOrEqual(10);
    const mm = await db().select().from(tables.users).where(eq(tables.users.id, makerId)).get();
    expect(mm!.role).toBe("user");
    await settle();
    expect(await checkInvariant(db())).toEqual([]);
  });

  it(
    "ends a random run of many orders and cancels with a clean ledger and every balance equal to deposits ± fills − fees",
    { timeout: 120_000 },
    async () => {
      const rnd = prng(20261122);
      const deposit = { btc: 2 * BTC_1, usdt: 200_000 * USDT_1 };
      const users = await Promise.all(Array.from({ length: 4 }, () => trader(deposit)));
      const mmStart = { btc: await total(makerId, BTC), usdt: await total(makerId, USDT) };
      const fees0 = { btc: await total(SYSTEM_ACCOUNTS.fees, BTC), usdt: await total(SYSTEM_ACCOUNTS.fees, USDT) };
      const open = new Map<number, number[]>(users.map((u) => [u.id, []]));
      let accepted = 0;
      let refused = 0;

      for (let i = 0; i < 160; i++) {
        if (i % 16 === 0) await feedTick();
        if (i % 40 === 39) await settle();
        const u = users[Math.floor(rnd() * users.length)]!;
        const top = await marketStub().top();
        const mid = top.bid !== null && top.ask !== null ? (top.bid + top.ask) / 2 : 9_500_000;
        const r = rnd();
        const side = rnd() < 0.5 ? "buy" : "sell";
        const amount = fromTicks(1 + Math.floor(rnd() * 40), "0.0001"); // 0.0001 .. 0.004 BTC
        let res;
        if (r < 0.55) {
          // A limit order somewhere around the book (some cross, most rest).
          const price = fromTicks(Math.round(mid * (1 + (rnd() - 0.5) * 0.008)), "0.01");
          res = await trade(u.token, { side, amount, price, tif: rnd() < 0.2 ? "IOC" : "GTC" });
        } else if (r < 0.75) {
          res = await trade(u.token, { side, amount, order_type: "market" });
        } else {
          const mine = open.get(u.id)!;
          if (mine.length === 0) continue;
          const id = mine.splice(Math.floor(rnd() * mine.length), 1)[0]!;
          const c = await api("/coin/cancel", { token: u.token, form: { id: String(id) } });
          expect([200, 409]).toContain(c.status);
          continue;
        }
        if (res.status === 200) {
          accepted++;
          open.get(u.id)!.push(res.body.message.id);
        } else {
          refused++;
          // 429: a user past the Market object's 20 orders a second; refused before anything is stored.
          expect([409, 400, 429], JSON.stringify(res.body)).toContain(res.status);
        }
      }
      expect(accepted).toBeGreaterThan(60);

      // Everyone cancels what is still open; settle everything.
      await settle();
      for (const u of users) {
        for (const o of await listed(u.token, "1")) {
          const c = await api("/coin/cancel", { token: u.token, form: { id: String(o.id) } });
          expect([200, 409]).toContain(c.status);
        }
      }
      await settle();
      expect(await checkInvariant(db())).toEqual([]);

      // Expected balances from the market object's own record of every order (independent of D1 settlement).
      type Row = { owner: number; side: number; filled: number; quote: number; fee: number };
      const rows = await runInDurableObject(marketStub(), (m: Market) =>
        internals(m).core.store.sql.all<Row>(`SELECT owner, side, filled, quote_units AS quote, fee_units AS fee FROM orders`),
      );
      const delta = (owner: number) => {
        let btc = 0;
        let usdt = 0;
        for (const r of rows.filter((x) => x.owner === owner)) {
          if (r.side === 0) {
            btc += r.filled * LOT_UNITS - r.fee;
            usdt -= r.quote;
          } else {
            btc -= r.filled * LOT_UNITS;
            usdt += r.quote - r.fee;
          }
        }
        return { btc, usdt };
      };
      let tradedWithMaker = 0;
      for (const u of users) {
        const d = delta(u.id);
        expect(await total(u.id, BTC), `user ${u.id} BTC`).toBe(deposit.btc + d.btc);
        expect(await total(u.id, USDT), `user ${u.id} USDT`).toBe(deposit.usdt + d.usdt);
        expect((await listed(u.token, "1")).length).toBe(0);
        const fills = await db()
          .select()
          .from(tables.spotFills)
          .where(or(eq(tables.spotFills.buyUserId, u.id), eq(tables.spotFills.sellUserId, u.id)));
        tradedWithMaker += fills.filter((f) => f.buyUserId === makerId || f.sellUserId === makerId).length;
      }
      // The maker's funds moved only by its fills (its own open quotes are still held, not spent).
      const dm = delta(makerId);
      expect(await total(makerId, BTC)).toBe(mmStart.btc + dm.btc);
      expect(await total(makerId, USDT)).toBe(mmStart.usdt + dm.usdt);
      expect(tradedWithMaker).toBeGreaterThan(0);
      // Fees: what every order paid, nothing else.
      const paid = rows.reduce((s, r) => ({ btc: s.btc + (r.side === 0 ? r.fee : 0), usdt: s.usdt + (r.side === 1 ? r.fee : 0) }), {
        btc: 0,
        usdt: 0,
      });
      expect((await total(SYSTEM_ACCOUNTS.fees, BTC)) - fees0.btc).toBe(paid.btc);
      expect((await total(SYSTEM_ACCOUNTS.fees, USDT)) - fees0.usdt).toBe(paid.usdt);
      // The book still has the maker's quotes on both sides.
      const depth = await marketStub().depth(5);
      expect(depth.bids.length).toBeGreaterThan(0);
      expect(depth.asks.length).toBeGreaterThan(0);
      expect(refused).toBeLessThan(accepted);
    },
  );
});
