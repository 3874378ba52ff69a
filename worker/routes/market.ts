import { Hono } from "hono";
import type { Market } from "../../durable/spot/market.ts";
import {
  coinCancelRequest,
  coinListRequest,
  coinTradeRequest,
  type CoinCancelResponse,
  type CoinTradeResponse,
  depthRequest,
  type IndexKlines,
  LOOKBACK_MS,
  marketInfoRequest,
  normalizePeriod,
  type MarketInfo,
  optionalAddRequest,
  optionalDelRequest,
  timesharRequest,
  tradesRequest,
  transferFeeRequest,
  transferRequest,
} from "../../schema/api/market.ts";
import { noInput } from "../../schema/api/fields.ts";
import { type MarketConfig, roomName } from "../domain/markets/config.ts";
import { type ConversionRuntime, convert, transferFee, transferList } from "../domain/markets/convert.ts";
import { anyMarketById, cachedMarkets, marketById, requireMarket, requireMarketByPair } from "../domain/markets/markets.ts";
import { madeBy } from "../domain/markets/ids.ts";
import { listOrders, ownOrder, placeOf } from "../domain/markets/orders.ts";
import type { OrderView } from "../domain/markets/steps.ts";
import { quotationGroups, tickerRows } from "../domain/markets/tickers.ts";
import { addFavourite, listFavourites, removeFavourite } from "../domain/markets/watchlist.ts";
import type { Env } from "../domain/env.ts";
import { ApiError, badRequest, conflict, notFound } from "../domain/errors.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { enforce } from "../domain/limits/rate-limit.ts";
import { requireUser } from "../http/auth.ts";
import type { AppContext, AppEnv } from "../http/context.ts";
import { idempotencyKey, idempotent } from "../http/idempotency.ts";
import { ok, okText } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/**
 * Markets and spot trading (the spec's "Market" calls). Public market data reads the D1 ticker copy or asks the
 * market's Durable Object; orders go to the object (durable/spot), which writes their ledger holds before they can
 * match. Order ids belong to their owner: any other user gets 404.
 */

const marketStub = (env: Env, m: MarketConfig) => (env.Market as DurableObjectNamespace<Market>).getByName(roomName(m.symbol));

/** Per-user conversions: a burst is refused with 429 and Retry-After (orders are limited by their Market object). */
export const CONVERT_LIMIT = { count: 10, windowMs: 10_000 };

/** Conversions read live prices from each coin's market object and sign quotes with a key derived from the pepper. */
const conversionRuntime = (c: AppContext): ConversionRuntime => ({
  prices: (m) => marketStub(c.env, m).prices(),
  secret: pepperOf(c.env),
});

/** Seconds (10 digits or fewer) or milliseconds, as the original client mixes them. */
const toMs = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  return value.length <= 10 ? n * 1000 : n;
};

/** The market, period and window of a chart request (new_timeshar, index_kline). */
async function chartWindow(c: AppContext) {
  const input = parse(c, timesharRequest);
  const period = normalizePeriod(input.period);
  if (!period) throw badRequest("UNKNOWN_PERIOD");
  const m = await requireMarket(c.var.db, input.symbol);
  const to = toMs(input.to) ?? Date.now();
  const from = toMs(input.from) ?? to - LOOKBACK_MS[period];
  if (from > to) throw badRequest("PARAMETER_ERROR", { field: "from" });
  return { m, period, from, to };
}

const cancelOrder = async (c: AppContext) => {
  const input = parse(c, coinCancelRequest);
  const row = await ownOrder(c.var.db, c.var.user.id, input.id);
  if (!row) return cancelArriving(c, input.id);
  if (row.status === "filled" || row.status === "rejected") throw conflict("ORDER_NOT_OPEN");
  if (row.status === "cancelled") return ok<CoinCancelResponse>(c, { id: row.id, state: "cancelled" });
  // A switched-off market still cancels: its owners must be able to get their funds back.
  const m = await anyMarketById(c.var.db, row.marketId);
  if (!m) throw badRequest("UNKNOWN_MARKET");
  // The order rides along, so an order whose place call was lost is cancelled (and its hold released) too.
  const view = await marketStub(c.env, m).cancel({ id: row.id, owner: c.var.user.id, order: placeOf(row, m) });
  if (view.state === "unknown") throw notFound();
  return cancelAnswer(c, row.id, view.state);
};

/** The answer to a cancel, from the order's state in its market. */
function cancelAnswer(c: AppContext, id: number, state: Exclude<OrderView["state"], "unknown">) {
  if (state === "filled" || state === "rejected") throw conflict("ORDER_NOT_OPEN");
  return ok<CoinCancelResponse>(c, { id, state });
}

/**
 * An order not in D1 may be a moment old: accepted by its market and not yet
 * written (intake.ts). Its id names the market that made it; that market cancels
 * it once it is on the book, or answers "unknown" (not this user's, or no such order).
 */
async function cancelArriving(c: AppContext, id: number) {
  for (const m of await cachedMarkets(c.var.db)) {
    if (!madeBy(id, m.id)) continue;
    const view = await marketStub(c.env, m).cancel({ id, owner: c.var.user.id });
    if (view.state !== "unknown") return cancelAnswer(c, id, view.state);
  }
  throw notFound();
}

