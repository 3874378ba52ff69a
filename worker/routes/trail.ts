import { Hono } from "hono";
import type { Market } from "../../durable/spot/market.ts";
import type { StockFeed } from "../../durable/stocks/stock-feed.ts";
import { type PriceTrail, priceTrailRequest, TRAIL_MAX_AGE_MS, TRAIL_MAX_ENTRIES, TRAIL_MAX_RANGE_MS } from "../../schema/api/trail.ts";
import { roomName } from "../domain/markets/config.ts";
import { requireMarket } from "../domain/markets/markets.ts";
import { stockPairs } from "../domain/contracts/pairs.ts";
import { badRequest } from "../domain/errors.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Seconds (10 digits) or milliseconds (13 digits). */
const toMs = (value: string): number => (value.length <= 10 ? Number(value) * 1000 : Number(value));

/**
 * The public price trail of a market (schema/api/trail.ts): every reference price it used, for a bounded window.
 * Anyone may read it, so anyone can check a settlement made on it.
 */
export const trailRoutes = new Hono<AppEnv>().get("/currency/price_trail", async (c) => {
  const input = parse(c, priceTrailRequest);
  // A stock pair's market is never enabled for spot: its trail is its StockFeed's.
  const wanted = input.symbol.replace("-", "/").toUpperCase();
  const stock = (await stockPairs(c.var.db)).find((p) => p.market.symbol === wanted)?.market;
  const m = stock ?? (await requireMarket(c.var.db, input.symbol));
  const to = input.to === undefined ? Date.now() : toMs(input.to);
  const from = input.from === undefined ? to - 5 * 60_000 : toMs(input.from);
  if (from > to) throw badRequest("PARAMETER_ERROR", { field: "from" });
  if (to - from > TRAIL_MAX_RANGE_MS) throw badRequest("PARAMETER_ERROR", { field: "to" });
  const stub = stock
    ? (c.env.StockFeed as DurableObjectNamespace<StockFeed>).getByName(roomName(m.symbol))
    : (c.env.Market as DurableObjectNamespace<Market>).getByName(roomName(m.symbol));
  const entries = await stub.trailRange(from, to, TRAIL_MAX_ENTRIES);
  return ok<PriceTrail>(c, { symbol: m.symbol, from, to, max_age_ms: TRAIL_MAX_AGE_MS, entries });
});
