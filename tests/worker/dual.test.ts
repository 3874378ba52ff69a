import { runInDurableObject } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import type { DualOrderView, DualProductView } from "../../schema/api/dual.ts";
import { TRAIL_KEEP_MS, type TrailEntry } from "../../schema/api/trail.ts";
import * as tables from "../../schema/db/index.ts";
import { DUAL_RETRY_MS, type TrailReader, matureDualProduct, settleDualChunk } from "../../worker/domain/earn/dual.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { marketStub, seedMarkets } from "./market-helpers.ts";
import { BTC, USDT, balance, db, expectInvariant, fund } from "./money-helpers.ts";

const BTC_UNIT = 100_000_000;
const USDT_UNIT = 1_000_000;
const DAY_MS = 86_400_000;
let operator: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedMarkets();
  operator = await createUser({ role: "operator" });
  // The dual account's inventory, from which payouts beyond the subscriptions are paid.
  await fund(SYSTEM_ACCOUNTS.dual, BTC, 100 * BTC_UNIT);
  await fund(SYSTEM_ACCOUNTS.dual, USDT, 10_000_000 * USDT_UNIT);
});

type ProductOpts = { type?: "call" | "put"; total?: number; limit?: number; start?: number; end?: number; enabled?: "0" | "1" };

/** A BTC product: strike 50,000 USDT, 36.5 % APR, 10 days; a call's share is 0.01 BTC, a put's 500 USDT. */
async function product(opts: ProductOpts = {}) {
  const now = Date.now();
  const type = opts.type ?? "call";
  const res = await api<DualProductView>("/admin/dual/product", {
    token: operator.token,
    form: {
      name: `BTC ${type}`,
      currency: "BTC",
      type,
      rate: "36.5",
      exercise_price: "50000",
      per_price: type === "call" ? "0.01" : "500",
      total_number: String(opts.total ?? 100),
      user_limit: String(opts.limit ?? 50),
      start_time: String(opts.start ?? now - 60_000),
      end_time: String(opts.end ?? now + 3_600_000),
      day: "10",
      enabled: opts.enabled ?? "1",
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

async function buyer(funds: { btc?: number; usdt?: number } = { btc: 1, usdt: 10_000 }) {
  const user = await createUser();
  if (funds.btc) await fund(user.id, BTC, funds.btc * BTC_UNIT);
  if (funds.usdt) await fund(user.id, USDT, funds.usdt * USDT_UNIT);
  return user;
}

const buy = (token: string, id: number, num: string) => api<string>("/dual/buyDual", { token, form: { id: String(id), num } });

async function myOrders(token: string, form: Record<string, string> = {}) {
  const res = await api<{ list: DualOrderView[]; total: number }>("/dual/dual_list", { token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

const orderRow = (id: number) => db().select().from(tables.dualOrders).where(eq(tables.dualOrders.id, id)).get();

/** A hand-written trail for one symbol: the entry in effect at t is the one given for t, and every question is recorded. */
function fakeTrail(answer: (t: number) => string | null, symbol = "BTC/USDT"): TrailReader & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    trailAt: async (s, t) => {
      if (s !== symbol) return null;
      asked.push(t);
      const price = answer(t);
      return price === null ? null : ({ time: t - 500, price, source: "test" } satisfies TrailEntry);
    },
  };
}

describe("dual products", () => {
  it("are created and edited by operators (audited) and listed by coin and type with the original's fields", async () => {
    const call = await product();
    const put = await product({ type: "put" });
    expect(call).toMatchObject({
      currency_name: "BTC",
      pay_currency: "BTC",
      type: "call",
      rate: "36.5",
      exercise_price: "50000",
      per_price: "0.01",
      total_number: 100,
      purchased_number: 0,
      remaining_number: 100,
      user_limit: 50,
      day: 10,
      status: 1,
    });
    expect(call.settle_time).toBe(call.end_time + 10 * DAY_MS);
    expect(put.pay_currency).toBe("USDT");
    const calls = await api<{ dual_currencys: DualProductView[] }>("/dual/index?currency_id=1&type=call");
    expect(calls.status).toBe(200);
    const ids = calls.body.message.dual_currencys.map((p) => p.id);
    expect(ids).toContain(call.id);
    expect(ids).not.toContain(put.id);
    expect(calls.body.message.dual_currencys.every((p) => p.type === "call" && p.currency_name === "BTC")).toBe(true);
    const eth = await api<{ dual_currencys: DualProductView[] }>("/dual/index?currency_id=ETH");
    expect(eth.body.message.dual_currencys.map((p) => p.id)).not.toContain(call.id);

    const edit = await api<DualProductView>("/admin/dual/product", {
      token: operator.token,
      form: {
        id: String(call.id),
        name: "BTC call edited",
        currency: "BTC",
        type: "call",
        rate: "20",
        exercise_price: "52000",
        per_price: "0.01",
        total_number: "80",
        user_limit: "5",
        start_time: String(call.start_time),
        end_time: String(call.end_time),
        day: "7",
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.message).toMatchObject({ name: "BTC call edited", rate: "20", exercise_price: "52000", total_number: 80, day: 7 });
    const audits = await db()
      .select({ action: tables.auditLog.action })
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.subjectType, "dual_product"), eq(tables.auditLog.subjectId, String(call.id))))
      .all();
    expect(audits.map((a) => a.action).sort()).toEqual(["dual_product_create", "dual_product_edit"]);
  });

  it("refuses bad product input with translated 4xx and non-operators with 403", async () => {
    const now = Date.now();
    const base = {
      name: "x",
      currency: "BTC",
      type: "call",
      rate: "10",
      exercise_price: "50000",
      per_price: "0.01",
      total_number: "10",
      user_limit: "1",
      start_time: String(now),
      end_time: String(now + 60_000),
      day: "1",
    };
    const cases: [Record<string, string>, number, string][] = [
      [{ type: "straddle" }, 400, "PARAMETER_ERROR"],
      [{ rate: "0" }, 400, "INVALID_RATE"],
      [{ rate: "abc" }, 400, "INVALID_AMOUNT"],
      [{ per_price: "0.000000001" }, 400, "AMOUNT_TOO_PRECISE"],
      [{ total_number: "0" }, 400, "PARAMETER_ERROR"],
      [{ day: "3651" }, 400, "PARAMETER_ERROR"],
      [{ end_time: String(now - 1) }, 400, "DUAL_DATES_INVALID"],
      [{ currency: "USDT" }, 400, "DUAL_NO_MARKET"],
      [{ currency: "NOPE" }, 400, "UNKNOWN_CURRENCY"],
      [{ extra: "1" }, 400, "UNKNOWN_FIELD"],
    ];
    for (const [change, status, code] of cases) {
      const res = await api("/admin/dual/product", { token: operator.token, form: { ...base, ...change } });
      expect([res.status, res.body.code], JSON.stringify(change)).toEqual([status, code]);
    }
    const user = await createUser();
    expect((await api("/admin/dual/product", { token: user.token, form: base })).status).toBe(403);
    expect((await api("/admin/dual/products", { token: user.token })).status).toBe(403);
    expect((await api("/dual/detail?id=999999")).status).toBe(404);
    expect((await api("/dual/index?type=straddle")).status).toBe(400);
  });
});

describe("buying a dual product", () => {
  it("moves the cost from the exchange account to the dual account and lists the order for its owner only", async () => {
    const call = await product();
    const put = await product({ type: "put" });
    const u = await buyer();
    const dual0 = { btc: await balance(SYSTEM_ACCOUNTS.dual, BTC), usdt: await balance(SYSTEM_ACCOUNTS.dual, USDT) };
    const a = await buy(u.token, call.id, "3");
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.message).toBe("Purchased 3 shares for 0.03 BTC");
    const b = await buy(u.token, put.id, "2");
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(await balance(u.id, BTC)).toEqual({ available: 97_000_000, locked: 0 });
    expect(await balance(u.id, USDT)).toEqual({ available: 9_000 * USDT_UNIT, locked: 0 });
    expect((await balance(SYSTEM_ACCOUNTS.dual, BTC)).available - dual0.btc.available).toBe(3_000_000);
    expect((await balance(SYSTEM_ACCOUNTS.dual, USDT)).available - dual0.usdt.available).toBe(1_000 * USDT_UNIT);
    const detail = await api<DualProductView>(`/dual/detail?id=${call.id}`);
    expect(detail.body.message).toMatchObject({ purchased_number: 3, remaining_number: 97 });

    const mine = await myOrders(u.token);
    expect(mine.total).toBe(2);
    expect(mine.list[1]).toMatchObject({
      product_id: call.id,
      currency_name: "BTC",
      pay_currency: "BTC",
      type: "call",
      order_rate: "36.5",
      exercise_price: "50000",
      number: 3,
      price: "0.01",
      day: 10,
      total: "0.03",
      end_time: call.settle_time,
      status: 1,
      payout: null,
    });
    expect(mine.list[0]).toMatchObject({ type: "put", total: "1000", pay_currency: "USDT" });
    expect((await myOrders(u.token, { type: "put" })).list.map((o) => o.product_id)).toEqual([put.id]);
    expect((await myOrders(u.token, { status: "3" })).total).toBe(0);
    const positions = await api<{ currency: string; amount: string; orders: number }[]>("/dual/positions", { token: u.token });
    expect(positions.body.message.sort((x, y) => x.currency.localeCompare(y.currency))).toEqual([
      { currency: "BTC", amount: "0.03", orders: 1 },
      { currency: "USDT", amount: "1000", orders: 1 },
    ]);
    // Another user sees none of them.
    const other = await createUser();
    expect((await myOrders(other.token)).total).toBe(0);
    await expectInvariant();
  });

  it("refuses a quantity that is not a positive whole number, and unknown, closed or disabled products", async () => {
    const now = Date.now();
    const p = await product();
    const u = await buyer();
    for (const num of ["0", "-1", "1.5", "abc", "", "1e3", "0x10"]) {
      const res = await buy(u.token, p.id, num);
      expect([res.status, res.body.code], num).toEqual([400, "DUAL_NUM_INVALID"]);
    }
    expect((await api("/dual/buyDual", { token: u.token, form: { id: String(p.id), num: "1", price: "1" } })).status).toBe(400);
    expect((await buy(u.token, 999_999, "1")).status).toBe(404);
    const later = await product({ start: now + DAY_MS, end: now + 2 * DAY_MS });
    expect((await buy(u.token, later.id, "1")).body.code).toBe("DUAL_NOT_STARTED");
    const off = await product({ enabled: "0" });
    expect((await buy(u.token, off.id, "1")).status).toBe(404);
    expect((await api("/dual/buyDual", { form: { id: String(p.id), num: "1" } })).status).toBe(401);
    expect(await balance(u.id, BTC)).toEqual({ available: BTC_UNIT, locked: 0 });
    expect((await myOrders(u.token)).total).toBe(0);
  });

  it("answers a replayed Idempotency-Key with the first result and buys once", async () => {
    const p = await product();
    const u = await buyer({ btc: 1 });
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const form = { id: String(p.id), num: "4" };
    const [a, b] = [
      await api<string>("/dual/buyDual", { token: u.token, form, headers }),
      await api<string>("/dual/buyDual", { token: u.token, form, headers }),
    ];
    expect([a.status, a.body.message]).toEqual([200, "Purchased 4 shares for 0.04 BTC"]);
    expect([b.status, b.body.message]).toEqual([200, "Purchased 4 shares for 0.04 BTC"]);
    expect((await myOrders(u.token)).total).toBe(1);
    expect(await balance(u.id, BTC)).toEqual({ available: BTC_UNIT - 4_000_000, locked: 0 });
    const other = await api("/dual/buyDual", { token: u.token, form: { id: String(p.id), num: "5" }, headers });
    expect(other.status).toBe(409);
  });

  it("enforces the per-user limit across purchases, and a short balance writes nothing", async () => {
    const p = await product({ limit: 5 });
    const u = await buyer({ btc: 1 });
    expect((await buy(u.token, p.id, "3")).status).toBe(200);
    const over = await buy(u.token, p.id, "3");
    expect([over.status, over.body.code, over.body.message]).toEqual([
      409,
      "DUAL_OVER_LIMIT",
      "You can hold at most 5 shares of this product",
    ]);
    expect((await buy(u.token, p.id, "2")).status).toBe(200);
    const poor = await buyer({ btc: 0.005 });
    const short = await buy(poor.token, p.id, "1");
    expect([short.status, short.body.code]).toEqual([409, "INSUFFICIENT_BALANCE"]);
    const detail = await api<DualProductView>(`/dual/detail?id=${p.id}`);
    expect(detail.body.message.purchased_number).toBe(5);
    const holding = await db().select().from(tables.dualHoldings).where(eq(tables.dualHoldings.userId, poor.id)).all();
    expect(holding).toEqual([]);
    await expectInvariant();
  });

  it("sells exactly the last 10 shares to 50 concurrent buyers", async () => {
    const p = await product({ total: 10, limit: 5 });
    const users = await Promise.all(Array.from({ length: 50 }, () => buyer({ btc: 1 })));
    const answers = await Promise.all(users.map((u) => buy(u.token, p.id, "1")));
    expect(answers.filter((a) => a.status === 200).length).toBe(10);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.code === "DUAL_SOLD_OUT")).toBe(true);
    const row = await db().select().from(tables.dualProducts).where(eq(tables.dualProducts.id, p.id)).get();
    expect(row!.purchasedNumber).toBe(10);
    const orders = await db().select().from(tables.dualOrders).where(eq(tables.dualOrders.productId, p.id)).all();
    expect(orders.length).toBe(10);
    const paid = await Promise.all(users.map((u) => balance(u.id, BTC)));
    expect(paid.filter((b) => b.available === BTC_UNIT - 1_000_000).length).toBe(10);
    expect(paid.filter((b) => b.available === BTC_UNIT).length).toBe(40);
    await expectInvariant();
  });
});

describe("dual settlement", () => {
  /** A product bought by one user, its settlement instant moved to `at`. */
  async function matured(type: "call" | "put", num: string, at: number) {
    const p = await product({ type });
    const u = await buyer();
    expect((await buy(u.token, p.id, num)).status).toBe(200);
    await matureDualProduct(db(), p.id, at);
    const [order] = (await myOrders(u.token)).list;
    return { p, u, orderId: order!.id, settleAt: at };
  }

  it("pays a call below the linked price in the coin: amount × (1 + days × APR / 365), once however often the job runs", async () => {
    const { u, orderId, settleAt } = await matured("call", "10", Date.now());
    const trail = fakeTrail(() => "49999.99");
    const btc0 = (await balance(u.id, BTC)).available;
    await settleDualChunk(db(), settleAt + 3_000, trail);
    // 0.1 BTC × (1 + 10 × 0.365 / 365) = 0.101 BTC
    expect((await balance(u.id, BTC)).available - btc0).toBe(10_100_000);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 3, settlePrice: "49999.99", payoutCurrencyId: BTC, payout: 10_100_000 });
    // Twice, and late: nothing more.
    await settleDualChunk(db(), settleAt + 3_000, trail);
    await settleDualChunk(db(), settleAt + 5 * DAY_MS, trail);
    expect((await balance(u.id, BTC)).available - btc0).toBe(10_100_000);
    const journals = await db()
      .select({ n: sql<number>`count(*)` })
      .from(tables.journals)
      .where(eq(tables.journals.refKey, `dual:settle:${orderId}`))
      .get();
    expect(journals!.n).toBe(1);
    const view = (await myOrders(u.token)).list[0]!;
    expect(view).toMatchObject({ status: 3, payout: "0.101", payout_currency: "BTC", settle_price: "49999.99" });
    await expectInvariant();
  });

  it("pays at or above the linked price in USDT: amount × linked price × (1 + days × APR / 365), for calls and puts", async () => {
    const call = await matured("call", "2", Date.now());
    const put = await matured("put", "3", call.settleAt);
    const usdt0 = [(await balance(call.u.id, USDT)).available, (await balance(put.u.id, USDT)).available];
    await settleDualChunk(
      db(),
      call.settleAt + 3_000,
      fakeTrail(() => "50000"),
    );
    // Call: 0.02 BTC × 50,000 × 1.01 = 1,010 USDT. Put: 1,500 USDT is 0.03 BTC; × 50,000 × 1.01 = 1,515 USDT.
    expect((await balance(call.u.id, USDT)).available - usdt0[0]!).toBe(1_010 * USDT_UNIT);
    expect((await balance(put.u.id, USDT)).available - usdt0[1]!).toBe(1_515 * USDT_UNIT);
    expect(await orderRow(put.orderId)).toMatchObject({ status: 3, payoutCurrencyId: USDT, payout: 1_515 * USDT_UNIT });
    await expectInvariant();
  });

  it("pays a put below the linked price in the coin: (cost ÷ linked price) × factor, rounded down", async () => {
    const put = await matured("put", "1", Date.now());
    const btc0 = (await balance(put.u.id, BTC)).available;
    await settleDualChunk(
      db(),
      put.settleAt + 3_000,
      fakeTrail(() => "40000"),
    );
    // 500 USDT ÷ 50,000 = 0.01 BTC; × 1.01 = 0.0101 BTC.
    expect((await balance(put.u.id, BTC)).available - btc0).toBe(1_010_000);
    await expectInvariant();
  });

  it("uses the price in effect at the settlement instant, never the price when the job runs", async () => {
    const { u, orderId, settleAt } = await matured("call", "1", Date.now() - 60 * 60_000);
    // Below the strike at the settlement instant, far above it by the time the job runs.
    const trail = fakeTrail((t) => (t <= settleAt ? "45000" : "90000"));
    const btc0 = (await balance(u.id, BTC)).available;
    await settleDualChunk(db(), Date.now(), trail);
    expect(trail.asked).toContain(settleAt);
    expect(trail.asked.every((t) => t <= Date.now() - 60 * 60_000)).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ status: 3, settlePrice: "45000", priceTime: settleAt - 500, payoutCurrencyId: BTC });
    expect((await balance(u.id, BTC)).available - btc0).toBe(1_010_000);
  });

  it("without a price in effect marks the order settlementing and retries later, never guessing", async () => {
    const { u, orderId, settleAt } = await matured("call", "1", Date.now());
    const btc0 = (await balance(u.id, BTC)).available;
    await settleDualChunk(
      db(),
      settleAt + 3_000,
      fakeTrail(() => null),
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 2, nextTryAt: settleAt + 3_000 + DUAL_RETRY_MS, payout: null });
    expect((await myOrders(u.token)).list[0]!.status).toBe(2);
    // Before the retry time nothing is asked; after it, a price in effect at the instant settles it.
    const early = fakeTrail(() => "40000");
    await settleDualChunk(db(), settleAt + 4_000, early);
    expect(early.asked).not.toContain(settleAt);
    await settleDualChunk(
      db(),
      settleAt + 3_000 + DUAL_RETRY_MS,
      fakeTrail(() => "40000"),
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 3, payout: 1_010_000 });
    expect((await balance(u.id, BTC)).available - btc0).toBe(1_010_000);
    await expectInvariant();
  });

  it("fails and refunds the cost when the settlement instant has left the price trail", async () => {
    const { u, orderId, settleAt } = await matured("put", "1", Date.now());
    const usdt0 = (await balance(u.id, USDT)).available;
    await settleDualChunk(
      db(),
      settleAt + TRAIL_KEEP_MS + 60_000,
      fakeTrail(() => null),
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 4, payout: 500 * USDT_UNIT, payoutCurrencyId: USDT, settlePrice: null });
    expect((await balance(u.id, USDT)).available - usdt0).toBe(500 * USDT_UNIT);
    await expectInvariant();
  });

  it("settles on the coin market's own trail through the Market object", async () => {
    type Internals = { feedTick(): Promise<void> };
    await runInDurableObject(marketStub("BTC-USDT"), (m: Market) => (m as unknown as Internals).feedTick());
    const at = Date.now();
    const { u, orderId } = await matured("call", "1", at);
    const entry = await marketStub("BTC-USDT").trailAt(at);
    expect(entry).not.toBeNull();
    const reader: TrailReader = { trailAt: (symbol, t) => marketStub(symbol.replace("/", "-")).trailAt(t) };
    const btc0 = (await balance(u.id, BTC)).available;
    const usdt0 = (await balance(u.id, USDT)).available;
    await settleDualChunk(db(), at + 3_000, reader);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 3, settlePrice: entry!.price, priceTime: entry!.time });
    const below = Number(entry!.price) < 50_000;
    const gained = below ? (await balance(u.id, BTC)).available - btc0 : (await balance(u.id, USDT)).available - usdt0;
    expect(gained).toBe(row!.payout);
    await expectInvariant();
  });
});