export const marketRoutes = new Hono<AppEnv>()
  // Public market data ----------------------------------------------------------
  .get("/currency/quotation_new", async (c) => {
    parse(c, noInput());
    const [list, tickers] = await Promise.all([cachedMarkets(c.var.db), tickerRows(c.var.db)]);
    return ok(c, quotationGroups(list, tickers));
  })
  .get("/currency/market_info", async (c) => {
    const input = parse(c, marketInfoRequest);
    const m = await requireMarket(c.var.db, input.symbol);
    return ok<MarketInfo>(c, {
      id: m.id,
      symbol: m.symbol,
      currency_id: m.base.id,
      legal_id: m.quote.id,
      currency_name: m.base.name,
      legal_name: m.quote.name,
      price_precision: m.priceDecimals,
      amount_precision: m.qtyDecimals,
      tick_size: m.tickSize,
      lot_size: m.lotSize,
      min_qty: m.minQty,
      min_notional: m.minNotional,
      maker_fee: m.makerFee,
      taker_fee: m.takerFee,
      market_slippage: m.marketSlippage,
    });
  })
  .get("/currency/new_timeshar", async (c) => {
    const { m, period, from, to } = await chartWindow(c);
    const data = await marketStub(c.env, m).candles(period, from, to);
    // The one endpoint with the original's other envelope (README, "Design": API contract).
    return c.json({ code: 1, msg: "", data }, 200);
  })
  .get("/currency/index_kline", async (c) => {
    const { m, period, from, to } = await chartWindow(c);
    return ok<IndexKlines>(c, await marketStub(c.env, m).indexKlines(period, from, to));
  })
  .get("/currency/depth", async (c) => {
    const input = parse(c, depthRequest);
    const m = await requireMarket(c.var.db, input.symbol);
    return ok(c, { symbol: m.symbol, ...(await marketStub(c.env, m).depth(input.limit)) });
  })
  .get("/currency/trades", async (c) => {
    const input = parse(c, tradesRequest);
    const m = await requireMarket(c.var.db, input.symbol);
    return ok(c, await marketStub(c.env, m).trades(input.limit));
  })

  // Watchlist -------------------------------------------------------------------
  .post("/optional/add", requireUser, async (c) => {
    const input = parse(c, optionalAddRequest);
    return ok(c, await addFavourite(c.var.db, c.var.user.id, await marketById(c.var.db, input.currency_id)));
  })
  .post("/optional/del", requireUser, async (c) => {
    const input = parse(c, optionalDelRequest);
    await removeFavourite(c.var.db, c.var.user.id, input.id);
    return okText(c, "WATCHLIST_REMOVED");
  })
  .get("/optional/list", requireUser, async (c) => {
    parse(c, noInput());
    return ok(c, await listFavourites(c.var.db, c.var.user.id, await cachedMarkets(c.var.db)));
  })

  // Spot orders -----------------------------------------------------------------
  .post("/coin/trade", requireUser, async (c) => {
    const input = parse(c, coinTradeRequest);
    // c.get, not c.var: hono builds a fresh object for every c.var read, and this is the busiest route.
    const m = await requireMarketByPair(c.get("db"), input.currency_id, input.legal_id);
    // Rate-limited, checked, stored and queued for its hold by the Market object: no D1 write on this path (intake.ts).
    const result = await marketStub(c.env, m).submit({
      owner: c.get("user").id,
      input: {
        side: input.type === "1" ? "buy" : "sell",
        type: input.order_type,
        price: input.target_price,
        amount: input.amount,
        tif: input.tif,
        postOnly: input.post_only === "1",
      },
      idem: await idempotencyKey(c),
    });
    if ("error" in result) throw new ApiError(result.error.status, result.error.code, result.error.params);
    if (result.replayed) c.header("Idempotent-Replayed", "true");
    return ok<CoinTradeResponse>(c, { id: result.id });
  })
  .put("/coin/trade", requireUser, cancelOrder)
  .post("/coin/cancel", requireUser, cancelOrder)
  .get("/coin/list", requireUser, async (c) => {
    const input = parse(c, coinListRequest);
    return ok(c, await listOrders(c.var.db, c.var.user.id, await cachedMarkets(c.var.db), input));
  })

  // Coin conversion -------------------------------------------------------------
  .post("/user/getTransferList", requireUser, async (c) => {
    parse(c, noInput());
    return ok(c, await transferList(c.var.db, c.var.user.id));
  })
  .post("/user/getTransferFee", requireUser, async (c) => {
    const input = parse(c, transferFeeRequest);
    return ok(
      c,
      await transferFee(
        c.var.db,
        c.var.user.id,
        { from: input.from_currency_id, to: input.to_currency_id, number: input.number },
        conversionRuntime(c),
      ),
    );
  })
  .post(
    "/user/Transfer",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, transferRequest);
      await enforce(c.var.db, `convert:${c.var.user.id}`, CONVERT_LIMIT.count, CONVERT_LIMIT.windowMs);
      const payload = await convert(
        c.var.db,
        c.var.user.id,
        { number: input.number, from: input.from_currency_id, to: input.to_currency_id, quoteId: input.quote_id },
        c.var.lang,
        { prefix: (text) => idem.record(text) },
        conversionRuntime(c),
      );
      return ok(c, payload);
    }),
  );
