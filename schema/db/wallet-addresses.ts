import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Saved withdrawal addresses. currency_id refers to currencies.id (schema/db/money.ts)
 * without a foreign key; the route checks the currency exists. `chain` is the address
 * format the address was validated against: "BTC", "ETH" or "TRON". `usable_at` (ms) is when a
 * new or edited address may first receive a withdrawal; 0 for rows older than that rule.
 */
export const withdrawAddresses = sqliteTable(
  "withdraw_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    chain: text("chain", { enum: ["BTC", "ETH", "TRON"] }).notNull(),
    qrcode: text("qrcode").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    usableAt: integer("usable_at").notNull().default(0),
  },
  (t) => [
    index("withdraw_addresses_user").on(t.userId, t.id),
    uniqueIndex("withdraw_addresses_unique").on(t.userId, t.currencyId, t.address),
  ],
);
