import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { NftDetailView } from "../../schema/api/nft.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { hasUnpaidOrder } from "../../worker/domain/nft-auction/lots.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, fund } from "./money-helpers.ts";
import { HOUR, type Operator, artist, item, itemRow, nftOperator } from "./nft-helpers.ts";

const U = 1_000_000; // USDT minor units
let op: Operator;

beforeAll(async () => {
  op = await nftOperator();
});

async function buyer(usdt = 1_000) {
  const user = await createUser();
  await fund(user.id, USDT, usdt * U);
  return user;
}

const buy = (token: string, code: string, key?: string) =>
  api<string>("/bind_box/buyNFT", { token, form: { code }, headers: key ? { "Idempotency-Key": key } : {} });
const usdt = async (userId: number) => (await balance(userId, USDT)).available;

describe("buyNFT (fixed price)", () => {
  it("on a primary sale pays the artist's user the price less the 2.5 % fee, rounded in the house's favour", async () => {
    const creator = await createUser();
    const a = await artist(op, { userId: creator.id });
    const it1 = await item(op, a.id, { price: "10.000001" });
    const alice = await buyer();
    const fees = await usdt(SYSTEM_ACCOUNTS.fees);
    const res = await buy(alice.token, it1.code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Purchase complete: Sunrise is yours for 10.000001 USDT");
    // fee = ceil(10000001 × 0.025) = 250001; the artist receives 10000001 − 250001.
    expect(await usdt(alice.id)).toBe(1_000 * U - 10_000_001);
    expect(await usdt(creator.id)).toBe(9_750_000);
    expect((await usdt(SYSTEM_ACCOUNTS.fees)) - fees).toBe(250_001);
    const row = await itemRow(it1.code);
    expect({ owner: row.ownerId, listed: row.listed, version: row.version }).toEqual({ owner: alice.id, listed: false, version: 1 });
    const transfers = await db().select().from(tables.nftTransfers).where(eq(tables.nftTransfers.itemId, row.id)).all();
    expect(transfers.map((t) => [t.fromUserId, t.toUserId, t.via, t.price])).toEqual([[null, alice.id, "buy", 10_000_001]]);
    await expectInvariant();
  });

  it("pays the NFT sales account (-12) when the artist is not a user", async () => {
    const a = await artist(op);
    const it1 = await item(op, a.id, { price: "40" });
    const alice = await buyer();
    const sales = await usdt(SYSTEM_ACCOUNTS.nftSales);
    expect((await buy(alice.token, it1.code)).status).toBe(200);
    expect((await usdt(SYSTEM_ACCOUNTS.nftSales)) - sales).toBe(39 * U);
  });

  it("on a resale pays the seller price − fee − royalty and the artist's user exactly the 5 % royalty", async () => {
    const creator = await createUser();
    const a = await artist(op, { userId: creator.id });
    const it1 = await item(op, a.id, { price: "10" });
    const bob = await buyer();
    expect((await buy(bob.token, it1.code)).status).toBe(200);
    const now = Date.now();
    const listed = await api<string>("/bind_box/resellNFT", {
      token: bob.token,
      form: { code: it1.code, price: "200", start_time: String(now - 1000), end_time: String(now + HOUR) },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const detail = await api<NftDetailView>(`/bind_box/getBoxDetail?id=${it1.code}`);
    expect(detail.body.message).toMatchObject({
      price: "200",
      fee_rate: "0.025",
      royalty_rate: "0.05",
      fee: "5",
      royalty: "10",
      seller_receives: "185",
      total: "200",
      primary: 0,
      status: 1,
    });
    const alice = await buyer();
    const [bobBefore, creatorBefore] = [await usdt(bob.id), await usdt(creator.id)];
    expect((await buy(alice.token, it1.code)).status).toBe(200);
    expect((await usdt(bob.id)) - bobBefore).toBe(185 * U);
    expect((await usdt(creator.id)) - creatorBefore).toBe(10 * U);
    expect(await usdt(alice.id)).toBe(800 * U);
    expect((await itemRow(it1.code)).ownerId).toBe(alice.id);
    await expectInvariant();
  });

  it("two concurrent buyers: exactly one gets the item, the other gets 409 and keeps every unit", async () => {
    const a = await artist(op);
    const it1 = await item(op, a.id, { price: "50" });
    const [x, y] = [await buyer(), await buyer()];
    const answers = await Promise.all([buy(x.token, it1.code), buy(y.token, it1.code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((r) => r.status === 409);
    expect(answers[loser]!.body.code).toMatch(/^NFT_(ALREADY_SOLD|NOT_ON_SALE)$/);
    const winner = [x, y][1 - loser]!;
    expect(await usdt(winner.id)).toBe(950 * U);
    expect(await usdt([x, y][loser]!.id)).toBe(1_000 * U);
    expect((await itemRow(it1.code)).ownerId).toBe(winner.id);
    await expectInvariant();
  });

  it("a batch racing on a stale version fails whole: no money moves, no transfer row (the guard, not the pre-check)", async () => {
    const a = await artist(op);
    const it1 = await item(op, a.id, { price: "5" });
    const x = await buyer();
    // Another writer moves the version after the buyer's read would have happened.
    const { buyItem } = await import("../../worker/domain/nft/buy.ts");
    let bumped = false;
    const attempt = buyItem(db(), x.id, it1.code, () => {
      if (!bumped) {
        bumped = true;
        return [db().update(tables.nftItems).set({ version: 7 }).where(eq(tables.nftItems.code, it1.code))];
      }
      return [];
    });
    await expect(attempt).rejects.toMatchObject({ status: 409, code: "NFT_ALREADY_SOLD" });
    expect(await usdt(x.id)).toBe(1_000 * U);
    expect((await itemRow(it1.code)).version).toBe(0);
  });

  it("refuses the buyer's own item, outside the window, auctions, short balances and unknown codes", async () => {
    const creator = await createUser();
    await fund(creator.id, USDT, 1_000 * U);
    const a = await artist(op, { userId: creator.id });
    const now = Date.now();
    const own = await item(op, a.id);
    const later = await item(op, a.id, { start: now + HOUR, end: now + 2 * HOUR });
    const ended = await item(op, a.id, { start: now - 2 * HOUR, end: now - HOUR });
    const auction = await item(op, a.id, { payType: "2" });
    const dear = await item(op, a.id, { price: "5000" });
    const alice = await buyer();
    const cases: [string, string, number, string][] = [
      [creator.token, own.code, 409, "NFT_OWN_ITEM"],
      [alice.token, later.code, 409, "NFT_NOT_STARTED"],
      [alice.token, ended.code, 409, "NFT_NOT_ON_SALE"],
      [alice.token, auction.code, 409, "NFT_NOT_FIXED_PRICE"],
      [alice.token, dear.code, 409, "INSUFFICIENT_BALANCE"],
      [alice.token, "NOPE-404", 404, "NOT_FOUND"],
      [alice.token, "bad code!", 400, "PARAMETER_ERROR"],
    ];
    for (const [token, code, status, error] of cases) {
      const res = await buy(token, code);
      expect([code, res.status, res.body.code]).toEqual([code, status, error]);
    }
    expect((await api("/bind_box/buyNFT", { form: { code: own.code } })).status).toBe(401);
    expect((await api("/bind_box/buyNFT", { token: alice.token, form: { code: own.code, price: "1" } })).body.code).toBe("UNKNOWN_FIELD");
    expect(await usdt(alice.id)).toBe(1_000 * U);
    expect((await itemRow(dear.code)).ownerId).toBeNull();
  });

  it("replays the first answer for the same Idempotency-Key and charges once", async () => {
    const a = await artist(op);
    const it1 = await item(op, a.id, { price: "3" });
    const alice = await buyer();
    const first = await buy(alice.token, it1.code, "nft-buy-1");
    const again = await buy(alice.token, it1.code, "nft-buy-1");
    expect([first.status, again.status, again.body.message]).toEqual([200, 200, first.body.message]);
    expect(await usdt(alice.id)).toBe(997 * U);
  });
});

describe("resellNFT", () => {
  async function owned() {
    const a = await artist(op);
    const it1 = await item(op, a.id, { price: "1" });
    const owner = await buyer();
    expect((await buy(owner.token, it1.code)).status).toBe(200);
    return { owner, code: it1.code };
  }
  const resell = (token: string, form: Record<string, string>) => api<string>("/bind_box/resellNFT", { token, form });

  it("lists at a fixed price or as an auction with its increment, and a listing is irrevocable", async () => {
    const { owner, code } = await owned();
    const now = Date.now();
    const window = { start_time: String(Math.floor(now / 1000)), end_time: String(Math.floor((now + HOUR) / 1000)) };
    const res = await resell(owner.token, { code, price: "12.5", per_increase: "0.5", ...window });
    expect([res.status, res.body.message]).toEqual([200, "Your item is listed for sale"]);
    const row = await itemRow(code);
    expect([row.listed, row.payType, row.price, row.perIncrease, row.endAt]).toEqual([
      true,
      2,
      12_500_000,
      500_000,
      Math.floor((now + HOUR) / 1000) * 1000,
    ]);
    const twice = await resell(owner.token, { code, price: "20", ...window });
    expect([twice.status, twice.body.code]).toEqual([409, "NFT_ALREADY_LISTED"]);
    expect((await itemRow(code)).price).toBe(12_500_000);
  });

  it("an owner cannot buy their own listed item", async () => {
    const { owner, code } = await owned();
    const now = Date.now();
    expect((await resell(owner.token, { code, price: "2", start_time: String(now - 1000), end_time: String(now + HOUR) })).status).toBe(
      200,
    );
    const res = await buy(owner.token, code);
    expect([res.status, res.body.code]).toEqual([409, "NFT_OWN_ITEM"]);
  });

  it("refuses other users' items (404), a zero price, an inverted or past window and an auction without increment", async () => {
    const { owner, code } = await owned();
    const stranger = await createUser();
    const now = Date.now();
    const ok = { code, price: "2", start_time: String(now), end_time: String(now + HOUR) };
    const cases: [string, Record<string, string>, number, string][] = [
      [stranger.token, ok, 404, "NOT_FOUND"],
      [owner.token, { ...ok, price: "0" }, 400, "NFT_PRICE_POSITIVE"],
      [owner.token, { ...ok, price: "-1" }, 400, "INVALID_AMOUNT"],
      [owner.token, { ...ok, end_time: String(now - 10) }, 400, "NFT_WINDOW_INVALID"],
      [owner.token, { ...ok, start_time: String(now - 2 * HOUR), end_time: String(now - HOUR) }, 400, "NFT_END_IN_PAST"],
      [owner.token, { ...ok, pay_type: "2" }, 400, "NFT_INCREMENT_REQUIRED"],
      [owner.token, { ...ok, start_time: "yesterday" }, 400, "PARAMETER_ERROR"],
      [owner.token, { ...ok, owner_id: "1" }, 400, "UNKNOWN_FIELD"],
    ];
    for (const [token, form, status, error] of cases) {
      const res = await resell(token, form);
      expect([JSON.stringify(form), res.status, res.body.code]).toEqual([JSON.stringify(form), status, error]);
    }
    expect((await itemRow(code)).listed).toBe(false);
  });

  it("an item with an unpaid auction order cannot be relisted", async () => {
    const { owner, code } = await owned();
    const row = await itemRow(code);
    expect(await hasUnpaidOrder(db(), row.id)).toBe(false);
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO nft_pay_orders (lot_id, item_id, user_id, seller_id, currency_id, price, deposit, hold_id, overtime, created_at)
       VALUES (999999, ?1, ?2, ?2, 3, 1, 0, '', ?3, ?3)`,
    )
      .bind(row.id, row.ownerId, now + HOUR)
      .run();
    expect(await hasUnpaidOrder(db(), row.id)).toBe(true);
    const res = await resell(owner.token, { code, price: "2", start_time: String(now), end_time: String(now + HOUR) });
    expect([res.status, res.body.code]).toEqual([409, "NFT_UNPAID_ORDER"]);
    await env.DB.prepare("DELETE FROM nft_pay_orders WHERE lot_id = 999999").run();
  });
});
