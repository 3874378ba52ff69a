import { desc, eq, sql } from "drizzle-orm";
import type { NftNames } from "../../../schema/api/nft.ts";
import { nftArtists, nftCollections, nftItems, nftMedia, users } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import { b64url } from "../auth/password.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { commit, errorText, fromUnits } from "../ledger/index.ts";
import { auditCreatedStatement } from "../earn/audit-created.ts";
import { requireCurrency } from "../wallet/currencies.ts";
import { amountOrZero } from "./amounts.ts";
import { NFT_MEDIA_TYPES, isNftMediaType, mediaKind } from "./media-type.ts";

/** Console: artists, collections and items (create, edit, list for sale), each change audited in its own batch. */

const names = (n: NftNames) => JSON.stringify(n);

/** A JSON text of names by language (bio, description); "{}" and anything unreadable become "{}". */
function namesText(json: string): string {
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const out: Record<string, string> = {};
      for (const [k, t] of Object.entries(v)) if (typeof t === "string" && k.length <= 4) out[k] = t.slice(0, 2000);
      return JSON.stringify(out);
    }
  } catch {
    // fall through
  }
  throw badRequest("NFT_NAMES_INVALID");
}

async function requireMedia(db: Db, key: string | undefined, kinds: readonly number[]) {
  if (key === undefined) return null;
  const row = await db.select().from(nftMedia).where(eq(nftMedia.key, key)).get();
  if (!row || !isNftMediaType(row.contentType) || !kinds.includes(NFT_MEDIA_TYPES[row.contentType].kind))
    throw badRequest("NFT_MEDIA_MISSING");
  return row;
}

export async function saveArtist(
  db: Db,
  actorId: number,
  input: { id?: number; names: NftNames; bio: string; user_uid?: string; avatar_key?: string },
  now = Date.now(),
) {
  await requireMedia(db, input.avatar_key, [1, 2]);
  let userId: number | null = null;
  if (input.user_uid) {
    const user = await db.select({ id: users.id }).from(users).where(eq(users.uid, input.user_uid)).get();
    if (!user || user.id < 0) throw badRequest("NFT_ARTIST_USER_UNKNOWN");
    userId = user.id;
  }
  const values = { names: names(input.names), bio: namesText(input.bio), userId, avatarKey: input.avatar_key ?? null };
  if (input.id !== undefined) {
    const before = await db.select().from(nftArtists).where(eq(nftArtists.id, input.id)).get();
    if (!before) throw notFound();
    const [rows] = (await commit(db, [
      db.update(nftArtists).set(values).where(eq(nftArtists.id, before.id)).returning(),
      auditStatement(
        db,
        { actorId, action: "nft.artist.edit", subjectType: "nft_artist", subjectId: before.id, detail: { before, after: values } },
        now,
      ),
    ])) as [(typeof nftArtists.$inferSelect)[]];
    return rows[0]!;
  }
  const uid = `A${b64url(crypto.getRandomValues(new Uint8Array(6)))}`;
  const [rows] = (await commit(db, [
    db
      .insert(nftArtists)
      .values({ ...values, uid, createdAt: now })
      .returning(),
    auditCreatedStatement(db, { actorId, action: "nft.artist.create", subjectType: "nft_artist", detail: { after: values } }, now),
  ])) as [(typeof nftArtists.$inferSelect)[]];
  return rows[0]!;
}

export async function saveCollection(
  db: Db,
  actorId: number,
  input: { id?: number; artist_id: number; names: NftNames; cover_key?: string },
  now = Date.now(),
) {
  const artist = await db.select({ id: nftArtists.id }).from(nftArtists).where(eq(nftArtists.id, input.artist_id)).get();
  if (!artist) throw badRequest("NFT_ARTIST_UNKNOWN");
  await requireMedia(db, input.cover_key, [1, 2]);
  const values = { artistId: artist.id, names: names(input.names), coverKey: input.cover_key ?? null };
  if (input.id !== undefined) {
    const before = await db.select().from(nftCollections).where(eq(nftCollections.id, input.id)).get();
    if (!before) throw notFound();
    const [rows] = (await commit(db, [
      db.update(nftCollections).set(values).where(eq(nftCollections.id, before.id)).returning(),
      auditStatement(
        db,
        { actorId, action: "nft.collection.edit", subjectType: "nft_collection", subjectId: before.id, detail: { before, after: values } },
        now,
      ),
    ])) as [(typeof nftCollections.$inferSelect)[]];
    return rows[0]!;
  }
  const [rows] = (await commit(db, [
    db
      .insert(nftCollections)
      .values({ ...values, createdAt: now })
      .returning(),
    auditCreatedStatement(db, { actorId, action: "nft.collection.create", subjectType: "nft_collection", detail: { after: values } }, now),
  ])) as [(typeof nftCollections.$inferSelect)[]];
  return rows[0]!;
}

export type ItemInput = {
  id?: number;
  artist_id: number;
  collection_id?: number;
  names: NftNames;
  description: string;
  media_key: string;
  cover_key?: string;
  rarity: "1" | "2" | "3" | "4";
  currency: string;
  price: string;
  per_increase: string;
  margin: string;
  pay_type: "1" | "2" | "3";
  start_time?: number;
  end_time?: number;
  listed: "0" | "1";
};

/**
 * Creates or edits an item. The media decides the item's type (image, gif, audio, video). Only an item nobody owns
 * yet may be edited here: what a user owns is theirs (they resell it), and a listing already running is not changed
 * under its buyers' feet (the edit is guarded on the version the operator's form read).
 */
