import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Candle, MarketInfo, PublicTrade, QuotationGroup } from "../../schema/api/market.ts";
import * as tables from "../../schema/db/index.ts";
import { api, createUser } from "./helpers.ts";
import { fund } from "./money-helpers.ts";
import { BTC, USDT, balance, clearHistory, db, placed, seedMarkets, settle, trader } from "./market-helpers.ts";

const BTC_1 = 100_000_000;
const USDT_1 = 1_000_000;
const XRP = 6;

beforeAll(async () => {
  await seedMarkets();
});

describe("public market data", () => {
  it("GET /currency/quotation_new groups the markets by quote currency with their published precisions and fees", async () => {
    const res = await api<QuotationGroup[]>("/currency/quotation_new");
    expect(res.status).toBe(200);
    expect(res.body.message).toHaveLength(1);
    const [usdt] = res.body.message;
    expect(usdt).toMatchObject({ id: USDT, name: "USDT" });
    expect(usdt!.quotation.map((q) => q.symbol)).toEqual(["BTC/USDT", "ETH/USDT", "SOL/USDT", "XRP/USDT", "DOGE/USDT", "TRX/USDT"]);
    expect(usdt!.quotation[0]).toMatchObject({
      id: 1,
      currency_id: BTC,
      legal_id: USDT,
      currency_name: "BTC",
      legal_name: "USDT",
      price_precision: 2,
      amount_precision: 4,
      maker_fee: "0.0008",
      taker_fee: "0.001",
    });
    expect((await api("/currency/quotation_new?zz=1")).status).toBe(400);
  });

  it("GET /currency/market_info gives the market's rules (fees are readable configuration)", async () => {
    const res = await api<MarketInfo>("/currency/market_info?symbol=BTC/USDT");
    expect(res.body.message).toEqual({
      id: 1,
      symbol: "BTC/USDT",
      currency_id: 1,
      legal_id: 3,
      currency_name: "BTC",
      legal_name: "USDT",
      price_precision: 2,
      amount_precision: 4,
      tick_size: "0.01",
      lot_size: "0.0001",
      min_qty: "0.0001",
      min_notional: "1",
      maker_fee: "0.0008",
      taker_fee: "0.001",
      market_slippage: "0.05",
    });
    expect((await api("/currency/market_info?symbol=BTC-USDT")).status).toBe(200);
    for (const bad of ["NOPE/USDT", "btc", "", "BTC/USDT/X"]) {
      const r = await api(`/currency/market_info?symbol=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.code, bad).toBe("UNKNOWN_MARKET");
    }
  });

  it("depth, trades, candles and the ticker come from the market's own orders and trades", async () => {
    // XRP/USDT (match id 4): tick 0.0001, lot 0.1; nobody else trades it in this file, and its simulated history is gone.
    await clearHistory("XRP-USDT");
    const seller = await trader();
    await fund(seller.id, XRP, 10_000 * USDT_1); // 10,000 XRP (6 decimals)
    const buyer = await trader({ usdt: 10_000 * USDT_1 });
    const xrp = { currency_id: String(XRP) };
    await placed(seller.token, { side: "sell", amount: "100", price: "2.5", ...xrp });
    await placed(seller.token, { side: "sell", amount: "50", price: "2.6", ...xrp });
    await placed(buyer.token, { side: "buy", amount: "20", price: "2.1", ...xrp });
    await placed(buyer.token, { side: "buy", amount: "120", price: "2.55", ...xrp }); // takes 100 at 2.5, rests 20 at 2.55
    await placed(seller.token, { side: "sell", amount: "5", price: "2.55", ...xrp }); // takes 5 at 2.55
    await settle("XRP-USDT");

    const depth = await api<{ symbol: string; bids: [string, string][]; asks: [string, string][] }>("/currency/depth?symbol=XRP/USDT");
    expect(depth.body.message).toEqual({
      symbol: "XRP/USDT",
      bids: [
        ["2.55", "15"],
        ["2.1", "20"],
      ],
      asks: [["2.6", "50"]],
    });
    const one = await api<{ bids: unknown[] }>("/currency/depth?symbol=XRP-USDT&limit=1");
    expect(one.body.message.bids).toHaveLength(1);

    const trades = await api<PublicTrade[]>("/currency/trades?symbol=XRP/USDT");
    expect(trades.body.message.map((t) => [t.price, t.qty, t.side])).toEqual([
      ["2.55", "5", "sell"],
      ["2.5", "100", "buy"],
    ]);

    const k = await exports.default.fetch(new Request("http://localhost/api/currency/new_timeshar?symbol=XRP/USDT&period=1min"));
    const body = (await k.json()) as { code: number; msg: string; data: Candle[] };
    expect(k.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["code", "data", "msg"]);
    expect(body.code).toBe(1);
    expect(body.msg).toBe("");
    expect(body.data.length).toBeGreaterThanOrEqual(1);
    expect(body.data[0]!.open).toBe("2.5");
    expect(body.data[body.data.length - 1]!.close).toBe("2.55");
    expect(body.data.reduce((s, c) => s + Number(c.volume), 0)).toBe(105);
    expect(Math.max(...body.data.map((c) => Number(c.high)))).toBe(2.55);
    for (const c of body.data) expect(c.time % 60_000).toBe(0);

    for (const period of ["1day", "1D", "1H", "1week", "1mon", "1M", "5min"]) {
      const r = (await (
        await exports.default.fetch(new Request(`http://localhost/api/currency/new_timeshar?symbol=XRP-USDT&period=${period}`))
      ).json()) as {
        data: Candle[];
      };
      expect(
        r.data.reduce((s, c) => s + Number(c.volume), 0),
        period,
      ).toBe(105);
    }
    // from/to in seconds (10 digits) or milliseconds: a window in the past is empty.
    const past = (await api<never>(`/currency/new_timeshar?symbol=XRP/USDT&period=1min&from=1000000000&to=1000003600`)).body as unknown as {
      data: Candle[];
    };
    expect(past.data).toEqual([]);

    const q = await api<QuotationGroup[]>("/currency/quotation_new");
    const line = q.body.message[0]!.quotation.find((x) => x.symbol === "XRP/USDT")!;
    expect(line).toMatchObject({ now_price: "2.55", high: "2.55", low: "2.5", volume: "105", change: "+2.00" });
  });

  it("answers chart and book errors with the normal error envelope", async () => {
    const cases: [string, number, string][] = [
      ["/currency/new_timeshar?symbol=BTC/USDT&period=1Y", 400, "UNKNOWN_PERIOD"],
      ["/currency/new_timeshar?symbol=BTC/USDT&period=toString", 400, "UNKNOWN_PERIOD"],
      ["/currency/new_timeshar?symbol=NOPE/USDT&period=1min", 400, "UNKNOWN_MARKET"],
      ["/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=20&to=10", 400, "PARAMETER_ERROR"],
      ["/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=abc", 400, "PARAMETER_ERROR"],
      ["/currency/new_timeshar?period=1min", 400, "PARAMETER_ERROR"],
      ["/currency/depth?symbol=NOPE/USDT", 400, "UNKNOWN_MARKET"],
      ["/currency/depth?symbol=BTC/USDT&limit=101", 400, "PARAMETER_ERROR"],
      ["/currency/trades", 400, "PARAMETER_ERROR"],
      ["/currency/trades?symbol=BTC/USDT&limit=0", 400, "PARAMETER_ERROR"],
    ];
    for (const [path, status, code] of cases) {
      const res = await api(path);
      expect(res.status, path).toBe(status);
      expect(res.body.type, path).toBe("error");
      expect(res.body.code, path).toBe(code);
    }
  });
});

