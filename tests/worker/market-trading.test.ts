import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import { ACCOUNT_TYPES, SYSTEM_ACCOUNTS, hold } from "../../worker/domain/ledger/index.ts";
import { expectInvariant, fund } from "./money-helpers.ts";
import { api, createUser } from "./helpers.ts";
import {
  BTC,
  USDT,
  balance,
  db,
  listed,
  marketStub,
  openHolds,
  orderRow,
  placed,
  seedMarkets,
  settle,
  total,
  trade,
  trader,
} from "./market-helpers.ts";

// BTC/USDT: tick 0.01, lot 0.0001; BTC has 8 decimals, USDT 6; maker fee 0.08 %, taker 0.1 %.
const BTC_1 = 100_000_000;
const SOL = 5;
const USDT_1 = 1_000_000;

beforeAll(async () => {
  await seedMarkets();
});

describe("spot trading: placing, matching and settling", () => {
  it("a crossing limit buy fills against a resting sell; both sides settle exactly, fees go to the fees account", async () => {
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 100_000 * USDT_1 });
    const feesBtc0 = await total(SYSTEM_ACCOUNTS.fees, BTC);
    const feesUsdt0 = await total(SYSTEM_ACCOUNTS.fees, USDT);

    const sell = await placed(seller.token, { side: "sell", amount: "0.5", price: "90000" });
    expect(await balance(seller.id, BTC)).toEqual({ available: BTC_1 / 2, locked: BTC_1 / 2 });
    const buy = await placed(buyer.token, { side: "buy", amount: "0.2", price: "90000" });
    // Held before it could match (whether the fill has settled yet or not, the 18,000 are no longer available).
    expect((await balance(buyer.id, USDT)).available).toBe(82_000 * USDT_1);
    await settle();

    // Buyer: paid 18,000 USDT, got 0.2 BTC minus the taker fee (0.1 % = 0.0002 BTC).
    expect(await balance(buyer.id, USDT)).toEqual({ available: 82_000 * USDT_1, locked: 0 });
    expect(await balance(buyer.id, BTC)).toEqual({ available: 20_000_000 - 20_000, locked: 0 });
    // Seller: 0.3 BTC still held for the rest of the order; got 18,000 USDT minus the maker fee (0.08 % = 14.4 USDT).
    expect(await balance(seller.id, BTC)).toEqual({ available: BTC_1 / 2, locked: 30_000_000 });
    expect(await balance(seller.id, USDT)).toEqual({ available: 18_000 * USDT_1 - 14_400_000, locked: 0 });
    expect((await total(SYSTEM_ACCOUNTS.fees, BTC)) - feesBtc0).toBe(20_000);
    expect((await total(SYSTEM_ACCOUNTS.fees, USDT)) - feesUsdt0).toBe(14_400_000);

    const b = await orderRow(buy);
    expect(b.status).toBe("filled");
    expect(b.filledUnits).toBe(20_000_000);
    const s = await orderRow(sell);
    expect(s.status).toBe("partial");
    const [view] = (await listed(seller.token, "1")).filter((o) => o.id === sell);
    expect(view).toMatchObject({
      symbol: "BTC/USDT",
      type: 2,
      trade_amount: "0.2",
      avg_price: "90000",
      fee: "14.4",
      fee_currency: "USDT",
      status: 1,
      state: "partial",
    });
    const [done] = (await listed(buyer.token, "2")).filter((o) => o.id === buy);
    expect(done).toMatchObject({
      type: 1,
      amount: "0.2",
      trade_amount: "0.2",
      fee: "0.0002",
      fee_currency: "BTC",
      status: 2,
      state: "filled",
    });
    await expectInvariant();
  });

  it("a buy above the best ask fills at the ask, and the hold's excess is released when the order ends", async () => {
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 10_000 * USDT_1 });
    await placed(seller.token, { side: "sell", amount: "0.01", price: "80000" });
    const buy = await placed(buyer.token, { side: "buy", amount: "0.01", price: "85000" });
    // The hold is for the limit price; the fill may already be settling (the drain starts 10 ms after a match).
    expect((await orderRow(buy)).holdUnits).toBe(850 * USDT_1);
    await settle();
    expect(await balance(buyer.id, USDT)).toEqual({ available: (10_000 - 800) * USDT_1, locked: 0 });
    expect(await openHolds(buyer.id)).toBe(0);
    expect((await orderRow(buy)).status).toBe("filled");
    await expectInvariant();
  });

  it("a market buy holds amount × best ask × 1.05, fills, and gives back what it did not spend", async () => {
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 10_000 * USDT_1 });
    // Lower than every other resting ask in this file, so it is the best ask.
    await placed(seller.token, { side: "sell", amount: "0.01", price: "70000" });
    await placed(seller.token, { side: "sell", amount: "0.01", price: "70100" });
    const id = await placed(buyer.token, { side: "buy", amount: "0.015", order_type: "market" });
    const row = await orderRow(id);
    expect(row.holdUnits).toBe(Math.ceil(0.015 * 70000 * 1.05 * USDT_1));
    await settle();
    // 0.01 at 70,000 + 0.005 at 70,100 = 1,050.5 USDT spent, the rest released.
    expect(await balance(buyer.id, USDT)).toEqual({ available: 10_000 * USDT_1 - 1_050_500_000, locked: 0 });
    expect(await balance(buyer.id, BTC)).toEqual({ available: 1_500_000 - 1_500, locked: 0 });
    expect((await orderRow(id)).status).toBe("filled");
    await expectInvariant();
  });

  it("an IOC buy that finds nothing at its price is cancelled and its whole hold released", async () => {
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    const id = await placed(buyer.token, { side: "buy", amount: "0.02", price: "100", tif: "IOC" });
    await settle();
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: "cancelled", reason: "ioc-remainder", filledUnits: 0 });
    await expectInvariant();
  });

  it("a post-only order that would take liquidity is cancelled instead, and its hold released", async () => {
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    await placed(seller.token, { side: "sell", amount: "0.001", price: "60000" });
    const id = await placed(buyer.token, { side: "buy", amount: "0.001", price: "60000", post_only: "1" });
    await settle();
    expect((await orderRow(id)).status).toBe("cancelled");
    expect(await balance(buyer.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
  });

  it("a user's order never trades against the same user's resting order (the newer one is cancelled)", async () => {
    const both = await trader({ btc: BTC_1, usdt: 1_000 * USDT_1 });
    const sell = await placed(both.token, { side: "sell", amount: "0.001", price: "50000" });
    const buy = await placed(both.token, { side: "buy", amount: "0.001", price: "50000" });
    await settle();
    expect((await orderRow(buy)).status).toBe("cancelled");
    expect((await orderRow(buy)).reason).toBe("self-trade");
    expect((await orderRow(sell)).status).toBe("open");
    expect(await balance(both.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
  });
});

describe("spot trading: validation and refusals", () => {
  it("refuses an order it cannot back with funds: 409, and no order row or hold is left behind", async () => {
    const poor = await trader({ usdt: 5 * USDT_1 });
    const res = await trade(poor.token, { side: "buy", amount: "0.001", price: "90000" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("INSUFFICIENT_BALANCE");
    expect(await listed(poor.token, "1")).toEqual([]);
    expect(await balance(poor.id, USDT)).toEqual({ available: 5 * USDT_1, locked: 0 });
    expect(await openHolds(poor.id)).toBe(0);
  });

  it("an order answered at once but refused by the ledger (the owner spent the money meanwhile) ends rejected, holding none", async () => {
    const u = await trader({ usdt: 1_000 * USDT_1 });
    await placed(u.token, { side: "buy", amount: "0.001", price: "1000" }); // 1 USDT held; the market has read 999 available
    // Spent elsewhere (another isolate's withdrawal, say): the market's reading is now stale.
    await hold(db(), { userId: u.id, currencyId: USDT, accountType: ACCOUNT_TYPES.change, amount: 999 * USDT_1, reason: "test" });
    const res = await trade(u.token, { side: "buy", amount: "0.001", price: "1000" });
    expect(res.status).toBe(200);
    await settle();
    const row = await orderRow(res.body.message.id);
    expect(row).toMatchObject({ status: "rejected", reason: "insufficient_balance", holdUnits: 0 });
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 1_000 * USDT_1 });
    expect((await listed(u.token, "2")).map((o) => [o.id, o.state])).toContainEqual([row.id, "rejected"]);
    expect((await marketStub().order(row.id)).state).toBe("rejected");
    // The market read the balance again: the next order waits for the ledger and gets its 409 at once.
    expect((await trade(u.token, { side: "buy", amount: "0.001", price: "1000" })).status).toBe(409);
    await expectInvariant();
  });

  it("checks precision, minimum quantity, minimum value and options with translated messages", async () => {
    const u = await trader({ usdt: 1_000 * USDT_1, btc: BTC_1 });
    const cases: [Parameters<typeof trade>[1], number, string][] = [
      [{ side: "buy", amount: "0.00001", price: "90000" }, 400, "AMOUNT_TOO_PRECISE"],
      [{ side: "buy", amount: "0.001", price: "90000.001" }, 400, "PRICE_TOO_PRECISE"],
      [{ side: "buy", amount: "0.001" }, 400, "PRICE_REQUIRED"],
      [{ side: "buy", amount: "0.0001", price: "1" }, 400, "NOTIONAL_BELOW_MINIMUM"],
      [{ side: "buy", amount: "0.001", price: "90000", tif: "IOC", post_only: "1" }, 400, "ORDER_OPTIONS_INVALID"],
      [{ side: "buy", amount: "0.001", price: "90000", currency_id: "2", legal_id: "1" }, 400, "UNKNOWN_MARKET"],
      [{ side: "buy", amount: "-1", price: "90000" }, 400, "INVALID_AMOUNT"],
      [{ side: "buy", amount: "1e3", price: "90000" }, 400, "INVALID_AMOUNT"],
      [{ side: "buy", amount: "NaN", price: "90000" }, 400, "INVALID_AMOUNT"],
      [{ side: "buy", amount: "0.001", price: "0" }, 400, "INVALID_AMOUNT"],
    ];
    for (const [form, status, code] of cases) {
      const res = await trade(u.token, form);
      expect(res.status, JSON.stringify(form)).toBe(status);
      expect(res.body.code, JSON.stringify(form)).toBe(code);
    }
    const zh = await api(`/coin/trade`, {
      token: u.token,
      form: { currency_id: "1", legal_id: "3", type: "1", amount: "0.0001", target_price: "1", lang: "zh" },
    });
    expect(zh.body.message).toBe("订单金额至少为 1 USDT");
    const min = await api(`/coin/trade`, {
      token: u.token,
      form: { currency_id: "3", legal_id: "3", type: "1", amount: "1", target_price: "1" },
    });
    expect(min.body.code).toBe("UNKNOWN_MARKET");
  });

  it("refuses a market order when the other side of the book is empty (409 NO_LIQUIDITY)", async () => {
    const u = await trader({ btc: BTC_1 });
    // Nobody bids on ETH/USDT in this file.
    const res = await trade(u.token, { side: "sell", amount: "0.01", order_type: "market", currency_id: "2", legal_id: "3" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("NO_LIQUIDITY");
  });

  it("needs a session", async () => {
    const res = await trade("", { side: "buy", amount: "0.001", price: "90000" });
    expect(res.status).toBe(401);
    expect(res.body.type).toBe("999");
  });
});

describe("spot trading: idempotency and cancels", () => {
  it("a retried POST with the same Idempotency-Key places one order and answers the first id", async () => {
    const u = await trader({ usdt: 1_000 * USDT_1 });
    const headers = { "Idempotency-Key": `k-${crypto.randomUUID()}` };
    const first = await trade(u.token, { side: "buy", amount: "0.001", price: "40000" }, headers);
    const again = await trade(u.token, { side: "buy", amount: "0.001", price: "40000" }, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await balance(u.id, USDT)).locked).toBe(40 * USDT_1);
    const other = await trade(u.token, { side: "buy", amount: "0.002", price: "40000" }, headers);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    await settle();
    expect(await listed(u.token, "1")).toHaveLength(1);
  });

  it("after a 500 whose D1 outcome was unknown, a retry with the same Idempotency-Key answers that order, never a second", async () => {
    const u = await trader({ usdt: 1_000 * USDT_1 });
    const headers = { "Idempotency-Key": `k-${crypto.randomUUID()}` };
    // The first order of a user the object never read waits for its hold; the hold is written, then the answer is lost.
    await runInDurableObject(marketStub(), (instance: Market) => {
      let lose = true;
      instance.commitHooks = {
        afterCommit: () => {
          if (!lose) return;
          lose = false;
          throw new Error("D1 answer lost");
        },
      };
    });
    const first = await trade(u.token, { side: "buy", amount: "0.001", price: "40000" }, headers);
    expect(first.status).toBe(500);
    const again = await trade(u.token, { side: "buy", amount: "0.001", price: "40000" }, headers);
    expect(again.status).toBe(200);
    await marketStub().idle();
    await settle();
    const open = await listed(u.token, "1");
    expect(open.map((o) => o.id)).toEqual([again.body.message.id]);
    expect(await balance(u.id, USDT)).toEqual({ available: 960 * USDT_1, locked: 40 * USDT_1 });
    expect(await openHolds(u.id)).toBe(1);
    await runInDurableObject(marketStub(), (instance: Market) => {
      instance.commitHooks = {};
    });
  });

  it("cancels a resting order and releases its hold; cancelling again is harmless; PUT /coin/trade works too", async () => {
    const u = await trader({ usdt: 1_000 * USDT_1 });
    const id = await placed(u.token, { side: "buy", amount: "0.001", price: "30000" });
    await settle();
    const res = await api<{ id: number; state: string }>("/coin/cancel", { token: u.token, form: { id: String(id) } });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ id, state: "cancelled" });
    await settle();
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    expect((await orderRow(id)).status).toBe("cancelled");
    const twice = await api("/coin/cancel", { token: u.token, form: { id: String(id) } });
    expect(twice.status).toBe(200);

    const id2 = await placed(u.token, { side: "buy", amount: "0.001", price: "30000" });
    const put = await api<{ state: string }>("/coin/trade", { method: "PUT", token: u.token, form: { id: String(id2) } });
    expect(put.status).toBe(200);
    expect(put.body.message.state).toBe("cancelled");
    await settle();
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    await expectInvariant();
  });

  it("another user's order is 404 to cancel, and an unknown id is 404", async () => {
    const owner = await trader({ usdt: 1_000 * USDT_1 });
    const other = await createUser();
    const id = await placed(owner.token, { side: "buy", amount: "0.001", price: "30000" });
    const res = await api("/coin/cancel", { token: other.token, form: { id: String(id) } });
    expect(res.status).toBe(404);
    const put = await api("/coin/trade", { method: "PUT", token: other.token, form: { id: String(id) } });
    expect(put.status).toBe(404);
    expect((await api("/coin/cancel", { token: owner.token, form: { id: "999999" } })).status).toBe(404);
    expect((await api("/coin/cancel", { token: owner.token, form: {} })).status).toBe(400);
    expect((await orderRow(id)).status).not.toBe("cancelled");
  });

  it("a filled order cannot be cancelled (409 ORDER_NOT_OPEN)", async () => {
    // SOL/USDT (match id 3): no other orders in this file.
    const seller = await trader();
    await fund(seller.id, SOL, 10 * BTC_1);
    const buyer = await trader({ usdt: 1_000 * USDT_1 });
    await placed(seller.token, { side: "sell", amount: "1", price: "150", currency_id: String(SOL) });
    const buy = await placed(buyer.token, { side: "buy", amount: "1", price: "150", currency_id: String(SOL) });
    await settle("SOL-USDT");
    expect((await orderRow(buy)).status).toBe("filled");
    const res = await api("/coin/cancel", { token: buyer.token, form: { id: String(buy) } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("ORDER_NOT_OPEN");
  });

  it("lists only the caller's orders, paginated, filtered by market and status", async () => {
    const u = await trader({ usdt: 1_000 * USDT_1 });
    const other = await trader({ usdt: 1_000 * USDT_1 });
    for (let i = 0; i < 3; i++) await placed(u.token, { side: "buy", amount: "0.001", price: String(10000 + i) });
    await placed(other.token, { side: "buy", amount: "0.001", price: "10000" });
    await settle();
    const page = await api<{ data: { id: number }[]; page: number; pages: number; total: number }>("/coin/list?status=1&limit=2&page=1", {
      token: u.token,
    });
    expect(page.body.message).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(page.body.message.data).toHaveLength(2);
    const eth = await api<{ total: number }>("/coin/list?currency_id=2&legal_id=3", { token: u.token });
    expect(eth.body.message.total).toBe(0);
    expect((await api("/coin/list?status=3", { token: u.token })).status).toBe(400);
    expect((await api("/coin/list", {})).status).toBe(401);
  });
});