export async function saveItem(db: Db, actorId: number, input: ItemInput, now = Date.now()) {
  const artist = await db.select({ id: nftArtists.id }).from(nftArtists).where(eq(nftArtists.id, input.artist_id)).get();
  if (!artist) throw badRequest("NFT_ARTIST_UNKNOWN");
  if (input.collection_id !== undefined) {
    const col = await db.select().from(nftCollections).where(eq(nftCollections.id, input.collection_id)).get();
    if (!col || col.artistId !== artist.id) throw badRequest("NFT_COLLECTION_UNKNOWN");
  }
  const media = (await requireMedia(db, input.media_key, [1, 2, 3, 4]))!;
  const mediaType = mediaKind(media.contentType);
  await requireMedia(db, input.cover_key, [1, 2]);
  const currency = await requireCurrency(db, input.currency, { includeDisabled: true });
  const price = amountOrZero(currency, input.price);
  const perIncrease = amountOrZero(currency, input.per_increase);
  const margin = amountOrZero(currency, input.margin);
  const listed = input.listed === "1";
  const payType = Number(input.pay_type);
  if (listed) {
    if (price <= 0) throw badRequest("NFT_PRICE_POSITIVE");
    if (input.start_time === undefined || input.end_time === undefined || input.start_time >= input.end_time) {
      throw badRequest("NFT_WINDOW_INVALID");
    }
    if (payType === 2 && perIncrease <= 0) throw badRequest("NFT_INCREMENT_REQUIRED");
  }
  const values = {
    artistId: artist.id,
    collectionId: input.collection_id ?? null,
    names: names(input.names),
    description: namesText(input.description),
    mediaType,
    mediaKey: media.key,
    coverKey: input.cover_key ?? null,
    rarity: Number(input.rarity),
    listed,
    payType,
    currencyId: currency.id,
    price,
    perIncrease,
    margin,
    startAt: input.start_time ?? 0,
    endAt: input.end_time ?? 0,
    updatedAt: now,
  };
  try {
    if (input.id !== undefined) {
      const before = await db.select().from(nftItems).where(eq(nftItems.id, input.id)).get();
      if (!before) throw notFound();
      if (before.ownerId !== null) throw conflict("NFT_OWNED_NOT_EDITABLE");
      const [rows] = (await commit(db, [
        db
          .update(nftItems)
          .set({ ...values, version: sql`${nftItems.version} + 1` })
          .where(sql`${nftItems.id} = ${before.id} AND ${nftItems.version} = ${before.version} AND ${nftItems.ownerId} IS NULL`)
          .returning(),
        auditStatement(
          db,
          { actorId, action: "nft.item.edit", subjectType: "nft_item", subjectId: before.id, detail: { before, after: values } },
          now,
        ),
      ])) as [(typeof nftItems.$inferSelect)[]];
      if (rows.length === 0) throw conflict("NFT_OWNED_NOT_EDITABLE");
      return rows[0]!;
    }
    const code = `N${b64url(crypto.getRandomValues(new Uint8Array(9)))}`;
    const [rows] = (await commit(db, [
      db
        .insert(nftItems)
        .values({ ...values, code, createdAt: now })
        .returning(),
      auditCreatedStatement(db, { actorId, action: "nft.item.create", subjectType: "nft_item", detail: { after: values } }, now),
    ])) as [(typeof nftItems.$inferSelect)[]];
    return rows[0]!;
  } catch (err) {
    if (errorText(err).includes("nft_items_window")) throw badRequest("NFT_WINDOW_INVALID");
    throw err;
  }
}

/** Console lists: everything, newest first, with raw names for the edit forms. */
export async function adminCatalogue(db: Db, q: { page: number; limit: number }) {
  const [artists, collections, items, count] = await Promise.all([
    db.select().from(nftArtists).orderBy(desc(nftArtists.id)).all(),
    db.select().from(nftCollections).orderBy(desc(nftCollections.id)).all(),
    db
      .select()
      .from(nftItems)
      .orderBy(desc(nftItems.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(nftItems)
      .get(),
  ]);
  const curs = new Map((await db.query.currencies.findMany({ columns: { id: true, name: true, precision: true } })).map((c) => [c.id, c]));
  return {
    artists: artists.map((a) => ({ id: a.id, uid: a.uid, names: a.names, bio: a.bio, user_id: a.userId, avatar_key: a.avatarKey })),
    collections: collections.map((c) => ({ id: c.id, artist_id: c.artistId, names: c.names, cover_key: c.coverKey })),
    items: items.map((i) => {
      const cur = curs.get(i.currencyId);
      const money = (n: number) => fromUnits(n, cur?.precision ?? 0);
      return {
        id: i.id,
        code: i.code,
        artist_id: i.artistId,
        collection_id: i.collectionId,
        names: i.names,
        description: i.description,
        media_key: i.mediaKey,
        cover_key: i.coverKey,
        type: i.mediaType,
        rarity: i.rarity,
        owner_id: i.ownerId,
        listed: i.listed ? 1 : 0,
        pay_type: i.payType,
        currency: cur?.name ?? "",
        price: money(i.price),
        per_increase: money(i.perIncrease),
        margin: money(i.margin),
        start_time: i.startAt,
        end_time: i.endAt,
      };
    }),
    page: q.page,
    limit: q.limit,
    total: count?.n ?? 0,
  };
}
