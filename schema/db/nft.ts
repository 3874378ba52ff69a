import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * NFT marketplace catalogue (README, "Design": NFT). An item is one token with one owner at a time; a sale (fixed
 * price, auction or blind box) is a listing on the item. Money is INTEGER minor units of the listing's currency.
 * Names are JSON objects keyed by the app's language codes ({"en": "...", "zh": "..."}); a missing language falls
 * back to "en".
 */

/** Artists. An artist may be a user (then primary-sale proceeds and resale royalties go to that user). */
export const nftArtists = sqliteTable(
  "nft_artists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Public id used in URLs (`getArtistDetail: uid`). */
    uid: text("uid").notNull(),
    userId: integer("user_id"),
    names: text("names").notNull(),
    bio: text("bio").notNull().default("{}"),
    /** R2 key of the avatar (a media row's key), or null. */
    avatarKey: text("avatar_key"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("nft_artists_uid").on(t.uid)],
);

export const nftCollections = sqliteTable(
  "nft_collections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    artistId: integer("artist_id").notNull(),
    names: text("names").notNull(),
    coverKey: text("cover_key"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("nft_collections_artist").on(t.artistId)],
);

/** Uploaded media: the type is decided from the content (magic bytes), never from the name or the uploader's header. */
export const nftMedia = sqliteTable("nft_media", {
  key: text("key").primaryKey(),
  /** image/png, image/jpeg, image/webp, image/gif, audio/mpeg, audio/ogg, video/mp4, video/webm. */
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  uploadedBy: integer("uploaded_by").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** 1 image, 2 gif, 3 audio, 4 video (the spec's `type`). */
export const NFT_MEDIA_TYPES = [1, 2, 3, 4] as const;
/** 1 fixed price, 2 auction, 3 blind box (the spec's `pay_type`). */
export const NFT_PAY_TYPES = [1, 2, 3] as const;

/**
 * Items. `owner_id` null means the item has not been sold yet (its primary sale pays the artist's user, or the house's
 * NFT sales account when the artist is not a user). A listing is the `listed` flag with the sale fields; `version`
 * increases on every ownership or listing change, so a guarded `UPDATE ... WHERE version = ?` lets exactly one of two
 * concurrent buyers win.
 */
export const nftItems = sqliteTable(
  "nft_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Public code (`code` in every /bind_box call). */
    code: text("code").notNull(),
    artistId: integer("artist_id").notNull(),
    collectionId: integer("collection_id"),
    names: text("names").notNull(),
    description: text("description").notNull().default("{}"),
    mediaType: integer("media_type").notNull(),
    mediaKey: text("media_key").notNull(),
    /** Cover image for audio and video items. */
    coverKey: text("cover_key"),
    /** 1 common, 2 rare, 3 epic, 4 legendary. */
    rarity: integer("rarity").notNull().default(1),
    ownerId: integer("owner_id"),
    listed: integer("listed", { mode: "boolean" }).notNull().default(false),
    payType: integer("pay_type").notNull().default(1),
    currencyId: integer("currency_id").notNull(),
    /** Fixed price, or an auction's starting price, minor units of currency_id. */
    price: integer("price").notNull().default(0),
    /** Auction: the smallest increment and the bidder's deposit, minor units. */
    perIncrease: integer("per_increase").notNull().default(0),
    margin: integer("margin").notNull().default(0),
    startAt: integer("start_at").notNull().default(0),
    endAt: integer("end_at").notNull().default(0),
    version: integer("version").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("nft_items_code").on(t.code),
    index("nft_items_listing").on(t.listed, t.payType, t.endAt),
    index("nft_items_owner").on(t.ownerId, t.id),
    index("nft_items_artist").on(t.artistId),
    index("nft_items_collection").on(t.collectionId),
    check("nft_items_media_type", sql`${t.mediaType} IN (1, 2, 3, 4)`),
    check("nft_items_pay_type", sql`${t.payType} IN (1, 2, 3)`),
    check("nft_items_rarity", sql`${t.rarity} BETWEEN 1 AND 4`),
    check("nft_items_money", sql`${t.price} >= 0 AND ${t.perIncrease} >= 0 AND ${t.margin} >= 0`),
    check("nft_items_window", sql`${t.listed} = 0 OR ${t.startAt} < ${t.endAt}`),
  ],
);

/** Favourites (`collect`): one row per user and item. */
export const nftFavourites = sqliteTable(
  "nft_favourites",
  {
    userId: integer("user_id").notNull(),
    itemId: integer("item_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index("nft_favourites_item").on(t.itemId)],
);

/** Every change of owner, for the item's history and the seller's payment trail (the journal id of the sale). */
export const nftTransfers = sqliteTable(
  "nft_transfers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemId: integer("item_id").notNull(),
    fromUserId: integer("from_user_id"),
    toUserId: integer("to_user_id").notNull(),
    /** "buy", "auction", "blind_box". */
    via: text("via").notNull(),
    price: integer("price").notNull(),
    currencyId: integer("currency_id").notNull(),
    /** The journal's ref key of the payment. */
    refKey: text("ref_key").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("nft_transfers_ref").on(t.refKey), index("nft_transfers_item").on(t.itemId, t.id)],
);
