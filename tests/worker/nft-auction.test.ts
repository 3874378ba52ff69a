import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { runAuctionCron } from "../../worker/auction-cron.ts";
import { checkInvariant, SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { hasUnpaidOrder } from "../../worker/domain/nft-auction/lots.ts";
import { AuctionLot } from "../../durable/auction/auction-lot.ts";
import { ANTI_SNIPE_MS } from "../../worker/domain/nft-auction/rules.ts";
import { api } from "./helpers.ts";
import {
  auctionItem,
  balance,
  bid,
  bidder,
  db,
  depositRows,
  expire,
  itemRow,
  journalCount,
  lotOf,
  lotStub,
  openHoldsOf,
  payOrderOf,
  setHooks,
  U,
  USDT,
} from "./nft-auction-helpers.ts";

/**
 * NFT auctions end to end through /bind_box/*: bids in the lot's object (increment semantics, deposits held once,
 * ties refused), the end settled once however often the alarm fires or wherever it crashes, the winner's payment,
 * the unpaid win's forfeit, and bad input and other users' ids.
 */

const FEE_RATE = "0.025";
const feeOf = (units: number) => Math.ceil((units * 25) / 1000);

describe("bidding", () => {
  it("a bid sends the increment: the price becomes current + increment and the first bid holds the deposit once", async () => {
    const seller = await bidder(0);
    const alice = await bidder(1_000);
    const item = await auctionItem(seller.id);
    const first = await bid(alice.token, item.code, "5", "105");
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ price: "105", bid_count: 1 });
    const second = await bid(alice.token, item.code, "7.5");
    expect(second.body.message).toMatchObject({ price: "112.5", bid_count: 2 });
    expect(await balance(alice.id, USDT)).toEqual({ available: 990 * U, locked: 10 * U });
    expect(await openHoldsOf(alice.id)).toHaveLength(1);
    const log = await api<{ price: string; buyer_id: string; created: number }[]>(`/bind_box/getBindBoxQuotationLog?code=${item.code}`);
    expect(log.body.message.map((e) => e.price)).toEqual(["112.5", "105"]);
    expect(log.body.message[0]!.buyer_id).toMatch(/^.{2}\*\*\*.{2}$/);
    const mine = await api<{ list: { price: string; is_leader: boolean }[]; total: number }>("/bind_box/getMyBindBoxQuotationLog", {
      token: alice.token,
    });
    expect(mine.body.message.total).toBe(2);
    expect(mine.body.message.list[0]).toMatchObject({ price: "112.5", is_leader: true });
  });

  it("refuses the seller, an increment below per_increase, a stale total, a short balance and an ended lot, moving nothing", async () => {
    const seller = await bidder(1_000);
    const alice = await bidder(1_000);
    const poor = await bidder(50);
    const item = await auctionItem(seller.id);
    const cases: [string, Awaited<ReturnType<typeof bid>>][] = [
      ["NFT_BID_OWN_ITEM", await bid(seller.token, item.code, "5")],
      ["NFT_BID_INCREMENT_LOW", await bid(alice.token, item.code, "4.999999")],
      ["NFT_BID_PRICE_MOVED", await bid(alice.token, item.code, "5", "110")],
      ["NFT_BID_NOT_ABOVE_CURRENT", await bid(alice.token, item.code, "5", "100")],
      ["INSUFFICIENT_BALANCE", await bid(poor.token, item.code, "5")],
    ];
    for (const [code, res] of cases) expect([res.status, res.body.code]).toEqual([409, code]);
    expect(await balance(poor.id, USDT)).toEqual({ available: 50 * U, locked: 0 });
    expect((await lotOf(item.id))!.bidCount).toBe(0);
    const late = await auctionItem(seller.id, { startAt: Date.now() - 10_000, endAt: Date.now() - 1 });
    expect((await bid(alice.token, late.code, "5")).body.code).toBe("NFT_AUCTION_ENDED");
    const early = await auctionItem(seller.id, { startAt: Date.now() + 60_000 });
    expect((await bid(alice.token, early.code, "5")).body.code).toBe("NFT_AUCTION_NOT_STARTED");
    const margin = await api("/bind_box/marginNFT", { token: alice.token, form: { code: early.code } });
    expect([margin.status, margin.body.code]).toEqual([409, "NFT_AUCTION_NOT_STARTED"]);
    expect(await balance(alice.id, USDT)).toEqual({ available: 1_000 * U, locked: 0 });
  });

  it("a tie: two bids confirming the same total, the first is placed and the second refused as not above the current price", async () => {
    const seller = await bidder(0);
    const [a, b] = [await bidder(), await bidder()];
    const item = await auctionItem(seller.id);
    const [ra, rb] = await Promise.all([bid(a.token, item.code, "5", "105"), bid(b.token, item.code, "5", "105")]);
    const statuses = [ra.status, rb.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect([ra, rb].find((r) => r.status === 409)!.body.code).toBe("NFT_BID_NOT_ABOVE_CURRENT");
    expect((await lotOf(item.id))!.price).toBe(105 * U);
  });

  it("a bid in the last five minutes moves the end to five minutes after it", async () => {
    const seller = await bidder(0);
    const alice = await bidder();
    const item = await auctionItem(seller.id, { endAt: Date.now() + 60_000 });
    const before = Date.now();
    const res = await bid(alice.token, item.code, "5");
    expect(res.status).toBe(200);
    const lot = (await lotOf(item.id))!;
    expect(lot.endAt).toBeGreaterThanOrEqual(before + ANTI_SNIPE_MS);
    expect(lot.endAt).toBeLessThanOrEqual(Date.now() + ANTI_SNIPE_MS);
    expect((await itemRow(item.id))!.endAt).toBe(lot.endAt);
  });

  it("an Idempotency-Key replay answers the first bid and bids nothing more", async () => {
    const seller = await bidder(0);
    const alice = await bidder();
    const item = await auctionItem(seller.id);
    const headers = { "Idempotency-Key": "bid-once-1" };
    const first = await bid(alice.token, item.code, "5", "105", headers);
    const again = await bid(alice.token, item.code, "5", "105", headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await lotOf(item.id))!.bidCount).toBe(1);
  });

  it("100 concurrent bids on one lot: every accepted bid raised the price by its increment in order, one deposit per bidder", async () => {
    const seller = await bidder(0);
    const users = await Promise.all(Array.from({ length: 10 }, () => bidder(100_000)));
    const item = await auctionItem(seller.id);
    const sends = Array.from({ length: 100 }, (_, i) => {
      const u = users[i % 10]!;
      const inc = 5 + (i % 7);
      // A third confirm a total from the starting price: the model says at most one of those can be placed.
      return bid(u.token, item.code, String(inc), i % 3 === 0 ? String(100 + inc) : undefined).then((r) => ({ r, u, inc }));
    });
    const results = await Promise.all(sends);
    const placed = results.filter((x) => x.r.status === 200);
    for (const x of results.filter((y) => y.r.status !== 200)) {
      expect([x.r.status, x.r.body.code]).toEqual([409, expect.stringMatching(/^NFT_BID_(NOT_ABOVE_CURRENT|PRICE_MOVED)$/)]);
    }
    const bids = await db().select().from(tables.nftBids).where(eq(tables.nftBids.lotId, placed[0]!.r.body.message.lot_id)).all();
    bids.sort((x, y) => x.id - y.id);
    expect(bids).toHaveLength(placed.length);
    // The sequential model: replaying the accepted bids in their order reproduces every price.
    let price = 100 * U;
    for (const b of bids) {
      price += b.increment;
      expect(b.price).toBe(price);
    }
    const lot = (await lotOf(item.id))!;
    expect(lot.price).toBe(price);
    expect(lot.bidCount).toBe(bids.length);
    expect(lot.leaderId).toBe(bids.at(-1)!.userId);
    const bidders = new Set(bids.map((b) => b.userId));
    expect((await depositRows(lot.id)).map((d) => d.userId).sort()).toEqual([...bidders].sort());
    for (const u of users) {
      expect((await balance(u.id, USDT)).locked).toBe(bidders.has(u.id) ? 10 * U : 0);
    }
    expect(await checkInvariant(db())).toEqual([]);
  });
});