describe("watchlist (optional)", () => {
  it("adds a market by match id (once), lists it, and removes it", async () => {
    const u = await createUser();
    const add = await api<{ id: number }>("/optional/add", { token: u.token, form: { currency_id: "1" } });
    expect(add.status).toBe(200);
    const again = await api<{ id: number }>("/optional/add", { token: u.token, form: { currency_id: "1" } });
    expect(again.body.message.id).toBe(add.body.message.id);
    await api("/optional/add", { token: u.token, form: { currency_id: "2" } });
    const list = await api<{ id: number; currency_id: number; symbol: string }[]>("/optional/list", { token: u.token });
    expect(list.body.message.map((x) => [x.currency_id, x.symbol])).toEqual([
      [1, "BTC/USDT"],
      [2, "ETH/USDT"],
    ]);
    const del = await api("/optional/del", { token: u.token, form: { id: String(add.body.message.id) } });
    expect(del.status).toBe(200);
    expect((await api<unknown[]>("/optional/list", { token: u.token })).body.message).toHaveLength(1);
  });

  it("another user's entry is 404; unknown markets and bad ids are 400; the list needs a session", async () => {
    const owner = await createUser();
    const other = await createUser();
    const add = await api<{ id: number }>("/optional/add", { token: owner.token, form: { currency_id: "1" } });
    expect((await api("/optional/del", { token: other.token, form: { id: String(add.body.message.id) } })).status).toBe(404);
    expect((await api<unknown[]>("/optional/list", { token: owner.token })).body.message).toHaveLength(1);
    expect((await api("/optional/del", { token: owner.token, form: { id: "987654" } })).status).toBe(404);
    const unknown = await api("/optional/add", { token: owner.token, form: { currency_id: "999" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("UNKNOWN_MARKET");
    expect((await api("/optional/add", { token: owner.token, form: { currency_id: "abc" } })).status).toBe(400);
    expect((await api("/optional/list")).status).toBe(401);
    expect((await api("/optional/add", { form: { currency_id: "1" } })).status).toBe(401);
  });
});

it("the market maker account exists as a normal user, funded by deposit journals", async () => {
  const mm = await db().select().from(tables.users).where(eq(tables.users.uid, "80000099")).get();
  expect(mm).toMatchObject({ role: "user", nickname: "Market Maker", status: "active" });
  expect((await balance(mm!.id, USDT)).available).toBe(5_000_000 * USDT_1);
  expect((await balance(mm!.id, BTC)).available).toBe(20 * BTC_1);
});
