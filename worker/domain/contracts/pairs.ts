import { eq } from "drizzle-orm";
import { contractConfigs } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { anyMarketById, cachedMarkets } from "../markets/markets.ts";
import type { MarketConfig } from "../markets/config.ts";
import type { ContractTerms } from "./math.ts";

/** Where a pair's reference price comes from: its spot Market object, or its StockFeed object (NYSE hours). */
export type ContractFeed = "spot" | "stock";

/**
 * A contract pair: its market (ids, steps, currencies; for a stock, a markets row never enabled for spot trading),
 * the reference feed and its published terms.
 */
export type ContractPair = {
  market: MarketConfig;
  feed: ContractFeed;
  terms: ContractTerms;
  multiples: number[];
  minLots: number;
  maxLots: number;
  limitEntry: boolean;
  stops: boolean;
  enabled: boolean;
};

type Row = typeof contractConfigs.$inferSelect;

export function pairOf(market: MarketConfig, row: Row): ContractPair {
  return {
    market,
    feed: row.feed === "stock" ? "stock" : "spot",
    terms: {
      lotSize: row.lotSize,
      spread: row.spread,
      feeRate: row.feeRate,
      overnightRate: row.overnightRate,
      hazardRate: row.hazardRate,
      priceDecimals: market.priceDecimals,
      precision: market.quote.precision,
    },
    multiples: (JSON.parse(row.multiples) as number[]).filter((n) => Number.isInteger(n) && n > 0),
    minLots: row.minLots,
    maxLots: row.maxLots,
    limitEntry: row.limitEntry,
    stops: row.stops,
    enabled: row.enabled,
  };
}

/**
 * The contract pair of a (currency, legal) pair, enabled; 404 CONTRACT_UNKNOWN otherwise. A spot-fed pair also needs
 * its spot market enabled; a stock pair's market row is never enabled (no spot book), its contract switch decides.
 */
export async function requireContractPair(db: Db, currencyId: number, legalId: number): Promise<ContractPair> {
  const market = (await cachedMarkets(db)).find((x) => x.base.id === currencyId && x.quote.id === legalId);
  const row = market ? await db.select().from(contractConfigs).where(eq(contractConfigs.marketId, market.id)).get() : undefined;
  if (!market || !row || !row.enabled || (row.feed !== "stock" && !market.enabled)) throw notFound("CONTRACT_UNKNOWN");
  return pairOf(market, row);
}

/** The contract pair of a market id, enabled or not (closing positions and triggers work on a switched-off pair). */
export async function contractPairById(db: Db, marketId: number): Promise<ContractPair | null> {
  const market = await anyMarketById(db, marketId);
  const row = await db.select().from(contractConfigs).where(eq(contractConfigs.marketId, marketId)).get();
  return market && row ? pairOf(market, row) : null;
}

/** A contract pair's live reference price and the time the feed gave it, read from the pair's feed. */
export type ReferenceSource = (market: MarketConfig, feed: ContractFeed) => Promise<{ price: string; at: number } | null>;

/** The stock pairs (every contract pair fed by a StockFeed object), in market order, enabled or not. */
export async function stockPairs(db: Db): Promise<ContractPair[]> {
  const rows = await db.select().from(contractConfigs).where(eq(contractConfigs.feed, "stock")).all();
  const out: ContractPair[] = [];
  for (const m of await cachedMarkets(db)) {
    const row = rows.find((r) => r.marketId === m.id);
    if (row) out.push(pairOf(m, row));
  }
  return out;
}

/** Symbols of every contract pair with anything to watch (enabled or not: open positions still need their triggers). */
export async function contractSymbols(db: Db): Promise<string[]> {
  const rows = await db.select({ marketId: contractConfigs.marketId }).from(contractConfigs).all();
  const out: string[] = [];
  for (const r of rows) {
    const market = await anyMarketById(db, r.marketId);
    if (market) out.push(market.symbol);
  }
  return out;
}
