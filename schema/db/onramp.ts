import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Buy-crypto orders (the on-ramp). `amount` is whole units of the fiat; `rate` (fiat per USD) and `usdt` (USDT minor
 * units) are fixed when the order is made and credited as stored. Closing an order (confirmation, cancellation by the
 * user or by the expiry job) posts the journal `onramp:close:<id>`, so exactly one of them ever happens.
 * No card number is ever stored here: card and wallet payers enter theirs at the payment provider.
 */
export const onrampOrders = sqliteTable(
  "onramp_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    /** What the payer writes on the transfer, unique, so an operator matches money to its order. */
    reference: text("reference").notNull(),
    country: text("country").notNull(),
    fiat: text("fiat").notNull(),
    method: text("method").notNull(),
    bank: text("bank").notNull(),
    amount: integer("amount").notNull(),
    rate: text("rate").notNull(),
    usdt: integer("usdt").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    taxId: text("tax_id").notNull(),
    /** The account the payer transfers to, as shown when the order was made (JSON). */
    receiving: text("receiving").notNull(),
    /** 1 to be paid, 2 payment successful, 3 cancelled. */
    status: integer("status").notNull().default(1),
    expiresAt: integer("expires_at").notNull(),
    firstApprovedBy: integer("first_approved_by"),
    firstApprovedAt: integer("first_approved_at"),
    reviewedBy: integer("reviewed_by"),
    paidAt: integer("paid_at"),
    cancelledAt: integer("cancelled_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("onramp_orders_reference").on(t.reference),
    index("onramp_orders_due").on(t.status, t.expiresAt),
    index("onramp_orders_user").on(t.userId, t.id),
    check("onramp_orders_amounts", sql`${t.amount} > 0 AND ${t.usdt} > 0`),
    check("onramp_orders_status", sql`${t.status} IN (1, 2, 3)`),
  ],
);
