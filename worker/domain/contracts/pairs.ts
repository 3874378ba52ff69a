import { eq } from "drizzle-orm";
import { contractConfigs } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { anyMarketById, requireMarketByPair } from "../markets/markets.ts";
import type { MarketConfig } from "../markets/config.ts";
import type { ContractTerms } from "./math.ts";

/** A contract pair: its spot market (the reference feed) and its published terms. */
export type ContractPair = {
  market: MarketConfig;
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

/** The contract pair of a (currency, legal) pair, enabled; 404 CONTRACT_UNKNOWN otherwise. */
export async function requireContractPair(db: Db, currencyId: number, legalId: number): Promise<ContractPair> {
  const market = await requireMarketByPair(db, currencyId, legalId).catch(() => null);
  const row = market ? await db.select().from(contractConfigs).where(eq(contractConfigs.marketId, market.id)).get() : undefined;
  if (!market || !row || !row.enabled) throw notFound("CONTRACT_UNKNOWN");
  return pairOf(market, row);
}

/** The contract pair of a market id, enabled or not (closing positions and triggers work on a switched-off pair). */
export async function contractPairById(db: Db, marketId: number): Promise<ContractPair | null> {
  const market = await anyMarketById(db, marketId);
  const row = await db.select().from(contractConfigs).where(eq(contractConfigs.marketId, marketId)).get();
  return market && row ? pairOf(market, row) : null;
}

/** Where a contract pair's reference price comes from: the live price and the time the feed gave it. */
export type ReferenceSource = (market: MarketConfig) => Promise<{ price: string; at: number } | null>;

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
