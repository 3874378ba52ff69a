import { type SQL, and, desc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Lang } from "../../../schema/api/lang.ts";
import type {
  NftArtistDetail,
  NftArtistView,
  NftCollectionView,
  NftCurrencyView,
  NftDetailView,
  NftItemView,
  NftListQuery,
  NftPage,
} from "../../../schema/api/nft.ts";
import { currencies, nftArtists, nftCollections, nftFavourites, nftItems } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { fromUnits } from "../ledger/index.ts";
import { requireCurrency } from "../wallet/currencies.ts";
import { royaltyDue, saleSplit } from "./fees.ts";
import { nftRates } from "./rates.ts";
import { type ArtistRow, collectionViews, itemViews, localName, mediaUrl } from "./views.ts";

/** The catalogue's reads (`getBoxList`, `getBoxDetail`, `getArtist*`, `getCollection`, `getNftCurrency`, `getMyNFTs`) and `collect`. */

/** `LIKE` matches the keyword literally: its own % and _ are escaped. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The SQL of a status filter, the same rule as saleStatus(). */
function statusWhere(status: "0" | "1" | "2", now: number): SQL | undefined {
  const listed = eq(nftItems.listed, true);
  if (status === "1") return and(listed, lte(nftItems.startAt, now), gt(nftItems.endAt, now));
  if (status === "2") return and(listed, gt(nftItems.startAt, now), gt(nftItems.endAt, now));
  return or(eq(nftItems.listed, false), lte(nftItems.endAt, now));
}

/** On sale first, then not started, then the rest (the same rule as saleStatus()). */
const saleRank = (now: number) => {
  const live = sql`${nftItems.listed} = 1 AND ${nftItems.endAt} > ${now}`;
  return sql`CASE WHEN ${live} THEN (CASE WHEN ${nftItems.startAt} <= ${now} THEN 0 ELSE 1 END) ELSE 2 END`;
};

export async function listItems(
  db: Db,
  q: NftListQuery,
  lang: Lang,
  viewerId: number | null,
  now = Date.now(),
): Promise<NftPage<NftItemView>> {
  const currency = q.currency === undefined ? undefined : await requireCurrency(db, q.currency, { includeDisabled: true });
  const where = and(
    currency ? eq(nftItems.currencyId, currency.id) : undefined,
    q.pay_type ? eq(nftItems.payType, Number(q.pay_type)) : undefined,
    q.type ? eq(nftItems.mediaType, Number(q.type)) : undefined,
    q.status ? statusWhere(q.status, now) : undefined,
    q.collection ? eq(nftItems.collectionId, q.collection) : undefined,
    q.keyword
      ? or(
          sql`${nftItems.names} LIKE ${likePattern(q.keyword)} ESCAPE '\\'`,
          sql`${nftItems.code} LIKE ${likePattern(q.keyword)} ESCAPE '\\'`,
          sql`${nftItems.artistId} IN (SELECT id FROM nft_artists WHERE names LIKE ${likePattern(q.keyword)} ESCAPE '\\')`,
        )
      : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(nftItems)
      .where(where)
      .orderBy(saleRank(now), desc(nftItems.updatedAt), desc(nftItems.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(nftItems)
      .where(where)
      .get(),
  ]);
  return { list: await itemViews(db, rows, lang, viewerId, now), page: q.page, limit: q.limit, total: count?.n ?? 0 };
}

export const findItem = (db: Db, code: string) => db.select().from(nftItems).where(eq(nftItems.code, code)).get();

/**
 * getBoxDetail: the item with what a fixed-price sale of it would pay each side at the published rates. The spec's
 * client names it by `id`: its code, or its numeric id.
 */
export async function itemDetail(db: Db, ref: string, lang: Lang, viewerId: number | null, now = Date.now()): Promise<NftDetailView> {
  const item =
    (await findItem(db, ref)) ??
    (/^[1-9]\d{0,14}$/.test(ref)
      ? await db
          .select()
          .from(nftItems)
          .where(eq(nftItems.id, Number(ref)))
          .get()
      : undefined);
  if (!item) throw notFound();
  const [[view], rates, artist] = await Promise.all([
    itemViews(db, [item], lang, viewerId, now),
    nftRates(db),
    db.select({ userId: nftArtists.userId }).from(nftArtists).where(eq(nftArtists.id, item.artistId)).get(),
  ]);
  const split = saleSplit(
    item.price,
    { feeRate: rates.fee_rate, royaltyRate: rates.royalty_rate },
    royaltyDue(item.ownerId, artist?.userId ?? null),
  );
  const money = (n: number) => fromUnits(n, view!.precision);
  return {
    ...view!,
    ...rates,
    fee: money(split.fee),
    royalty: money(split.royalty),
    seller_receives: money(split.seller),
    total: money(item.price),
    primary: item.ownerId === null ? 1 : 0,
  };
}

async function artistViews(db: Db, rows: ArtistRow[], lang: Lang): Promise<NftArtistView[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ id: nftItems.artistId, n: sql<number>`count(*)` })
        .from(nftItems)
        .where(inArray(nftItems.artistId, ids))
        .groupBy(nftItems.artistId)
        .all()
    : [];
  const n = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((a) => ({
    id: a.id,
    uid: a.uid,
    name: localName(a.names, lang),
    bio: localName(a.bio, lang),
    avatar: mediaUrl(a.avatarKey),
    works: n.get(a.id) ?? 0,
  }));
}

