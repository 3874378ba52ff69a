import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * NFT auctions (README, "Design": NFT auctions). A lot is one auction listing of an item (`nft_items` with pay_type 2),
 * named by the item and the listing's version; its AuctionLot Durable Object applies bids in order and writes each
 * accepted bid here in one batch with the bidder's deposit hold. Money is INTEGER minor units of the lot's currency.
 */
export const NFT_LOT_STATUSES = ["open", "awaiting_payment", "sold", "unsold"] as const;
export type NftLotStatus = (typeof NFT_LOT_STATUSES)[number];

export const nftLots = sqliteTable(
  "nft_lots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemId: integer("item_id").notNull(),
    /** The item's version when it was listed: a relisting is a new lot. */
    itemVersion: integer("item_version").notNull(),
    sellerId: integer("seller_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    startPrice: integer("start_price").notNull(),
    perIncrease: integer("per_increase").notNull(),
    margin: integer("margin").notNull(),
    startAt: integer("start_at").notNull(),
    /** The current end: the listing's end, moved by late bids (anti-sniping). */
    endAt: integer("end_at").notNull(),
    price: integer("price").notNull(),
    leaderId: integer("leader_id"),
    bidCount: integer("bid_count").notNull().default(0),
    status: text("status", { enum: NFT_LOT_STATUSES }).notNull().default("open"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("nft_lots_listing").on(t.itemId, t.itemVersion),
    index("nft_lots_due").on(t.status, t.endAt),
    check("nft_lots_money", sql`${t.startPrice} >= 0 AND ${t.perIncrease} >= 0 AND ${t.margin} >= 0 AND ${t.price} >= ${t.startPrice}`),
  ],
);

/** Accepted bids. Prices on a lot only rise, so (lot, price) is unique: a tie can never be stored twice. */
export const nftBids = sqliteTable(
  "nft_bids",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lotId: integer("lot_id").notNull(),
    userId: integer("user_id").notNull(),
    increment: integer("increment").notNull(),
    price: integer("price").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("nft_bids_lot_price").on(t.lotId, t.price), index("nft_bids_user").on(t.userId, t.id)],
);

/** One deposit per bidder and lot: the ledger hold and how it ended. */
export const nftLotDeposits = sqliteTable(
  "nft_lot_deposits",
  {
    lotId: integer("lot_id").notNull(),
    userId: integer("user_id").notNull(),
    holdId: text("hold_id").notNull(),
    amount: integer("amount").notNull(),
    /** held, released (lost the auction), consumed (paid), forfeited (unpaid win, to the seller). */
    status: text("status", { enum: ["held", "released", "consumed", "forfeited"] })
      .notNull()
      .default("held"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.userId] })],
);

/** The winner's order: pay `price` (the deposit counts) by `overtime`, or the deposit goes to the seller. */
export const nftPayOrders = sqliteTable(
  "nft_pay_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lotId: integer("lot_id").notNull(),
    itemId: integer("item_id").notNull(),
    userId: integer("user_id").notNull(),
    sellerId: integer("seller_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    price: integer("price").notNull(),
    deposit: integer("deposit").notNull(),
    holdId: text("hold_id").notNull(),
    /** Pay deadline, epoch ms. */
    overtime: integer("overtime").notNull(),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    isPay: integer("is_pay", { mode: "boolean" }).notNull().default(false),
    isExpired: integer("is_expired", { mode: "boolean" }).notNull().default(false),
    fee: integer("fee").notNull().default(0),
    paidAt: integer("paid_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("nft_pay_orders_lot").on(t.lotId),
    index("nft_pay_orders_user").on(t.userId, t.id),
    index("nft_pay_orders_item").on(t.itemId, t.isPay, t.isExpired),
    check("nft_pay_orders_state", sql`NOT (${t.isPay} = 1 AND ${t.isExpired} = 1)`),
  ],
);

/**
 * Never holds a row: a settlement batch inserts `ok = 0` here when its guarded row update changed no row
 * (`INSERT ... SELECT 0 WHERE changes() = 0`), and the CHECK fails the whole batch, so a lot settles, is paid or
 * forfeits once however often it is tried.
 */
export const nftAuctionGuard = sqliteTable("nft_auction_guard", { ok: integer("ok").notNull() }, (t) => [
  check("nft_auction_guard_rows_changed", sql`${t.ok} = 1`),
]);
