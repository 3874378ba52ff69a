import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import { StaticFeed } from "../../durable/spot/feed.ts";
import type { TransferFee, TransferList } from "../../schema/api/market.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { clearMarketCache } from "../../worker/domain/markets/markets.ts";
import { type QuoteClaims, signQuote } from "../../worker/domain/markets/quote-token.ts";
import { toTicks } from "../../worker/domain/markets/units.ts";
import { api, createUser, heldLimiterClock } from "./helpers.ts";
import { ETH_ADDRESS, PAY_PASSWORD, expectInvariant, fund, saveAddress, withdrawCode, withdrawer } from "./money-helpers.ts";
import { BTC, USDT, balance, db, marketStub, placed, seedMarkets, total } from "./market-helpers.ts";

/**
 * Coin conversion at live, checked prices with locked quotes. Each market's
 * feed is replaced by one that never moves, so a test pins the reference price
 * and when the feed last confirmed it; the order book is made of real orders.
 */

const ETH = 2;
const USDC = 4;
const SOL = 5;
const XRP = 6;
const USDT_1 = 1_000_000;
const COIN_1 = 100_000_000;

type Internals = {
  feed: { kind: string; tick(now: number): number | null; save(): string };
  core: { setReference(ticks: number): void; referenceAt: number | null };
  feedTick(): Promise<void>;
};
const internals = (m: Market) => m as unknown as Internals;

/** The market's reference price and when its feed last confirmed it (null: never); the feed then holds still. */
const pin = (name: string, price: string, at: number | null = Date.now()) =>
  runInDurableObject(marketStub(name), (m: Market) => {
    const i = internals(m);
    i.feed = { kind: "simulator", tick: () => null, save: () => "" };
    i.core.setReference(toTicks(price, "0.01"));
    i.core.referenceAt = at;
  });

/** Healthy prices: ETH 3,400 and BTC 95,000, just confirmed, inside their books. */
const pinHealthy = async () => {
  await pin("ETH-USDT", "3400");
  await pin("BTC-USDT", "95000");
  await pin("SOL-USDT", "180");
};

let maker: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedMarkets();
  maker = await createUser();
  await fund(maker.id, USDT, 100_000 * USDT_1);
  await fund(maker.id, ETH, COIN_1);
  await fund(maker.id, BTC, COIN_1);
  // ETH book 3,399 / 3,401 (mid 3,400); BTC 94,990 / 95,010; SOL has no orders at all.
  await placed(maker.token, { side: "buy", price: "3399", amount: "0.01", currency_id: String(ETH) });
  await placed(maker.token, { side: "sell", price: "3401", amount: "0.01", currency_id: String(ETH) });
  await placed(maker.token, { side: "buy", price: "94990", amount: "0.001" });
  await placed(maker.token, { side: "sell", price: "95010", amount: "0.001" });
});

beforeEach(pinHealthy);

const quote = (token: string, from: number, to: number, number?: string, lang?: string) =>
  api<TransferFee>("/user/getTransferFee", {
    token,
    form: {
      from_currency_id: String(from),
      to_currency_id: String(to),
      ...(number === undefined ? {} : { number }),
      ...(lang ? { lang } : {}),
    },
  });

const confirm = (
  token: string,
  f: { number: string; from: number; to: number; quoteId: string },
  headers?: Record<string, string>,
  lang?: string,
) =>
  api<string>("/user/Transfer", {
    token,
    form: {
      number: f.number,
      from_currency_id: String(f.from),
      to_currency_id: String(f.to),
      quote_id: f.quoteId,
      ...(lang ? { lang } : {}),
    },
    headers,
  });

/** A quote that must be granted; returns its id. */
async function granted(token: string, from: number, to: number, number: string): Promise<string> {
  const res = await quote(token, from, to, number);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.quote!.quote_id;
}

async function convertJournals(userId: number) {
  return db()
    .select()
    .from(tables.journals)
    .where(and(eq(tables.journals.kind, "convert"), eq(tables.journals.userId, userId)))
    .all();
}

const sign = (claims: Partial<QuoteClaims> & Pick<QuoteClaims, "uid">) =>
  signQuote(env.PASSWORD_PEPPER!, {
    from: USDT,
    to: ETH,
    units: 100 * USDT_1,
    fee: 200_000,
    recv: 2_935_294,
    fp: "1",
    tp: "3400",
    exp: Date.now() + 10_000,
    n: crypto.randomUUID(),
    ...claims,
  });

