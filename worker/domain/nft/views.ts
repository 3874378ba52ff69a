import { and, eq, inArray, sql } from "drizzle-orm";
import { NFT_MEDIA_PATH, type NftCollectionView, type NftItemView, type NftNames, nameIn } from "../../../schema/api/nft.ts";
import type { Lang } from "../../../schema/api/lang.ts";
import { currencies, nftArtists, nftCollections, nftFavourites, nftItems, users } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { fromUnits } from "../ledger/index.ts";
import { canBuy, saleStatus } from "./status.ts";

/** Reading the catalogue's rows into the spec's views, in the reader's language (English when a name is missing). */

export type ItemRow = typeof nftItems.$inferSelect;
export type ArtistRow = typeof nftArtists.$inferSelect;
export type CollectionRow = typeof nftCollections.$inferSelect;

/** A names column as stored; a damaged value reads as an empty English name rather than failing the page. */
export function readNames(json: string): NftNames {
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === "object" && typeof (v as { en?: unknown }).en === "string") return v as NftNames;
  } catch {
    // fall through
  }
  return { en: "" };
}
export const localName = (json: string, lang: Lang) => nameIn(readNames(json), lang);

export const mediaUrl = (key: string | null | undefined) => (key ? `${NFT_MEDIA_PATH}${key}` : "");

type Context = {
  artists: Map<number, ArtistRow>;
  collections: Map<number, CollectionRow>;
  owners: Map<number, string>;
  currencies: Map<number, { name: string; precision: number }>;
  favCounts: Map<number, number>;
  mine: Set<number>;
};

/** Everything the views of these items refer to, in a few reads. */
async function contextOf(db: Db, items: ItemRow[], viewerId: number | null): Promise<Context> {
  const ids = items.map((i) => i.id);
  const artistIds = [...new Set(items.map((i) => i.artistId))];
  const collectionIds = [...new Set(items.flatMap((i) => (i.collectionId === null ? [] : [i.collectionId])))];
  const ownerIds = [...new Set(items.flatMap((i) => (i.ownerId === null ? [] : [i.ownerId])))];
  const none = ids.length === 0;
  const [artists, cols, owners, curs, favs, mine] = await Promise.all([
    artistIds.length ? db.select().from(nftArtists).where(inArray(nftArtists.id, artistIds)).all() : [],
    collectionIds.length ? db.select().from(nftCollections).where(inArray(nftCollections.id, collectionIds)).all() : [],
    ownerIds.length ? db.select({ id: users.id, nickname: users.nickname }).from(users).where(inArray(users.id, ownerIds)).all() : [],
    db.select({ id: currencies.id, name: currencies.name, precision: currencies.precision }).from(currencies).all(),
    none
      ? []
      : db
          .select({ id: nftFavourites.itemId, n: sql<number>`count(*)` })
          .from(nftFavourites)
          .where(inArray(nftFavourites.itemId, ids))
          .groupBy(nftFavourites.itemId)
          .all(),
    none || viewerId === null
      ? []
      : db
          .select({ id: nftFavourites.itemId })
          .from(nftFavourites)
          .where(and(eq(nftFavourites.userId, viewerId), inArray(nftFavourites.itemId, ids)))
          .all(),
  ]);
  return {
    artists: new Map(artists.map((a) => [a.id, a])),
    collections: new Map(cols.map((c) => [c.id, c])),
    owners: new Map(owners.map((o) => [o.id, o.nickname])),
    currencies: new Map(curs.map((c) => [c.id, c])),
    favCounts: new Map(favs.map((f) => [f.id, f.n])),
    mine: new Set(mine.map((f) => f.id)),
  };
}

function itemView(i: ItemRow, ctx: Context, lang: Lang, viewerId: number | null, now: number): NftItemView {
  const artist = ctx.artists.get(i.artistId);
  const collection = i.collectionId === null ? undefined : ctx.collections.get(i.collectionId);
  const cur = ctx.currencies.get(i.currencyId) ?? { name: "", precision: 0 };
  const money = (n: number) => fromUnits(n, cur.precision);
  const artistUserId = artist?.userId ?? null;
  return {
    id: i.id,
    code: i.code,
    name: localName(i.names, lang),
    description: localName(i.description, lang),
    image: mediaUrl(i.mediaType <= 2 ? i.mediaKey : i.coverKey),
    media: mediaUrl(i.mediaKey),
    price: money(i.price),
    per_increase: money(i.perIncrease),
    margin: money(i.margin),
    rarity: i.rarity as NftItemView["rarity"],
    type: i.mediaType as NftItemView["type"],
    pay_type: i.payType as NftItemView["pay_type"],
    status: saleStatus(i, now),
    buy_status: canBuy(i, artistUserId, viewerId, now) ? 1 : 0,
    start_time: Math.floor(i.startAt / 1000),
    end_time: Math.floor(i.endAt / 1000),
    owner: i.ownerId === null ? null : (ctx.owners.get(i.ownerId) ?? ""),
    is_mine: viewerId !== null && (i.ownerId ?? artistUserId) === viewerId ? 1 : 0,
    listed: i.listed ? 1 : 0,
    collect: ctx.mine.has(i.id) ? 1 : 0,
    collect_number: ctx.favCounts.get(i.id) ?? 0,
    author_name: artist ? localName(artist.names, lang) : "",
    author_avatar: mediaUrl(artist?.avatarKey),
    author_uid: artist?.uid ?? "",
    collection_id: i.collectionId,
    collection_name: collection ? localName(collection.names, lang) : "",
    currency_name: cur.name,
    currency_id: i.currencyId,
    precision: cur.precision,
  };
}

export async function itemViews(db: Db, items: ItemRow[], lang: Lang, viewerId: number | null, now = Date.now()): Promise<NftItemView[]> {
  const ctx = await contextOf(db, items, viewerId);
  return items.map((i) => itemView(i, ctx, lang, viewerId, now));
}

export async function collectionViews(db: Db, rows: CollectionRow[], lang: Lang): Promise<NftCollectionView[]> {
  const ids = rows.map((r) => r.id);
  const artistIds = [...new Set(rows.map((r) => r.artistId))];
  const [artists, counts] = await Promise.all([
    artistIds.length ? db.select().from(nftArtists).where(inArray(nftArtists.id, artistIds)).all() : [],
    ids.length
      ? db
          .select({ id: nftItems.collectionId, n: sql<number>`count(*)` })
          .from(nftItems)
          .where(inArray(nftItems.collectionId, ids))
          .groupBy(nftItems.collectionId)
          .all()
      : [],
  ]);
  const byId = new Map(artists.map((a) => [a.id, a]));
  const n = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => {
    const artist = byId.get(r.artistId);
    return {
      id: r.id,
      name: localName(r.names, lang),
      cover: mediaUrl(r.coverKey),
      artist_uid: artist?.uid ?? "",
      author_name: artist ? localName(artist.names, lang) : "",
      works: n.get(r.id) ?? 0,
    };
  });
}
