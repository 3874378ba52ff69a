import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContractMarket } from "../../durable/contract/contract-market.ts";
import type { StockFeed } from "../../durable/stocks/stock-feed.ts";
import type { LeverDeal, LeverPosition } from "../../schema/api/contracts.ts";
import type { StockQuotation } from "../../schema/api/stocks.ts";
import type { AdminContracts } from "../../schema/api/admin-contracts.ts";
import { D } from "../../worker/domain/ledger/index.ts";
import { clearMarketCache } from "../../worker/domain/markets/markets.ts";
import { toTicks } from "../../worker/domain/markets/units.ts";
import { stockSeedStatements } from "../../worker/domain/seed/stock-seed.ts";
import { api, createUser } from "./helpers.ts";
import { PAY_PASSWORD, expectInvariant } from "./money-helpers.ts";
import { USDT } from "./market-helpers.ts";
import { leverTrader, seedContracts } from "./contract-helpers.ts";

const AAPL = 101;
const pair = { currency_id: String(AAPL), legal_id: String(USDT) };
/** Tuesday 24 November 2026, 10:00 in New York (EST): in session. */
const TUESDAY_OPEN = Date.parse("2026-11-24T15:00:00Z");
/** Saturday 28 November 2026, 10:00 in New York: closed. */
const SATURDAY = Date.parse("2026-11-28T15:00:00Z");

const feed = (name = "AAPL-USDT") => (env.StockFeed as DurableObjectNamespace<StockFeed>).getByName(name);
const contract = () => (env.ContractMarket as DurableObjectNamespace<ContractMarket>).getByName("AAPL-USDT");
const setClock = (at: number | null) => api("/dev/stock_clock", { form: at === null ? {} : { at: String(at) } });
const submit = (token: string, form: Record<string, string> = {}) =>
  api<{ message: string; id: number }>("/lever/submit", {
    token,
    form: { ...pair, share: "2", multiple: "10", type: "1", password: PAY_PASSWORD, ...form },
  });
const position = async (token: string, id: number) =>
  (await api<{ message: LeverPosition[] }>("/lever/my_trade", { token, form: { ...pair, status: "-1" } })).body.message.message.find(
    (p) => p.id === id,
  )!;

beforeAll(async () => {
  await seedContracts();
  await env.DB.batch(stockSeedStatements(Date.now()).map((s) => env.DB.prepare(s)));
  clearMarketCache();
});

