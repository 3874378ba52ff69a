import { and, asc, eq } from "drizzle-orm";
import { userMarkets } from "../../../schema/db/index.ts";
import { badRequest, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import type { MarketConfig } from "./config.ts";

/** Watchlist ("optional"): the caller's favourite markets, by match id. */

export async function addFavourite(db: Db, userId: number, market: MarketConfig | undefined, now = Date.now()): Promise<{ id: number }> {
  if (!market) throw badRequest("UNKNOWN_MARKET");
  await db.insert(userMarkets).values({ userId, marketId: market.id, createdAt: now }).onConflictDoNothing();
  const row = await db
    .select({ id: userMarkets.id })
    .from(userMarkets)
    .where(and(eq(userMarkets.userId, userId), eq(userMarkets.marketId, market.id)))
    .get();
  return { id: row!.id };
}

/** Removes one of the caller's entries; another user's entry (or none) is 404. */
export async function removeFavourite(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(userMarkets)
    .where(and(eq(userMarkets.id, id), eq(userMarkets.userId, userId)))
    .returning({ id: userMarkets.id });
  if (gone.length === 0) throw notFound();
}

export async function listFavourites(db: Db, userId: number, all: MarketConfig[]) {
  const rows = await db.select().from(userMarkets).where(eq(userMarkets.userId, userId)).orderBy(asc(userMarkets.id));
  const byId = new Map(all.map((m) => [m.id, m]));
  return rows.flatMap((r) => {
    const m = byId.get(r.marketId);
    return m ? [{ id: r.id, currency_id: m.id, symbol: m.symbol, base_id: m.base.id, legal_id: m.quote.id }] : [];
  });
}