async function wonLot() {
  const seller = await bidder(0);
  const alice = await bidder(1_000);
  const bob = await bidder(1_000);
  const item = await auctionItem(seller.id);
  expect((await bid(alice.token, item.code, "5")).status).toBe(200);
  expect((await bid(bob.token, item.code, "5")).status).toBe(200);
  expect((await bid(alice.token, item.code, "10", "120")).status).toBe(200);
  await expire((await lotOf(item.id))!.id, item.id);
  const lot = (await lotOf(item.id))!;
  return { seller, alice, bob, item, lot };
}

describe("the end of a lot", () => {
  it("the end alarm firing twice settles once: one pay order, the loser's deposit released once", async () => {
    const { alice, bob, item, lot } = await wonLot();
    const stub = lotStub(lot.id);
    expect(await stub.wake()).toMatchObject({ status: "awaiting_payment" });
    expect(await stub.wake()).toMatchObject({ status: "awaiting_payment" });
    await runDurableObjectAlarm(stub);
    const order = (await payOrderOf(lot.id))!;
    expect(order).toMatchObject({ userId: alice.id, price: 120 * U, deposit: 10 * U, isPay: false, isExpired: false });
    expect(order.overtime).toBe(lot.endAt + 24 * 3_600_000);
    expect(await journalCount(`nft_auction:${lot.id}:release:${bob.id}`)).toBe(1);
    expect(await balance(bob.id, USDT)).toEqual({ available: 1_000 * U, locked: 0 });
    expect(await balance(alice.id, USDT)).toEqual({ available: 990 * U, locked: 10 * U });
    expect(await hasUnpaidOrder(db(), item.id)).toBe(true);
    const need = await api<{ id: number; due: string; overtime: number; is_pay: number }[]>("/bind_box/getNeedPayNFTOrder", {
      token: alice.token,
    });
    expect(need.body.message).toEqual([
      expect.objectContaining({ id: order.id, due: "110", is_pay: 0, overtime: Math.floor(order.overtime / 1000) }),
    ]);
  });

  it("a crash between the result and the D1 write loses nothing; a crash after it writes nothing twice", async () => {
    const { bob, lot } = await wonLot();
    await setHooks(lot.id, {
      beforeCommit: () => {
        throw new Error("crash before D1");
      },
    });
    await lotStub(lot.id).wake();
    expect((await lotOf(lot.itemId))!.status).toBe("open");
    expect(await payOrderOf(lot.id)).toBeUndefined();
    await setHooks(lot.id, {
      afterCommit: () => {
        throw new Error("crash after D1");
      },
    });
    await lotStub(lot.id).wake();
    expect((await lotOf(lot.itemId))!.status).toBe("awaiting_payment");
    await setHooks(lot.id, {});
    await lotStub(lot.id).wake();
    await runDurableObjectAlarm(lotStub(lot.id));
    expect(await journalCount(`nft_auction:${lot.id}:release:${bob.id}`)).toBe(1);
    expect((await db().select().from(tables.nftPayOrders).where(eq(tables.nftPayOrders.lotId, lot.id)).all()).length).toBe(1);
    expect(await balance(bob.id, USDT)).toEqual({ available: 1_000 * U, locked: 0 });
    expect(await checkInvariant(db())).toEqual([]);
  });

  it("no bids: the lot ends unsold and the item is delisted, staying with its owner", async () => {
    const seller = await bidder(0);
    const alice = await bidder();
    const item = await auctionItem(seller.id);
    await api(`/bind_box/auctionLot?code=${item.code}`);
    expect((await api("/bind_box/marginNFT", { token: alice.token, form: { code: item.code } })).status).toBe(200);
    const lot = (await lotOf(item.id))!;
    expect(await balance(alice.id, USDT)).toEqual({ available: 990 * U, locked: 10 * U });
    await expire(lot.id, item.id);
    expect(await lotStub(lot.id).wake()).toMatchObject({ status: "unsold" });
    expect(await itemRow(item.id)).toMatchObject({ listed: false, ownerId: seller.id });
    // A deposit placed without a bid is released like any loser's.
    expect(await balance(alice.id, USDT)).toEqual({ available: 1_000 * U, locked: 0 });
    expect(await payOrderOf(lot.id)).toBeUndefined();
  });

  it("an end alarm that fires in a fresh instance (the object was evicted meanwhile) still ends the lot", async () => {
    const { alice, lot } = await wonLot();
    // The instance that armed the alarm is gone: a new one on the same storage knows no task in memory.
    await runInDurableObject(lotStub(lot.id), async (_old: AuctionLot, state) => {
      await new AuctionLot(state, env).alarm();
    });
    expect((await lotOf(lot.itemId))!.status).toBe("awaiting_payment");
    expect(await payOrderOf(lot.id)).toMatchObject({ userId: alice.id, price: 120 * U });
  });
});

