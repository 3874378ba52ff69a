import { eq } from "drizzle-orm";
import { referencePrices } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { D, type Dec } from "../ledger/amounts.ts";

/**
 * The one price assets are valued at: each coin's reference (index) price in USDT, from `reference_prices`, which the
 * markets keep current from their reference feed (seeded; operators may set it for a coin without a market). Not the
 * last trade: one trade on a thin book must not move anyone's valuation. Used for valuations (wallet totals, the
 * 24-hour withdrawal limit, conversion quotes), never to move money. The seed sets USDT to 1. This module is the only
 * reader of the table (README.md, "What the product does today").
 */

export type PriceMap = Map<number, Dec>;

export async function usdtPrices(db: Db): Promise<PriceMap> {
  const rows = await db.select().from(referencePrices);
  const map: PriceMap = new Map();
  for (const r of rows) {
    const price = safeDecimal(r.priceUsdt);
    if (price && price.isPositive() && !price.isZero()) map.set(r.currencyId, price);
  }
  return map;
}

/** The price of one unit in USDT, or null when none is known. */
export async function usdtPrice(db: Db, currencyId: number): Promise<Dec | null> {
  const row = await db.select().from(referencePrices).where(eq(referencePrices.currencyId, currencyId)).get();
  const price = row ? safeDecimal(row.priceUsdt) : null;
  return price && price.isPositive() && !price.isZero() ? price : null;
}

/** amount × price in USDT (unrounded Decimal), or null when no price is known. */
export async function usdtValue(db: Db, currencyId: number, amount: string | Dec): Promise<Dec | null> {
  const price = await usdtPrice(db, currencyId);
  return price ? new D(amount).times(price) : null;
}

function safeDecimal(text: string): Dec | null {
  try {
    const d = new D(text);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}
