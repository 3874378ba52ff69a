import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A user's bank card for fiat withdrawals: one domestic and one international card
 * at most (unique per user and kind); changing a bound card goes through customer
 * service, so rows are never updated by the user. Field names follow the original
 * client: alipay_account holds the ABA number, wechat_account the cardholder's
 * address and wechat_nickname a SWIFT code.
 */
export const bankCards = sqliteTable(
  "bank_cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    kind: text("kind", { enum: ["domestic", "international"] }).notNull(),
    realName: text("real_name").notNull(),
    bankAccount: text("bank_account").notNull(),
    bankName: text("bank_name").notNull(),
    bankDizhi: text("bank_dizhi").notNull(),
    bankNetwork: text("bank_network").notNull(),
    swiftCode: text("swift_code").notNull(),
    phone: text("phone").notNull(),
    alipayAccount: text("alipay_account").notNull(),
    wechatAccount: text("wechat_account").notNull(),
    wechatNickname: text("wechat_nickname").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("bank_cards_user_kind").on(t.userId, t.kind)],
);