describe("paying and forfeiting", () => {
  it("the winner pays price less deposit; the seller gets price less the fee; the item moves once; a replay moves nothing", async () => {
    const { seller, alice, item, lot } = await wonLot();
    await lotStub(lot.id).wake();
    const order = (await payOrderOf(lot.id))!;
    const fees0 = (await balance(SYSTEM_ACCOUNTS.fees, USDT)).available;
    const headers = { "Idempotency-Key": "pay-once-1" };
    const paid = await api("/bind_box/payNFTOrder", { token: alice.token, form: { id: String(order.id) }, headers });
    expect(paid.status).toBe(200);
    const again = await api("/bind_box/payNFTOrder", { token: alice.token, form: { id: String(order.id) }, headers });
    expect(again.body).toEqual(paid.body);
    const other = await api("/bind_box/payNFTOrder", { token: alice.token, form: { id: String(order.id) } });
    expect([other.status, other.body.code]).toEqual([409, "NFT_ORDER_NOT_PAYABLE"]);
    expect(FEE_RATE).toBe("0.025");
    expect(await balance(seller.id, USDT)).toEqual({ available: 120 * U - feeOf(120 * U), locked: 0 });
    expect((await balance(SYSTEM_ACCOUNTS.fees, USDT)).available - fees0).toBe(feeOf(120 * U));
    expect(await balance(alice.id, USDT)).toEqual({ available: 880 * U, locked: 0 });
    expect(await itemRow(item.id)).toMatchObject({ ownerId: alice.id, listed: false });
    const transfers = await db().select().from(tables.nftTransfers).where(eq(tables.nftTransfers.itemId, item.id)).all();
    expect(transfers).toEqual([expect.objectContaining({ fromUserId: seller.id, toUserId: alice.id, via: "auction", price: 120 * U })]);
    expect((await lotOf(item.id))!.status).toBe("sold");
    expect(await hasUnpaidOrder(db(), item.id)).toBe(false);
    const page = await api<{ status: string; price: string }>(`/bind_box/auctionLot?code=${item.code}`);
    expect(page.body.message).toMatchObject({ status: "sold", price: "120" });
    expect((await bid(alice.token, item.code, "5")).status).toBe(404);
    await runDurableObjectAlarm(lotStub(lot.id));
    expect(await balance(seller.id, USDT)).toEqual({ available: 120 * U - feeOf(120 * U), locked: 0 });
    expect(await checkInvariant(db())).toEqual([]);
  });

  it("an unpaid win forfeits the deposit to the seller once, the lot ends unsold and the order can no longer be paid", async () => {
    const { seller, alice, item, lot } = await wonLot();
    await lotStub(lot.id).wake();
    const order = (await payOrderOf(lot.id))!;
    await db()
      .update(tables.nftPayOrders)
      .set({ overtime: Date.now() - 1 })
      .where(eq(tables.nftPayOrders.id, order.id));
    await lotStub(lot.id).wake();
    await lotStub(lot.id).wake();
    await runDurableObjectAlarm(lotStub(lot.id));
    expect(await journalCount(`nft_auction:${lot.id}:forfeit`)).toBe(1);
    expect(await balance(seller.id, USDT)).toEqual({ available: 10 * U, locked: 0 });
    expect(await balance(alice.id, USDT)).toEqual({ available: 990 * U, locked: 0 });
    expect(await payOrderOf(lot.id)).toMatchObject({ isExpired: true, isPay: false });
    expect(await itemRow(item.id)).toMatchObject({ ownerId: seller.id, listed: false });
    expect((await lotOf(item.id))!.status).toBe("unsold");
    const pay = await api("/bind_box/payNFTOrder", { token: alice.token, form: { id: String(order.id) } });
    expect([pay.status, pay.body.code]).toEqual([409, "NFT_ORDER_NOT_PAYABLE"]);
    expect(await checkInvariant(db())).toEqual([]);
  });
});