describe("quotes from live prices", () => {
  it("quotes both prices, the fee, the rate and the price age; with a number, a locked amount that expires in 10 s", async () => {
    const u = await createUser();
    const at = Date.now() - 2_000;
    await pin("ETH-USDT", "3400", at);
    const bare = await quote(u.token, USDT, ETH);
    expect(bare.status).toBe(200);
    expect(bare.body.message).toMatchObject({
      form_price: "1",
      to_price: "3400",
      fee: "0.2",
      rate: "0.00029412",
      price_time: at,
      quote: null,
    });
    expect(bare.body.message.price_age).toBeGreaterThanOrEqual(2_000);
    expect(bare.body.message.price_age).toBeLessThan(10_000);

    const before = Date.now();
    const res = await quote(u.token, USDT, ETH, "340");
    const after = Date.now();
    expect(res.status).toBe(200);
    const q = res.body.message.quote!;
    expect({ number: q.number, fee_amount: q.fee_amount, receive: q.receive, expires_in: q.expires_in }).toEqual({
      number: "340",
      fee_amount: "0.68",
      receive: "0.0998",
      expires_in: 10_000,
    });
    expect(q.expires_at).toBeGreaterThanOrEqual(before + 10_000);
    expect(q.expires_at).toBeLessThanOrEqual(after + 10_000);
    expect(q.quote_id).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it("pays exactly the confirmed amount although the price moved (within the band) between quote and confirmation", async () => {
    const u = await createUser();
    await fund(u.id, ETH, COIN_1);
    const fees0 = await total(SYSTEM_ACCOUNTS.fees, ETH);
    const res = await quote(u.token, ETH, USDT, "0.278");
    const q = res.body.message.quote!;
    // fee ⌈0.278 × 0.2 %⌉ = 0.000556 ETH; 0.277444 ETH × 3,400 = 943.3096 USDT.
    expect({ fee: q.fee_amount, receive: q.receive }).toEqual({ fee: "0.000556", receive: "943.3096" });
    // The price moves before the user confirms; at 3,401.30 the old rule would have paid 943.670277 USDT.
    await pin("ETH-USDT", "3401.3");
    const done = await confirm(u.token, { number: "0.278", from: ETH, to: USDT, quoteId: q.quote_id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe("Converted 0.278 ETH into 943.3096 USDT");
    expect(await balance(u.id, USDT)).toEqual({ available: 943_309_600, locked: 0 });
    expect(await balance(u.id, ETH)).toEqual({ available: 72_200_000, locked: 0 });
    expect((await total(SYSTEM_ACCOUNTS.fees, ETH)) - fees0).toBe(55_600);
    const [journal] = await convertJournals(u.id);
    expect(JSON.parse(journal!.memo)).toEqual({
      from: "ETH",
      to: "USDT",
      amount: "0.278",
      fee: "0.000556",
      received: "943.3096",
      from_price: "3400",
      to_price: "1",
    });
    await expectInvariant();
  });

  it("rounds in the house's favour at the boundary: 340.000001 USDT pays a fee of 0.680001 and receives 0.0998 ETH", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * USDT_1);
    const house0 = { usdt: await total(SYSTEM_ACCOUNTS.house, USDT), eth: await total(SYSTEM_ACCOUNTS.house, ETH) };
    const fees0 = await total(SYSTEM_ACCOUNTS.fees, USDT);
    const res = await quote(u.token, USDT, ETH, "340.000001");
    expect(res.body.message.quote).toMatchObject({ fee_amount: "0.680001", receive: "0.0998" });
    const done = await confirm(u.token, { number: "340.000001", from: USDT, to: ETH, quoteId: res.body.message.quote!.quote_id });
    expect(done.status).toBe(200);
    expect(await balance(u.id, USDT)).toEqual({ available: 659_999_999, locked: 0 });
    expect(await balance(u.id, ETH)).toEqual({ available: 9_980_000, locked: 0 });
    expect((await total(SYSTEM_ACCOUNTS.fees, USDT)) - fees0).toBe(680_001);
    expect((await total(SYSTEM_ACCOUNTS.house, USDT)) - house0.usdt).toBe(339_320_000);
    expect(house0.eth - (await total(SYSTEM_ACCOUNTS.house, ETH))).toBe(9_980_000);
    await expectInvariant();
  });

  it("converts between two markets (BTC into ETH) at both live prices", async () => {
    const u = await createUser();
    await fund(u.id, BTC, COIN_1);
    const res = await quote(u.token, BTC, ETH, "0.01");
    // fee 0.00002 BTC; 0.00998 BTC × 95,000 / 3,400 = 0.27885294… ETH.
    expect(res.body.message).toMatchObject({ form_price: "95000", to_price: "3400", rate: "27.94117647" });
    expect(res.body.message.quote).toMatchObject({ fee_amount: "0.00002", receive: "0.27885294" });
    const done = await confirm(u.token, { number: "0.01", from: BTC, to: ETH, quoteId: res.body.message.quote!.quote_id });
    expect(done.status).toBe(200);
    expect(await balance(u.id, ETH)).toEqual({ available: 27_885_294, locked: 0 });
    expect(await balance(u.id, BTC)).toEqual({ available: 99_000_000, locked: 0 });
  });
});

describe("prices the rule refuses: 409 and no money moves", () => {
  /** A user with 1,000 USDT and a quote for 100 USDT into ETH, granted while the prices were healthy. */
  async function quoted() {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * USDT_1);
    const quoteId = await granted(u.token, USDT, ETH, "100");
    return { u, quoteId };
  }

  async function expectRefused(u: { id: number; token: string }, quoteId: string, code: string, message: string) {
    const q = await quote(u.token, USDT, ETH, "100");
    expect([q.status, q.body.code, q.body.message]).toEqual([409, code, message]);
    const c = await confirm(u.token, { number: "100", from: USDT, to: ETH, quoteId });
    expect([c.status, c.body.code]).toEqual([409, code]);
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    expect(await balance(u.id, ETH)).toEqual({ available: 0, locked: 0 });
    expect(await convertJournals(u.id)).toEqual([]);
  }

  it("a frozen feed: the reference price was last confirmed a minute ago", async () => {
    const { u, quoteId } = await quoted();
    await pin("ETH-USDT", "3400", Date.now() - 60_000);
    await expectRefused(
      u,
      quoteId,
      "CONVERSION_PRICE_STALE",
      "The price of ETH has not been updated in the last 10 seconds, so it cannot be converted now",
    );
  });

  it("a switched-off feed: the market repeats its configured price, which never counts as live", async () => {
    const { u, quoteId } = await quoted();
    await runInDurableObject(marketStub("ETH-USDT"), async (m: Market) => {
      const i = internals(m);
      i.feed = new StaticFeed(toTicks("3400", "0.01"));
      i.core.referenceAt = null;
      await i.feedTick();
    });
    expect((await marketStub("ETH-USDT").prices()).reference).toBeNull();
    await expectRefused(u, quoteId, "CONVERSION_NO_PRICE", "No live price for ETH right now, please try again later");
  });

  it("a 20 % jump the order book does not confirm", async () => {
    const { u, quoteId } = await quoted();
    await pin("ETH-USDT", "4080");
    await expectRefused(
      u,
      quoteId,
      "CONVERSION_PRICE_OFF_BOOK",
      "The price of ETH is moving fast and does not match its market right now, please try again shortly",
    );
  });

  it("a coin with no market (USDC), even with a quote this server signed", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * USDT_1);
    const q = await quote(u.token, USDT, USDC, "100");
    expect([q.status, q.body.code, q.body.message]).toEqual([
      409,
      "CONVERSION_NO_MARKET",
      "No live price for USDC: it has no market to convert through",
    ]);
    const quoteId = await sign({ uid: u.id, to: USDC, recv: 99_800_000, tp: "1" });
    const c = await confirm(u.token, { number: "100", from: USDT, to: USDC, quoteId });
    expect([c.status, c.body.code]).toEqual([409, "CONVERSION_NO_MARKET"]);
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    expect(await balance(u.id, USDC)).toEqual({ available: 0, locked: 0 });
    const zh = await quote(u.token, USDC, USDT, "1", "zh");
    expect(zh.body.message).toBe("USDC 暂无实时价格：没有可用于兑换的交易市场");
  });

  it("an empty order book (SOL), however fresh its reference price", async () => {
    const u = await createUser();
    const q = await quote(u.token, USDT, SOL, "100");
    expect([q.status, q.body.code]).toEqual([409, "CONVERSION_NO_BOOK"]);
    expect(q.body.message).toBe("The SOL market has no orders to check the price against, so it cannot be converted now");
  });

  it("still refuses what it refused before: same coin, a coin that does not convert, an amount too small or too precise", async () => {
    const u = await createUser();
    const cases: [string, number, number, number, string][] = [
      ["10", USDT, USDT, 400, "TRANSFER_SAME_CURRENCY"],
      ["10", USDT, XRP, 400, "TRANSFER_NOT_SUPPORTED"],
      ["10", USDT, 999, 400, "UNKNOWN_CURRENCY"],
      ["0.000001", USDT, ETH, 400, "CONVERSION_TOO_SMALL"],
      ["0.0000001", USDT, ETH, 400, "AMOUNT_TOO_PRECISE"],
      ["abc", USDT, ETH, 400, "INVALID_AMOUNT"],
      ["1500000", USDT, BTC, 409, "CONVERSION_UNAVAILABLE"],
    ];
    for (const [number, from, to, status, code] of cases) {
      const res = await quote(u.token, from, to, number);
      expect([res.status, res.body.code], `${number} ${from}->${to}`).toEqual([status, code]);
    }
    expect((await api("/user/getTransferFee", { form: { from_currency_id: "3", to_currency_id: "2" } })).status).toBe(401);
    expect((await api("/user/getTransferFee", { token: u.token, form: { from_currency_id: "3" } })).status).toBe(400);
  });
});

