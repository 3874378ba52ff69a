import { eq } from "drizzle-orm";
import type { Quotation, QuotationGroup, Ticker } from "../../../schema/api/market.ts";
import { marketTickers, referencePrices } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import type { MarketConfig } from "./config.ts";

/**
 * The D1 copy of each market's 24-hour ticker (written by the Market object, read
 * by GET /currency/quotation_new so listings never wake an object), and the
 * reference price it publishes for valuations (reference_prices, in USDT).
 */

export type TickerRow = typeof marketTickers.$inferSelect;

export const writeTicker = (db: Db, marketId: number, t: Ticker) => {
  const row = {
    price: t.now_price,
    high: t.high,
    low: t.low,
    volume: t.volume,
    change: t.change,
    refPrice: t.index_price,
    refAt: t.index_time,
    updatedAt: t.time,
  };
  return db
    .insert(marketTickers)
    .values({ marketId, ...row })
    .onConflictDoUpdate({ target: marketTickers.marketId, set: row });
};

/** Keeps reference_prices current for the base currency of a USDT-quoted market. */
export async function writeReferencePrice(db: Db, m: MarketConfig, price: string, now: number): Promise<void> {
  if (m.quote.name !== "USDT") return;
  await db
    .insert(referencePrices)
    .values({ currencyId: m.base.id, priceUsdt: price, updatedAt: now })
    .onConflictDoUpdate({ target: referencePrices.currencyId, set: { priceUsdt: price, updatedAt: now } });
}

export async function tickerRows(db: Db): Promise<Map<number, TickerRow>> {
  const rows = await db.select().from(marketTickers);
  return new Map(rows.map((r) => [r.marketId, r]));
}

export async function tickerRow(db: Db, marketId: number): Promise<TickerRow | undefined> {
  return db.select().from(marketTickers).where(eq(marketTickers.marketId, marketId)).get();
}

/** A market's line in quotation_new; a market with no ticker yet shows its start price and zero volume. */
export function quotationOf(m: MarketConfig, t: TickerRow | undefined): Quotation {
  const price = t?.price ?? m.startPrice;
  return {
    id: m.id,
    currency_id: m.base.id,
    legal_id: m.quote.id,
    currency_name: m.base.name,
    legal_name: m.quote.name,
    symbol: m.symbol,
    now_price: price,
    change: t?.change ?? "+0.00",
    high: t?.high ?? price,
    low: t?.low ?? price,
    volume: t?.volume ?? "0",
    index_price: t?.refPrice ?? "",
    index_time: t?.refAt ?? 0,
    price_precision: m.priceDecimals,
    amount_precision: m.qtyDecimals,
    maker_fee: m.makerFee,
    taker_fee: m.takerFee,
    logo: m.base.logo ?? "",
  };
}

export function tickerOf(m: MarketConfig, t: TickerRow | undefined): Ticker {
  const q = quotationOf(m, t);
  return {
    symbol: q.symbol,
    now_price: q.now_price,
    change: q.change,
    high: q.high,
    low: q.low,
    volume: q.volume,
    index_price: q.index_price,
    index_time: q.index_time,
    time: t?.updatedAt ?? 0,
  };
}

/** One group per quote currency, in market order. */
export function quotationGroups(list: MarketConfig[], tickers: Map<number, TickerRow>): QuotationGroup[] {
  const groups = new Map<number, QuotationGroup>();
  for (const m of list) {
    if (!m.enabled) continue;
    let g = groups.get(m.quote.id);
    if (!g) {
      g = { id: m.quote.id, name: m.quote.name, quotation: [] };
      groups.set(m.quote.id, g);
    }
    g.quotation.push(quotationOf(m, tickers.get(m.id)));
  }
  return [...groups.values()];
}
