import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Contract (lever) trading (README, "Design": Contracts). The house is the counterparty; every number a position
 * depends on is published here and kept on the position with the reference price (and its time) of each event.
 * Prices and quantities are canonical decimal TEXT; money is INTEGER minor units of the margin (legal) coin.
 * Margin of open positions sits in the system margin account (SYS-CONTRACT-MARGIN) until the position closes.
 */

/** One contract pair. `market_id` is the pair's match id; `feed` says where its reference price comes from. */
export const contractConfigs = sqliteTable(
  "contract_configs",
  {
    marketId: integer("market_id").primaryKey(),
    /** "spot": the spot Market object's reference feed; "stock": the pair's StockFeed object (NYSE hours). */
    feed: text("feed").notNull().default("spot"),
    /** JSON array of allowed multiples, ascending: "[5,10,25,50,100]". */
    multiples: text("multiples").notNull(),
    /** Base quantity of one lot. */
    lotSize: text("lot_size").notNull(),
    minLots: integer("min_lots").notNull(),
    maxLots: integer("max_lots").notNull(),
    /** Fixed price amount added to a long's open price and taken from a short's. */
    spread: text("spread").notNull(),
    feeRate: text("fee_rate").notNull(),
    overnightRate: text("overnight_rate").notNull(),
    hazardRate: text("hazard_rate").notNull(),
    limitEntry: integer("limit_entry", { mode: "boolean" }).notNull().default(true),
    stops: integer("stops", { mode: "boolean" }).notNull().default(true),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("contract_configs_lots", sql`${t.minLots} >= 1 AND ${t.maxLots} >= ${t.minLots}`),
    check("contract_configs_feed", sql`${t.feed} IN ('spot', 'stock')`),
  ],
);

/** The original's statuses: 0 entrusted, 1 holding, 2 closing, 3 closed, 4 cancelled. */
export const CONTRACT_STATUS = { entrusted: 0, holding: 1, closing: 2, closed: 3, cancelled: 4 } as const;
export const CLOSE_REASONS = ["user", "batch", "take_profit", "stop_loss", "liquidation", "copy"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** One position (or entrusted order, until its limit entry activates). */
export const contractPositions = sqliteTable(
  "contract_positions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    marketId: integer("market_id").notNull(),
    /** The margin coin (the pair's quote). */
    legalId: integer("legal_id").notNull(),
    /** 1 long, 2 short. */
    side: integer("side").notNull(),
    status: integer("status").notNull(),
    /** 1 own, 2 copied (copy trading). */
    orderType: integer("order_type").notNull().default(1),
    lots: integer("lots").notNull(),
    multiple: integer("multiple").notNull(),
    quantity: text("quantity").notNull(),
    /** The limit entry's target reference price; "" for a market entry. */
    targetPrice: text("target_price").notNull().default(""),
    /** Reference price + spread (long) or − spread (short) at open; "" while entrusted. */
    openPrice: text("open_price").notNull().default(""),
    openRef: text("open_ref").notNull().default(""),
    openRefAt: integer("open_ref_at").notNull().default(0),
    /** Terms in force at open, kept with the position. */
    spread: text("spread").notNull(),
    feeRate: text("fee_rate").notNull(),
    overnightRate: text("overnight_rate").notNull(),
    hazardRate: text("hazard_rate").notNull(),
    marginUnits: integer("margin_units").notNull(),
    feeUnits: integer("fee_units").notNull(),
    overnightUnits: integer("overnight_units").notNull().default(0),
    liqPrice: text("liq_price").notNull().default(""),
    takeProfit: text("take_profit"),
    stopLoss: text("stop_loss"),
    closeRef: text("close_ref").notNull().default(""),
    closeRefAt: integer("close_ref_at").notNull().default(0),
    closeReason: text("close_reason", { enum: CLOSE_REASONS }),
    pnlUnits: integer("pnl_units").notNull().default(0),
    /** What the insurance account paid when the loss exceeded the margin. */
    insuranceUnits: integer("insurance_units").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    closedAt: integer("closed_at"),
    /** A copy's trader position (order_type 2, copy trading); null for the user's own orders. */
    followOrderId: integer("follow_order_id"),
  },
  (t) => [
    index("contract_positions_user").on(t.userId, t.marketId, t.status, t.id),
    // One copy per follower and trader position, however often the copy hook runs.
    uniqueIndex("contract_positions_copy").on(t.followOrderId, t.userId),
    index("contract_positions_market").on(t.marketId, t.status),
    check("contract_positions_side", sql`${t.side} IN (1, 2)`),
    check("contract_positions_status", sql`${t.status} BETWEEN 0 AND 4`),
    check("contract_positions_money", sql`${t.marginUnits} >= 0 AND ${t.feeUnits} >= 0 AND ${t.overnightUnits} >= 0`),
  ],
);

/**
 * Never holds a row: a batch that moves a position's money inserts `ok = 0` here when its status-and-margin guarded
 * row update changed fewer rows than it should (`INSERT ... WHERE changes() <> n`), and the CHECK fails the whole
 * batch. So a close, cancel or overnight charge computed from a row that changed meanwhile moves no money.
 */
export const contractGuard = sqliteTable("contract_guard", { ok: integer("ok").notNull() }, (t) => [
  check("contract_guard_rows_changed", sql`${t.ok} = 1`),
]);