describe("confirming a quote", () => {
  it("refuses an expired quote with 409, and a quote for anyone or anything else with 400; nothing moves", async () => {
    const u = await createUser();
    const other = await createUser();
    await fund(u.id, USDT, 1_000 * USDT_1);
    const good = await granted(u.token, USDT, ETH, "100");
    const [body, sig] = good.split(".") as [string, string];
    const tampered = `${body.slice(0, -2)}${body.endsWith("A") ? "B" : "A"}${body.slice(-1)}.${sig}`;
    const cases: [Parameters<typeof confirm>[1], number, string][] = [
      [{ number: "100", from: USDT, to: ETH, quoteId: await sign({ uid: u.id, exp: Date.now() - 1 }) }, 409, "QUOTE_EXPIRED"],
      [{ number: "100", from: USDT, to: ETH, quoteId: tampered }, 400, "QUOTE_INVALID"],
      [{ number: "100", from: USDT, to: ETH, quoteId: await sign({ uid: other.id }) }, 400, "QUOTE_INVALID"],
      [{ number: "101", from: USDT, to: ETH, quoteId: good }, 400, "QUOTE_INVALID"],
      [{ number: "100", from: USDT, to: BTC, quoteId: good }, 400, "QUOTE_INVALID"],
      [{ number: "100", from: USDT, to: ETH, quoteId: "not-a-quote" }, 400, "QUOTE_INVALID"],
    ];
    for (const [form, status, code] of cases) {
      const res = await confirm(u.token, form);
      expect([res.status, res.body.code], JSON.stringify(form)).toEqual([status, code]);
    }
    const missing = await api("/user/Transfer", { token: u.token, form: { number: "100", from_currency_id: "3", to_currency_id: "2" } });
    expect([missing.status, missing.body.code]).toEqual([400, "PARAMETER_ERROR"]);
    const jp = await confirm(u.token, { number: "100", from: USDT, to: ETH, quoteId: await sign({ uid: u.id, exp: 1 }) }, undefined, "jp");
    expect(jp.body.message).toBe("見積もりの有効期限が切れました。新しい見積もりを確認してください");
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    expect(await convertJournals(u.id)).toEqual([]);
  });

  it("refuses a quote whose price moved beyond the band since, though the new price itself passes the rule", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * USDT_1);
    // Quoted at 3,332 (2 % under the book's mid), confirmed at 3,468 (2 % over): each passes, the move is 4 %.
    await pin("ETH-USDT", "3332");
    const quoteId = await granted(u.token, USDT, ETH, "100");
    await pin("ETH-USDT", "3468");
    const res = await confirm(u.token, { number: "100", from: USDT, to: ETH, quoteId });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      "QUOTE_MOVED",
      "The price has moved since your quote, please confirm the new quote",
    ]);
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000 * USDT_1, locked: 0 });
    expect(await convertJournals(u.id)).toEqual([]);
  });

  it("converts a quote once: a replay under its Idempotency-Key answers the same, any other confirmation is 409 QUOTE_USED", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * USDT_1);
    const form = { number: "340", from: USDT, to: ETH, quoteId: await granted(u.token, USDT, ETH, "340") };
    const key = { "Idempotency-Key": `conv-${crypto.randomUUID()}` };
    const first = await confirm(u.token, form, key);
    expect([first.status, first.body.message]).toEqual([200, "Converted 340 USDT into 0.0998 ETH"]);
    const replay = await confirm(u.token, form, key);
    expect([replay.status, replay.body.message, replay.headers.get("Idempotent-Replayed")]).toEqual([200, first.body.message, "true"]);
    const again = await confirm(u.token, form, { "Idempotency-Key": `conv-${crypto.randomUUID()}` });
    expect([again.status, again.body.code]).toEqual([409, "QUOTE_USED"]);
    const bare = await confirm(u.token, form);
    expect([bare.status, bare.body.code]).toEqual([409, "QUOTE_USED"]);
    expect(await balance(u.id, USDT)).toEqual({ available: 660 * USDT_1, locked: 0 });
    expect(await balance(u.id, ETH)).toEqual({ available: 9_980_000, locked: 0 });
    expect(await convertJournals(u.id)).toHaveLength(1);
    await expectInvariant();
  });

  it("refuses a short balance with 409 INSUFFICIENT_BALANCE and moves nothing", async () => {
    const poor = await createUser();
    await fund(poor.id, USDT, USDT_1);
    const res = await confirm(poor.token, { number: "10", from: USDT, to: ETH, quoteId: await granted(poor.token, USDT, ETH, "10") });
    expect([res.status, res.body.code]).toEqual([409, "INSUFFICIENT_BALANCE"]);
    expect(await balance(poor.id, USDT)).toEqual({ available: USDT_1, locked: 0 });
  });
});

