import { Hono } from "hono";
import * as z from "zod/mini";
import type { Market } from "../../durable/spot/market.ts";
import type { StockFeed } from "../../durable/stocks/stock-feed.ts";
import { decimalString, symbolField } from "../../schema/api/market.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { conflict, notFound } from "../domain/errors.ts";
import { roomName } from "../domain/markets/config.ts";
import { loadMarket } from "../domain/markets/markets.ts";
import { stockPairs } from "../domain/contracts/pairs.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

const steerSchema = z.strictObject({ symbol: symbolField(), price: decimalString() });

/**
 * POST /api/dev/steer_price {symbol, price}: the simulated feed of a market jumps to a price and ticks at once, so a
 * browser test can walk the price through a take-profit. Only where ENVIRONMENT is "development" or "test" and the
 * feed is the simulator; anywhere else 404, as if it did not exist.
 */
export const devMarketRoutes = new Hono<AppEnv>().post("/dev/steer_price", async (c) => {
  if (!isLocalEnvironment(c.env)) throw notFound();
  const input = parse(c, steerSchema);
  const market = await loadMarket(c.var.db, input.symbol);
  if (!market) throw notFound();
  // A stock pair's price comes from its StockFeed (it moves only while the market is in session).
  const stock = (await stockPairs(c.var.db)).some((p) => p.market.id === market.id);
  const name = roomName(input.symbol);
  const steered = stock
    ? await (c.env.StockFeed as DurableObjectNamespace<StockFeed>).getByName(name).steer(input.price)
    : await (c.env.Market as DurableObjectNamespace<Market>).getByName(name).steer(input.price);
  if (!steered) throw conflict("CONTRACT_NO_PRICE");
  return ok(c, { symbol: input.symbol, price: input.price });
});
