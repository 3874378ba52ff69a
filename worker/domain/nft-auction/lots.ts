import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { nftArtists, nftItems, nftLotDeposits, nftLots, nftPayOrders } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { SYSTEM_ACCOUNTS } from "../ledger/accounts.ts";
import { sellerOf as payee } from "../nft/status.ts";
import type { LotState, LotTerms } from "./rules.ts";

/**
 * Lots in D1: which items are auctions, the lot of a listing (created on first use), and a lot's terms and state as
 * the rules read them. D1 is the truth; the AuctionLot object keeps a copy and reads it again after any failure.
 */

export type Lot = typeof nftLots.$inferSelect;
export type AuctionItem = typeof nftItems.$inferSelect;

/** The object of a lot: one per lot, so a relisting starts a fresh object. */
export const lotObjectName = (lotId: number): string => `lot-${lotId}`;
export const lotIdOfName = (name: string): number | null => {
  const m = /^lot-([1-9]\d{0,14})$/.exec(name);
  return m ? Number(m[1]) : null;
};

/** An item listed for auction (listed, pay_type 2), by its public code; null for anything else. */
export async function auctionItem(db: Db, code: string): Promise<AuctionItem | null> {
  const item = await db.select().from(nftItems).where(eq(nftItems.code, code)).get();
  return item && item.listed && item.payType === 2 ? item : null;
}

/** The artist's user of an item (royalties, and the seller of a first sale), or null when the artist is not a user. */
export async function artistUserOf(db: Db, item: Pick<AuctionItem, "artistId">): Promise<number | null> {
  const artist = await db.select({ userId: nftArtists.userId }).from(nftArtists).where(eq(nftArtists.id, item.artistId)).get();
  return artist?.userId ?? null;
}

/** Who is paid for an item, as for a fixed-price sale (nft/status.ts): its owner, the artist's user, or the NFT sales account. */
export async function sellerOf(db: Db, item: AuctionItem): Promise<number> {
  return payee(item, item.ownerId === null ? await artistUserOf(db, item) : null) ?? SYSTEM_ACCOUNTS.nftSales;
}

/** The lot of the item's current listing, created from the listing on first use (concurrent callers get the same row). */
export async function ensureLot(db: Db, item: AuctionItem, now = Date.now()): Promise<Lot> {
  const existing = await lotOfListing(db, item.id, item.version);
  if (existing) return existing;
  await db
    .insert(nftLots)
    .values({
      itemId: item.id,
      itemVersion: item.version,
      sellerId: await sellerOf(db, item),
      currencyId: item.currencyId,
      startPrice: item.price,
      perIncrease: item.perIncrease,
      margin: item.margin,
      startAt: item.startAt,
      endAt: item.endAt,
      price: item.price,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return (await lotOfListing(db, item.id, item.version))!;
}

export const lotOfListing = (db: Db, itemId: number, version: number) =>
  db
    .select()
    .from(nftLots)
    .where(and(eq(nftLots.itemId, itemId), eq(nftLots.itemVersion, version)))
    .get();

export const lotById = (db: Db, id: number) => db.select().from(nftLots).where(eq(nftLots.id, id)).get();

/** The newest lot of an item (the one its page shows), or null. */
export const latestLotOfItem = (db: Db, itemId: number) =>
  db
    .select()
    .from(nftLots)
    .where(eq(nftLots.itemId, itemId))
    .orderBy(sql`${nftLots.id} DESC`)
    .limit(1)
    .get();

export const depositsOf = (db: Db, lotId: number) =>
  db.select().from(nftLotDeposits).where(eq(nftLotDeposits.lotId, lotId)).orderBy(asc(nftLotDeposits.createdAt)).all();

export const payOrderOfLot = (db: Db, lotId: number) => db.select().from(nftPayOrders).where(eq(nftPayOrders.lotId, lotId)).get();

export const termsOf = (lot: Lot): LotTerms => ({
  sellerId: lot.sellerId,
  startPrice: lot.startPrice,
  perIncrease: lot.perIncrease,
  margin: lot.margin,
  startAt: lot.startAt,
});

export const stateOf = (lot: Lot, bidders: number[]): LotState => ({
  price: lot.price,
  endAt: lot.endAt,
  leaderId: lot.leaderId,
  bidCount: lot.bidCount,
  bidders,
});

/** True while an auction win of this item waits for payment: resale refuses to relist it then. */
export async function hasUnpaidOrder(db: Db, itemId: number): Promise<boolean> {
  const row = await db
    .select({ id: nftPayOrders.id })
    .from(nftPayOrders)
    .where(and(eq(nftPayOrders.itemId, itemId), eq(nftPayOrders.isPay, false), eq(nftPayOrders.isExpired, false)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** Lots whose object has work due (an end passed while open, or a pay deadline passed while awaiting payment). */
export async function dueLotIds(db: Db, now: number, limit = 200): Promise<number[]> {
  const open = await db
    .select({ id: nftLots.id })
    .from(nftLots)
    .where(and(eq(nftLots.status, "open"), lte(nftLots.endAt, now)))
    .limit(limit)
    .all();
  const unpaid = await db
    .select({ id: nftPayOrders.lotId })
    .from(nftPayOrders)
    .where(and(eq(nftPayOrders.isPay, false), eq(nftPayOrders.isExpired, false), lte(nftPayOrders.overtime, now)))
    .limit(limit)
    .all();
  return [...new Set([...open, ...unpaid].map((r) => r.id))];
}

/** Open auction items past their window that have no lot yet (nobody bid): their lot is created so that it ends. */
export async function unstartedEndedItems(db: Db, now: number, limit = 100): Promise<AuctionItem[]> {
  return db
    .select({ item: nftItems })
    .from(nftItems)
    .leftJoin(nftLots, and(eq(nftLots.itemId, nftItems.id), eq(nftLots.itemVersion, nftItems.version)))
    .where(and(eq(nftItems.listed, true), eq(nftItems.payType, 2), lte(nftItems.endAt, now), isNull(nftLots.id)))
    .limit(limit)
    .all()
    .then((rows) => rows.map((r) => r.item));
}