describe("rate limits", () => {
  /** Waits until the current fixed window has at least `needMs` left. */
  async function windowWithRoom(windowMs: number, needMs: number): Promise<void> {
    const left = windowMs - (Date.now() % windowMs);
    if (left < needMs) await new Promise((r) => setTimeout(r, left + 5));
  }

  it("POST /user/Transfer: 10 per 10 s per user, the 11th gets 429 with Retry-After; another user is not affected", async () => {
    const u = await createUser();
    const other = await createUser();
    const form = { number: "100", from: USDT, to: ETH, quoteId: await sign({ uid: u.id, exp: 1 }) };
    heldLimiterClock.hold();
    let limited;
    try {
      for (let i = 0; i < 10; i++) expect((await confirm(u.token, form)).body.code).toBe("QUOTE_EXPIRED");
      limited = await confirm(u.token, form);
    } finally {
      heldLimiterClock.release();
    }
    expect([limited.status, limited.body.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    const retry = Number(limited.headers.get("Retry-After"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(10);
    expect((await confirm(other.token, { ...form, quoteId: await sign({ uid: other.id, exp: 1 }) })).body.code).toBe("QUOTE_EXPIRED");
  });

  it("POST /coin/trade: 20 per second per user and market, counted by the Market object; the next window lets orders through", async () => {
    const u = await createUser();
    const order = { currency_id: String(BTC), legal_id: String(USDT), type: "1", amount: "0.001", target_price: "90000" };
    await windowWithRoom(1_000, 700);
    const burst = await Promise.all(Array.from({ length: 21 }, () => api("/coin/trade", { token: u.token, form: order })));
    const codes = burst.map((r) => r.body.code);
    expect(codes.filter((c) => c === "INSUFFICIENT_BALANCE")).toHaveLength(20);
    const limited = burst.filter((r) => r.status === 429);
    expect(limited.map((r) => [r.body.code, r.headers.get("Retry-After")])).toEqual([["TOO_MANY_REQUESTS", "1"]]);
    await new Promise((r) => setTimeout(r, 1_000 - (Date.now() % 1_000) + 5));
    const next = await api("/coin/trade", { token: u.token, form: order });
    expect([next.status, next.body.code]).toEqual([409, "INSUFFICIENT_BALANCE"]);
  });
});

describe("a coin an operator switched off never traps money", () => {
  const setCurrency = (id: number, enabled: boolean) => db().update(tables.currencies).set({ enabled }).where(eq(tables.currencies.id, id));
  const setMarket = (id: number, enabled: boolean) => db().update(tables.markets).set({ enabled }).where(eq(tables.markets.id, id));

  it("ETH switched off: holders convert, move and withdraw it; nobody converts into it", async () => {
    const u = await withdrawer();
    await fund(u.id, ETH, COIN_1);
    await saveAddress(u.id, ETH, ETH_ADDRESS, "ETH");
    const outsider = await createUser();
    await fund(outsider.id, USDT, 100 * USDT_1);
    await setCurrency(ETH, false);
    clearMarketCache();
    try {
      const list = await api<TransferList>("/user/getTransferList", { token: u.token, form: {} });
      expect(list.body.message.transfer.find((c) => c.id === ETH)).toEqual({ id: ETH, name: "ETH", fee: "0.2", into: false });
      expect(list.body.message.wallet.find((w) => w.currency === ETH)!.change_balance).toBe("1");
      const theirs = await api<TransferList>("/user/getTransferList", { token: outsider.token, form: {} });
      expect(theirs.body.message.transfer.map((c) => c.name)).toEqual(["BTC", "USDT", "USDC", "SOL"]);

      const into = await quote(outsider.token, USDT, ETH, "10");
      expect([into.status, into.body.code, into.body.message]).toEqual([
        409,
        "CONVERSION_TARGET_DISABLED",
        "ETH is suspended: you can convert out of it, but not into it",
      ]);
      expect((await quote(outsider.token, USDT, ETH, "10", "fra")).body.message).toBe(
        "ETH est suspendu : vous pouvez le convertir en une autre crypto, mais pas en obtenir",
      );

      const q = await quote(u.token, ETH, USDT, "0.1");
      expect(q.status).toBe(200);
      const done = await confirm(u.token, { number: "0.1", from: ETH, to: USDT, quoteId: q.body.message.quote!.quote_id });
      expect([done.status, done.body.message]).toEqual([200, "Converted 0.1 ETH into 339.32 USDT"]);

      const moved = await api("/wallet/change", {
        token: u.token,
        form: { currency_id: String(ETH), number: "0.1", from_field: "change", to_field: "lever" },
      });
      expect(moved.status).toBe(200);
      const out = await api("/wallet/out", {
        token: u.token,
        form: {
          currency: "ETH",
          type: "0",
          number: "0.5",
          address: ETH_ADDRESS,
          pay_password: PAY_PASSWORD,
          code: await withdrawCode(u.email),
        },
      });
      expect([out.status, out.body.type]).toEqual([200, "ok"]);
      expect(await balance(u.id, ETH)).toEqual({ available: 30_000_000, locked: 50_000_000 });
      expect(await balance(u.id, ETH, 3)).toEqual({ available: 10_000_000, locked: 0 });
      await expectInvariant();
    } finally {
      await setCurrency(ETH, true);
      clearMarketCache();
    }
  });

  it("a switched-off market refuses conversions into its coin with the reason", async () => {
    const u = await createUser();
    await setMarket(2, false);
    clearMarketCache();
    try {
      const res = await quote(u.token, USDT, ETH, "10");
      expect([res.status, res.body.code, res.body.message]).toEqual([
        409,
        "CONVERSION_TARGET_DISABLED",
        "ETH is suspended: you can convert out of it, but not into it",
      ]);
    } finally {
      await setMarket(2, true);
      clearMarketCache();
    }
  });
});

it("listed coins: each says whether it can be converted into", async () => {
  const u = await createUser();
  await fund(u.id, USDT, 123 * USDT_1);
  const res = await api<TransferList>("/user/getTransferList", { token: u.token, form: {} });
  expect(res.body.message.transfer).toEqual([
    { id: BTC, name: "BTC", fee: "0.2", into: true },
    { id: ETH, name: "ETH", fee: "0.2", into: true },
    { id: USDT, name: "USDT", fee: "0.2", into: true },
    { id: USDC, name: "USDC", fee: "0.2", into: true },
    { id: SOL, name: "SOL", fee: "0.2", into: true },
  ]);
  expect(res.body.message.wallet.find((w) => w.currency === USDT)).toEqual({
    currency: USDT,
    currency_name: "USDT",
    change_balance: "123",
    display_decimals: 4,
  });
});
