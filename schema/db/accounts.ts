import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Times are epoch milliseconds throughout the schema. */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Public, non-sequential account number shown as UID. */
    uid: text("uid").notNull(),
    email: text("email"),
    areaCode: text("area_code"),
    mobile: text("mobile"),
    walletAddress: text("wallet_address"),
    passwordHash: text("password_hash"),
    payPasswordHash: text("pay_password_hash"),
    nickname: text("nickname").notNull().default(""),
    signature: text("signature").notNull().default(""),
    avatar: text("avatar").notNull().default(""),
    creditScore: integer("credit_score").notNull().default(100),
    vipLevel: integer("vip_level").notNull().default(0),
    /** Flags operators set (audited): either makes the user eligible for OTC loans whatever the VIP level. */
    marketMaker: integer("market_maker", { mode: "boolean" }).notNull().default(false),
    proTrader: integer("pro_trader", { mode: "boolean" }).notNull().default(false),
    inviteCode: text("invite_code").notNull(),
    invitedBy: integer("invited_by"),
    role: text("role", { enum: ["user", "operator", "system"] })
      .notNull()
      .default("user"),
    status: text("status", { enum: ["active", "locked"] })
      .notNull()
      .default("active"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_uid").on(t.uid),
    uniqueIndex("users_email").on(t.email),
    uniqueIndex("users_mobile").on(t.areaCode, t.mobile),
    uniqueIndex("users_wallet").on(t.walletAddress),
    uniqueIndex("users_invite_code").on(t.inviteCode),
  ],
);

/** A session is known only by the SHA-256 of its token. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

/** One-time codes, stored hashed and bound to an address and a purpose. */
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    target: text("target").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: integer("sent_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    consumedAt: integer("consumed_at"),
  },
  (t) => [index("codes_target").on(t.target, t.purpose, t.sentAt)],
);

/** Single-use nonces for wallet sign-in (EIP-191). */
export const walletNonces = sqliteTable("wallet_nonces", {
  nonce: text("nonce").primaryKey(),
  address: text("address").notNull(),
  message: text("message").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

/** Fixed-window counters for throttling log-ins and code requests. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Every message the local transport "sent"; the production transport does not write here. */
export const messageOutbox = sqliteTable("message_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  channel: text("channel", { enum: ["email", "sms"] }).notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const identityVerifications = sqliteTable(
  "identity_verifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    level: integer("level").notNull(),
    status: text("status", { enum: ["auditing", "hasaudit", "failed"] }).notNull(),
    idType: integer("id_type"),
    name: text("name"),
    cardId: text("card_id"),
    frontPic: text("front_pic"),
    reversePic: text("reverse_pic"),
    reason: text("reason").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: integer("reviewed_by"),
    /** Language of the submission; the review result notification is written in it. */
    lang: text("lang").notNull().default("en"),
  },
  (t) => [
    index("kyc_user").on(t.userId, t.level),
    index("kyc_status").on(t.status, t.createdAt),
    /** At most one submission under review per user, even under concurrent requests. */
    uniqueIndex("kyc_one_auditing")
      .on(t.userId)
      .where(sql`status = 'auditing'`),
    /** A level passes once per user. */
    uniqueIndex("kyc_one_passed")
      .on(t.userId, t.level)
      .where(sql`status = 'hasaudit'`),
    /** An ID number belongs to one person: unique among passed and pending submissions. */
    uniqueIndex("kyc_card_id")
      .on(t.cardId)
      .where(sql`status IN ('auditing', 'hasaudit') AND card_id IS NOT NULL`),
  ],
);

/** Stored files (R2 keys). Private files are readable by their owner and operators only. */
export const uploads = sqliteTable("uploads", {
  key: text("key").primaryKey(),
  ownerId: integer("owner_id").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  private: integer("private", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at")
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
});