describe("bad input and other users' ids", () => {
  it("another user's order is 404 to pay and to mark read; the owner's read marks it", async () => {
    const { alice, bob, lot } = await wonLot();
    await lotStub(lot.id).wake();
    const order = (await payOrderOf(lot.id))!;
    for (const path of ["/bind_box/payNFTOrder", "/bind_box/readNFTOrderMessage"]) {
      const res = await api(path, { token: bob.token, form: { id: String(order.id) } });
      expect(res.status).toBe(404);
    }
    expect((await api("/bind_box/readNFTOrderMessage", { token: alice.token, form: { id: String(order.id) } })).status).toBe(200);
    expect(await payOrderOf(lot.id)).toMatchObject({ isRead: true, isPay: false });
  });

  it("malformed fields are 400, stray fields 400, unknown codes 404, no session 401", async () => {
    const alice = await bidder();
    const seller = await bidder(0);
    const item = await auctionItem(seller.id);
    const cases: [string, Awaited<ReturnType<typeof api>>, number][] = [
      ["bad code", await api("/bind_box/auctionNFT", { token: alice.token, form: { code: "<x>", price: "5" } }), 400],
      ["bad amount", await api("/bind_box/auctionNFT", { token: alice.token, form: { code: item.code, price: "-5" } }), 400],
      ["too precise", await api("/bind_box/auctionNFT", { token: alice.token, form: { code: item.code, price: "5.0000001" } }), 400],
      ["stray", await api("/bind_box/auctionNFT", { token: alice.token, form: { code: item.code, price: "5", user_id: "1" } }), 400],
      ["unknown", await api("/bind_box/auctionNFT", { token: alice.token, form: { code: "NOPE-1", price: "5" } }), 404],
      ["no session", await api("/bind_box/auctionNFT", { form: { code: item.code, price: "5" } }), 401],
      ["bad id", await api("/bind_box/payNFTOrder", { token: alice.token, form: { id: "1e3" } }), 400],
      ["log unknown", await api("/bind_box/getBindBoxQuotationLog?code=NOPE-1"), 404],
      ["admin", await api("/admin/nft/auctions", { token: alice.token }), 403],
    ];
    for (const [name, res, status] of cases) expect([name, res.status]).toEqual([name, status]);
    expect((await lotOf(item.id))?.bidCount ?? 0).toBe(0);
  });
});

