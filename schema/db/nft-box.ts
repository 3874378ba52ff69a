import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * NFT blind boxes (README, "Design": NFT blind boxes). A series holds a fixed set of nft_items created for it (pay_type
 * 3, unowned until drawn); each bought box is a row with a sequence number and a code; opening assigns the item the draw
 * names for that sequence. Money is INTEGER minor units of the series' currency; times are epoch ms.
 */

/**
 * A box series. `seed` (64 hex) is secret until the series is revealed; `commitment` = SHA-256 of the seed's bytes is
 * public from creation, before the sale opens. `sold` is raised in each purchase's batch: the CHECK refuses a batch that
 * would sell beyond `total`, so concurrent buyers of the last box get exactly one.
 */
export const nftBoxSeries = sqliteTable(
  "nft_box_series",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    artistId: integer("artist_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    price: integer("price").notNull(),
    total: integer("total").notNull(),
    sold: integer("sold").notNull().default(0),
    opened: integer("opened").notNull().default(0),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    seed: text("seed").notNull(),
    commitment: text("commitment").notNull(),
    createdBy: integer("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    check("nft_box_series_sold", sql`${t.sold} >= 0 AND ${t.sold} <= ${t.total} AND ${t.opened} >= 0 AND ${t.opened} <= ${t.sold}`),
    check("nft_box_series_terms", sql`${t.price} > 0 AND ${t.total} BETWEEN 1 AND 500 AND ${t.startAt} < ${t.endAt}`),
  ],
);

/** The series' items in their canonical order (position 1..total), fixed at creation. */
export const nftBoxItems = sqliteTable(
  "nft_box_items",
  {
    seriesId: integer("series_id").notNull(),
    position: integer("position").notNull(),
    itemId: integer("item_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.position] }), uniqueIndex("nft_box_items_item").on(t.itemId)],
);

/**
 * Bought boxes. `seq` is the purchase's number in its series (1, 2, ...), taken from the series row inside the
 * purchase's batch; `code` is derived from the series and seq, so every box's draw is fixed by the commitment. `item_id`
 * and `opened_at` are set once, by a guarded update in the opening's batch.
 */
export const nftBoxes = sqliteTable(
  "nft_boxes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    seriesId: integer("series_id").notNull(),
    seq: integer("seq").notNull(),
    code: text("code").notNull(),
    userId: integer("user_id").notNull(),
    price: integer("price").notNull(),
    currencyId: integer("currency_id").notNull(),
    itemId: integer("item_id"),
    openedAt: integer("opened_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("nft_boxes_code").on(t.code),
    uniqueIndex("nft_boxes_seq").on(t.seriesId, t.seq),
    index("nft_boxes_user").on(t.userId, t.id),
    check("nft_boxes_opened", sql`(${t.itemId} IS NULL) = (${t.openedAt} IS NULL)`),
  ],
);
