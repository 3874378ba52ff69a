import { alias } from "drizzle-orm/sqlite-core";
import { asc, eq } from "drizzle-orm";
import { currencies, markets } from "../../../schema/db/index.ts";
import { badRequest } from "../errors.ts";
import type { Db } from "../db.ts";
import { checkMarketConfig, type MarketConfig, stepOf } from "./config.ts";
import { log } from "../log.ts";

/**
 * Market configuration from D1 (the markets table joined with both currencies).
 * Routes read it through a short isolate cache: fees and steps change rarely and
 * a change reaches every isolate within CACHE_MS. The Market object loads its own
 * copy when it wakes and refreshes it from its alarm.
 */

const CACHE_MS = 10_000;
let cache: { at: number; list: MarketConfig[] } | null = null;

const base = alias(currencies, "base");
const quote = alias(currencies, "quote");

/** Every market (enabled or not), in display order, straight from D1. */
export async function loadMarkets(db: Db): Promise<MarketConfig[]> {
  const rows = await db
    .select({ m: markets, b: base, q: quote })
    .from(markets)
    .innerJoin(base, eq(base.id, markets.currencyId))
    .innerJoin(quote, eq(quote.id, markets.legalId))
    .orderBy(asc(markets.sort), asc(markets.id));
  const out: MarketConfig[] = [];
  for (const { m, b, q } of rows) {
    try {
      out.push(
        checkMarketConfig({
          id: m.id,
          symbol: m.symbol,
          base: { id: b.id, name: b.name, precision: b.precision, logo: b.logo },
          quote: { id: q.id, name: q.name, precision: q.precision, logo: q.logo },
          priceDecimals: m.priceDecimals,
          qtyDecimals: m.qtyDecimals,
          tickSize: stepOf(m.priceDecimals),
          lotSize: stepOf(m.qtyDecimals),
          minQty: m.minQty,
          minNotional: m.minNotional,
          makerFee: m.makerFee,
          takerFee: m.takerFee,
          marketSlippage: m.marketSlippage,
          startPrice: m.startPrice,
          volatility: m.volatility,
          feedSymbol: m.feedSymbol,
          maker:
            m.makerUserId !== null && m.makerLevels > 0 && m.makerQty !== "0"
              ? { userId: m.makerUserId, levels: m.makerLevels, step: m.makerStep, qty: m.makerQty }
              : null,
          enabled: m.enabled && b.enabled && q.enabled,
          sort: m.sort,
        }),
      );
    } catch (err) {
      // A market that cannot settle exactly is never offered.
      log("error", { event: "market_config_invalid", market: m.symbol, error: String(err) });
    }
  }
  return out;
}

/** Markets through the isolate cache. */
export async function cachedMarkets(db: Db, now = Date.now()): Promise<MarketConfig[]> {
  if (cache && now - cache.at < CACHE_MS) return cache.list;
  const list = await loadMarkets(db);
  cache = { at: now, list };
  return list;
}

/** Forgets the cache (tests and operator edits). */
export const clearMarketCache = (): void => {
  cache = null;
};

/** An enabled market by "BTC/USDT" (or "BTC-USDT"), or 400 UNKNOWN_MARKET. */
export async function requireMarket(db: Db, symbol: string): Promise<MarketConfig> {
  const wanted = symbol.replace("-", "/").toUpperCase();
  const m = (await cachedMarkets(db)).find((x) => x.symbol === wanted && x.enabled);
  if (!m) throw badRequest("UNKNOWN_MARKET");
  return m;
}

/** An enabled market by base and quote currency ids, or 400 UNKNOWN_MARKET. */
export async function requireMarketByPair(db: Db, baseId: number, quoteId: number): Promise<MarketConfig> {
  const m = (await cachedMarkets(db)).find((x) => x.base.id === baseId && x.quote.id === quoteId && x.enabled);
  if (!m) throw badRequest("UNKNOWN_MARKET");
  return m;
}

/** An enabled market by its match id, or undefined. */
export async function marketById(db: Db, id: number): Promise<MarketConfig | undefined> {
  return (await cachedMarkets(db)).find((x) => x.id === id && x.enabled);
}

/** A market by its match id, enabled or not (its owners still cancel orders on a switched-off market), or undefined. */
export async function anyMarketById(db: Db, id: number): Promise<MarketConfig | undefined> {
  return (await cachedMarkets(db)).find((x) => x.id === id);
}

/** A market straight from D1 by symbol (for the Market object, no cache). */
export async function loadMarket(db: Db, symbol: string): Promise<MarketConfig | undefined> {
  const wanted = symbol.replace("-", "/").toUpperCase();
  return (await loadMarkets(db)).find((x) => x.symbol === wanted);
}

export type { MarketConfig };