describe("the auction room and the cron", () => {
  const upgrade = (path: string) => exports.default.fetch(new Request(`http://localhost${path}`, { headers: { Upgrade: "websocket" } }));

  it("a room watcher gets each accepted bid, the end and the sale; unknown codes are refused before a room exists", async () => {
    const seller = await bidder(0);
    const alice = await bidder();
    const item = await auctionItem(seller.id);
    expect((await upgrade("/parties/auction-room/NOPE-404")).status).toBe(404);
    const res = await upgrade(`/parties/auction-room/${item.code}`);
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const frames: { type: string; price?: string; buyer_id?: string; status?: string; bid_count?: number }[] = [];
    ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
    ws.accept();
    expect((await bid(alice.token, item.code, "5")).status).toBe(200);
    await expect.poll(() => frames.length).toBe(1);
    expect(frames[0]).toMatchObject({ type: "bid", price: "105", bid_count: 1, buyer_id: expect.stringMatching(/\*\*\*/) });
    const lot = (await lotOf(item.id))!;
    await expire(lot.id, item.id);
    await lotStub(lot.id).wake();
    await expect.poll(() => frames.length).toBe(2);
    expect(frames[1]).toMatchObject({ type: "ended", price: "105", status: "awaiting_payment" });
    const order = (await payOrderOf(lot.id))!;
    expect((await api("/bind_box/payNFTOrder", { token: alice.token, form: { id: String(order.id) } })).status).toBe(200);
    await expect.poll(() => frames.length).toBe(3);
    expect(frames[2]).toMatchObject({ type: "ended", price: "105", status: "sold" });
    ws.close();
  });

  it("the cron ends an auction nobody bid on: its lot is opened, ends unsold and the item is delisted", async () => {
    const seller = await bidder(0);
    const item = await auctionItem(seller.id, { startAt: Date.now() - 10_000, endAt: Date.now() - 1 });
    await runAuctionCron(env);
    expect(await lotOf(item.id)).toMatchObject({ status: "unsold", bidCount: 0 });
    expect(await itemRow(item.id)).toMatchObject({ listed: false, ownerId: seller.id });
  });
});
