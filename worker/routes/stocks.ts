import { Hono } from "hono";
import type { StockFeed } from "../../durable/stocks/stock-feed.ts";
import { noInput } from "../../schema/api/fields.ts";
import { type StockQuotation, stockClockRequest } from "../../schema/api/stocks.ts";
import { stockPairs } from "../domain/contracts/pairs.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { notFound } from "../domain/errors.ts";
import { roomName } from "../domain/markets/config.ts";
import { quotationOf, tickerRows } from "../domain/markets/tickers.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { stockPrices } from "./lever.ts";

const feedOf = (env: AppEnv["Bindings"], symbol: string) =>
  (env.StockFeed as DurableObjectNamespace<StockFeed>).getByName(roomName(symbol));

/**
 * Stock pairs for the market list and the home boards: the D1 ticker each feed copies, and the session from the feed
 * object itself (which also wakes it, so a watched stock keeps ticking).
 */
export const stockRoutes = new Hono<AppEnv>()
  .get("/stocks/quotation", async (c) => {
    parse(c, noInput());
    const [pairs, tickers] = await Promise.all([stockPairs(c.var.db), tickerRows(c.var.db)]);
    const list = await Promise.all(
      pairs
        .filter((p) => p.enabled)
        .map(async (p): Promise<StockQuotation> => {
          const session = await stockPrices(c.env, p.market.symbol);
          return { ...quotationOf(p.market, tickers.get(p.market.id)), open: session.open, next_change: session.nextChange };
        }),
    );
    return ok(c, list);
  })
  .post("/dev/stock_clock", async (c) => {
    if (!isLocalEnvironment(c.env)) throw notFound();
    const input = parse(c, stockClockRequest);
    const at = input.at === undefined ? null : Number(input.at);
    const pairs = await stockPairs(c.var.db);
    const out = await Promise.all(pairs.map((p) => feedOf(c.env, p.market.symbol).setClock(at)));
    return ok(c, { at, open: out.map((p) => ({ symbol: p?.symbol ?? "", open: p?.open ?? false })) });
  });