/** getArtist: artists, newest first. */
export async function listArtists(db: Db, q: { page: number; limit: number }, lang: Lang): Promise<NftPage<NftArtistView>> {
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(nftArtists)
      .orderBy(desc(nftArtists.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(nftArtists)
      .get(),
  ]);
  return { list: await artistViews(db, rows, lang), page: q.page, limit: q.limit, total: count?.n ?? 0 };
}

/** getArtistDetail: the artist with their works (`artworks`, at most 100) and collections (`collects`). */
export async function artistDetail(db: Db, uid: string, lang: Lang, viewerId: number | null, now = Date.now()): Promise<NftArtistDetail> {
  const artist = await db.select().from(nftArtists).where(eq(nftArtists.uid, uid)).get();
  if (!artist) throw notFound();
  const [items, cols, [view]] = await Promise.all([
    db.select().from(nftItems).where(eq(nftItems.artistId, artist.id)).orderBy(desc(nftItems.id)).limit(100).all(),
    db.select().from(nftCollections).where(eq(nftCollections.artistId, artist.id)).orderBy(desc(nftCollections.id)).all(),
    artistViews(db, [artist], lang),
  ]);
  return { ...view!, artworks: await itemViews(db, items, lang, viewerId, now), collects: await collectionViews(db, cols, lang) };
}

/** getCollection: collections, newest first. */
export async function listCollections(db: Db, q: { page: number; limit: number }, lang: Lang): Promise<NftPage<NftCollectionView>> {
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(nftCollections)
      .orderBy(desc(nftCollections.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(nftCollections)
      .get(),
  ]);
  return { list: await collectionViews(db, rows, lang), page: q.page, limit: q.limit, total: count?.n ?? 0 };
}

/** getNftCurrency: the currencies items are priced in (the list filter's choices). */
export async function nftCurrencies(db: Db): Promise<NftCurrencyView[]> {
  return db
    .select({ id: currencies.id, name: currencies.name })
    .from(currencies)
    .where(inArray(currencies.id, db.selectDistinct({ id: nftItems.currencyId }).from(nftItems)))
    .orderBy(currencies.id)
    .all();
}

/** getMyNFTs: the caller's items, newest first. */
export async function myItems(db: Db, userId: number, q: { page: number; limit: number }, lang: Lang, now = Date.now()) {
  const where = eq(nftItems.ownerId, userId);
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(nftItems)
      .where(where)
      .orderBy(desc(nftItems.updatedAt), desc(nftItems.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(nftItems)
      .where(where)
      .get(),
  ]);
  return { list: await itemViews(db, rows, lang, userId, now), page: q.page, limit: q.limit, total: count?.n ?? 0 };
}

/** collect: toggles the caller's favourite; answers the new state and count. */
export async function toggleCollect(db: Db, userId: number, code: string, now = Date.now()) {
  const item = await findItem(db, code);
  if (!item) throw notFound();
  const key = and(eq(nftFavourites.userId, userId), eq(nftFavourites.itemId, item.id));
  // Delete first: if nothing was deleted, insert (OR IGNORE keeps a double click idempotent as "collected").
  const deleted = await db.delete(nftFavourites).where(key).returning({ id: nftFavourites.itemId }).all();
  if (deleted.length === 0) await db.insert(nftFavourites).values({ userId, itemId: item.id, createdAt: now }).onConflictDoNothing();
  const count = await db
    .select({ n: sql<number>`count(*)` })
    .from(nftFavourites)
    .where(eq(nftFavourites.itemId, item.id))
    .get();
  return { collect: deleted.length === 0 ? 1 : 0, collect_number: count?.n ?? 0 };
}