describe("dual settlement when the dual account runs short", () => {
  it("pays the orders it can cover, keeps the others settlementing, and pays them once the account is funded", async () => {
    const ETH = 2;
    const p = await api<DualProductView>("/admin/dual/product", {
      token: operator.token,
      form: {
        name: "ETH call",
        currency: "ETH",
        type: "call",
        rate: "36.5",
        exercise_price: "3000",
        per_price: "1",
        total_number: "10",
        user_limit: "10",
        start_time: String(Date.now() - 60_000),
        end_time: String(Date.now() + 3_600_000),
        day: "10",
      },
    });
    const btcCall = await product();
    const rich = await buyer();
    const ethBuyer = await createUser();
    await fund(ethBuyer.id, ETH, 2 * BTC_UNIT);
    expect((await buy(ethBuyer.token, p.body.message.id, "1")).status).toBe(200);
    expect((await buy(rich.token, btcCall.id, "1")).status).toBe(200);
    const at = Date.now();
    await matureDualProduct(db(), p.body.message.id, at);
    await matureDualProduct(db(), btcCall.id, at);
    // ETH pays 1 × 1.01 ETH below the linked price; the dual account holds only the 1 ETH it was paid.
    const both: TrailReader = {
      trailAt: async (symbol, t) => ({ time: t, price: symbol === "ETH/USDT" ? "2000" : "40000", source: "test" }),
    };
    await settleDualChunk(db(), at + 3_000, both);
    const [eth, btc] = await Promise.all([myOrders(ethBuyer.token), myOrders(rich.token)]);
    expect(eth.list[0]!.status).toBe(2);
    expect(btc.list[0]).toMatchObject({ status: 3, payout: "0.0101", payout_currency: "BTC" });
    await fund(SYSTEM_ACCOUNTS.dual, ETH, BTC_UNIT);
    const eth0 = (await balance(ethBuyer.id, ETH)).available;
    await settleDualChunk(db(), at + 3_000 + DUAL_RETRY_MS, both);
    expect((await myOrders(ethBuyer.token)).list[0]).toMatchObject({ status: 3, payout: "1.01", payout_currency: "ETH" });
    expect((await balance(ethBuyer.id, ETH)).available - eth0).toBe(101_000_000);
    await expectInvariant();
  });
});