describe("stock pairs", () => {
  it("lists the five stock pairs with price, change and the session by the (dev) clock", async () => {
    await setClock(SATURDAY);
    const res = await api<StockQuotation[]>("/stocks/quotation");
    expect(res.status).toBe(200);
    expect(res.body.message.map((q) => q.symbol)).toEqual(["AAPL/USDT", "TSLA/USDT", "NVDA/USDT", "MSFT/USDT", "AMZN/USDT"]);
    expect(res.body.message.every((q) => q.open === false)).toBe(true);
    // Saturday 10:00 New York: the next open is Monday 30 November, 09:30 EST = 14:30 UTC (its real-clock instant).
    const offset = SATURDAY - Date.now();
    expect(res.body.message[0]!.next_change + offset).toBeGreaterThanOrEqual(Date.parse("2026-11-30T14:30:00Z") - 5_000);
    expect(res.body.message[0]!.next_change + offset).toBeLessThanOrEqual(Date.parse("2026-11-30T14:30:00Z") + 5_000);
    await setClock(TUESDAY_OPEN);
    const open = await api<StockQuotation[]>("/stocks/quotation");
    expect(open.body.message.every((q) => q.open === true)).toBe(true);
  });

  it("refuses a new position outside NYSE hours with a translated reason, and the deal says closed", async () => {
    const user = await leverTrader();
    await setClock(SATURDAY);
    const res = await api("/lever/submit", {
      token: user.token,
      form: { ...pair, share: "1", multiple: "10", type: "1", password: PAY_PASSWORD, lang: "spa" },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("STOCK_MARKET_CLOSED");
    expect(res.body.message).toBe(
      "La bolsa está cerrada (NYSE, 09:30–16:00 hora de Nueva York, de lunes a viernes); las órdenes esperan a la apertura",
    );
    const deal = (await api<LeverDeal>("/lever/deal", { token: user.token, form: pair })).body.message;
    expect(deal).toMatchObject({ symbol: "AAPL/USDT", feed: "stock", lot_size: "1", spread: "0.02", session: { open: false } });
    expect(await position(user.token, 0)).toBeUndefined();
  });

  it("opens in hours at the stock feed's price plus the spread; the take-profit fires on a stock tick that crosses it", async () => {
    const user = await leverTrader();
    await setClock(TUESDAY_OPEN);
    const quote = await feed().prices();
    expect(quote.open).toBe(true);
    const tp = new D(quote.reference!).plus(5).toFixed();
    const opened = await submit(user.token, { target_profit_price: tp });
    expect(opened.status).toBe(200);
    const id = opened.body.message.id;
    const held = await position(user.token, id);
    expect(held.status).toBe(1);
    expect(held.price).toBe(new D(held.open_ref).plus("0.02").toFixed());
    // A tick past the take-profit on the stock's own trail, after the position's time.
    const at = Date.now() + 30_000;
    const price = new D(tp).plus("0.5").toFixed();
    await runInDurableObject(feed(), (f: StockFeed) => {
      (f as unknown as { trail: { record(t: number, ticks: number, source: string): void } }).trail.record(
        at,
        toTicks(price, "0.01"),
        "simulator",
      );
    });
    await runInDurableObject(contract(), async (o: ContractMarket) => {
      const i = o as unknown as { tick(now: number): Promise<void>; drain(): Promise<void> };
      await i.tick(at + 1);
      await i.drain();
    });
    const closed = await position(user.token, id);
    expect(closed).toMatchObject({ status: 3, close_reason: "take_profit", update_price: price, close_ref_at: at });
    // Two shares: P/L = (tick − open price) × 2.
    expect(closed.profits).toBe(new D(price).minus(held.price).times(2).toFixed());
    await expectInvariant();
  });

  it("records no ticks while closed, so triggers wait for the open; the price trail is public", async () => {
    await setClock(SATURDAY);
    const before = Date.now();
    await runInDurableObject(feed("TSLA-USDT"), async (f: StockFeed) => {
      await (f as unknown as { tick(now: number): Promise<void> }).tick(Date.now());
    });
    expect(await feed("TSLA-USDT").trailRange(before, Date.now() + 1, 100)).toEqual([]);
    expect((await api("/dev/steer_price", { form: { symbol: "TSLA/USDT", price: "400" } })).status).toBe(409);
    await setClock(TUESDAY_OPEN);
    expect((await api("/dev/steer_price", { form: { symbol: "TSLA/USDT", price: "400" } })).status).toBe(200);
    const trail = await api<{ entries: { price: string }[] }>(`/currency/price_trail?symbol=TSLA-USDT&from=${before}`);
    expect(trail.status).toBe(200);
    // The steered tick is on the trail (the simulator may have walked on from it since).
    expect(trail.body.message.entries.map((e) => e.price)).toContain("400");
  });

  it("in session, a feed without a tick for over a minute prices nothing: 409 CONTRACT_NO_PRICE", async () => {
    const user = await leverTrader();
    await setClock(TUESDAY_OPEN);
    await runInDurableObject(feed("MSFT-USDT"), (f: StockFeed) => {
      // A provider gone quiet: no source of ticks, the last one 61 s old.
      const i = f as unknown as { sim: unknown; saved: { lastAt?: number } };
      i.sim = null;
      i.saved.lastAt = Date.now() - 61_000;
    });
    expect(await feed("MSFT-USDT").prices()).toMatchObject({ open: true, live: false });
    const res = await api("/lever/submit", {
      token: user.token,
      form: { currency_id: "104", legal_id: String(USDT), share: "1", multiple: "10", type: "1", password: PAY_PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("CONTRACT_NO_PRICE");
  });

  it("the console lists the stock pairs with their feed and terms beside the spot pairs", async () => {
    const operator = await createUser({ role: "operator" });
    const pairs = (await api<AdminContracts>("/admin/contracts", { token: operator.token })).body.message.pairs;
    expect(pairs.find((p) => p.symbol === "BTC/USDT")).toMatchObject({ feed: "spot", open: null });
    const stocks = pairs.filter((p) => p.feed === "stock");
    expect(stocks.map((p) => p.symbol)).toEqual(["AAPL/USDT", "TSLA/USDT", "NVDA/USDT", "MSFT/USDT", "AMZN/USDT"]);
    expect(stocks[0]).toMatchObject({ multiples: [1, 2, 5, 10, 20], lot_size: "1", spread: "0.02", fee_rate: "0.0005" });
    // The session as the feed says it, under the dev clock.
    await setClock(SATURDAY);
    const closed = (await api<AdminContracts>("/admin/contracts", { token: operator.token })).body.message.pairs;
    expect(closed.filter((p) => p.feed === "stock").map((p) => p.open)).toEqual([false, false, false, false, false]);
    await setClock(TUESDAY_OPEN);
    const open = (await api<AdminContracts>("/admin/contracts", { token: operator.token })).body.message.pairs;
    expect(open.find((p) => p.symbol === "AAPL/USDT")!.open).toBe(true);
  });

  it("the dev clock refuses a malformed instant (400) and goes back to the real clock", async () => {
    expect((await api("/dev/stock_clock", { form: { at: "tomorrow" } })).status).toBe(400);
    expect((await setClock(null)).status).toBe(200);
  });
});
