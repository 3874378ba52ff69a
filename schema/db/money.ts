import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Money tables (README, "Design": Money). Amounts on the ledger are INTEGER minor
 * units at the currency's precision (at most 8 decimals, so every amount fits a
 * JS safe integer); amounts on requests (deposits, withdrawals) are canonical
 * decimal TEXT. Times are epoch ms.
 *
 * Account types: 1 legal, 2 change, 3 lever, 4 micro.
 */

/** Assets. `precision` is the number of decimals of the minor unit and may change only while nothing uses the asset. */
export const currencies = sqliteTable(
  "currencies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    precision: integer("precision").notNull(),
    displayDecimals: integer("display_decimals").notNull().default(8),
    isLegal: integer("is_legal", { mode: "boolean" }).notNull().default(false),
    isChange: integer("is_change", { mode: "boolean" }).notNull().default(true),
    isLever: integer("is_lever", { mode: "boolean" }).notNull().default(false),
    isMicro: integer("is_micro", { mode: "boolean" }).notNull().default(false),
    canDeposit: integer("can_deposit", { mode: "boolean" }).notNull().default(true),
    canWithdraw: integer("can_withdraw", { mode: "boolean" }).notNull().default(true),
    /** Canonical decimal text. */
    minWithdraw: text("min_withdraw").notNull().default("0"),
    /** Fixed withdrawal fee in the currency, canonical decimal text; read by users through /wallet/get_info. */
    withdrawFee: text("withdraw_fee").notNull().default("0"),
    /** Coin conversion (/user/Transfer), later. */
    isTransfer: integer("is_transfer", { mode: "boolean" }).notNull().default(false),
    transferFeePct: text("transfer_fee_pct").notNull().default("0"),
    logo: text("logo").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /**
     * Four eyes: a deposit credit or a withdrawal payout strictly above this amount (canonical
     * decimal text in the currency) needs a second, different operator. Null: one operator decides.
     */
    secondApprovalAbove: text("second_approval_above"),
  },
  (t) => [
    uniqueIndex("currencies_name").on(t.name),
    check("currencies_precision", sql`${t.precision} BETWEEN 0 AND 8`),
    check("currencies_display_decimals", sql`${t.displayDecimals} BETWEEN 0 AND 8`),
  ],
);

/**
 * The cache of the ledger: one row per (user, currency, account type). Changed only
 * by the ledger module, always in the same batch as its entries, by unconditional
 * increments, so an overdraft violates the CHECK and fails the whole batch.
 */
export const balances = sqliteTable(
  "balances",
  {
    userId: integer("user_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    accountType: integer("account_type").notNull(),
    available: integer("available").notNull().default(0),
    locked: integer("locked").notNull().default(0),
    allowNegative: integer("allow_negative").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currencyId, t.accountType] }),
    index("balances_currency").on(t.currencyId),
    check("balances_available_nonnegative", sql`${t.available} >= 0 OR ${t.allowNegative} = 1`),
    check("balances_locked_nonnegative", sql`${t.locked} >= 0`),
    check("balances_account_type", sql`${t.accountType} BETWEEN 1 AND 4`),
  ],
);

/**
 * One movement of value. `ref_key` names the state transition it performs
 * ("deposit:review:42", "hold:<id>:release", "transfer:7:<key>"), so the same
 * transition can never be posted twice: the UNIQUE index fails the whole batch.
 */
export const journals = sqliteTable(
  "journals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    refKey: text("ref_key").notNull(),
    /** The user the movement is about (null for system-only journals); for listings. */
    userId: integer("user_id"),
    /** JSON with kind-specific detail (account types of a transfer, the deposit id, …). */
    memo: text("memo").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("journals_ref_key").on(t.refKey), index("journals_user_kind").on(t.userId, t.kind, t.id)],
);

/** Append-only rows; per journal and currency they sum to zero. Reversals are new journals. */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    journalId: integer("journal_id").notNull(),
    userId: integer("user_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    accountType: integer("account_type").notNull(),
    bucket: text("bucket", { enum: ["available", "locked"] }).notNull(),
    /** Signed minor units. */
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("ledger_entries_journal").on(t.journalId),
    index("ledger_entries_user").on(t.userId, t.currencyId, t.id),
    /** A user's entries of every currency in id order (/wallet/legal_log without a currency). */
    index("ledger_entries_user_all").on(t.userId, t.id),
    index("ledger_entries_currency").on(t.currencyId),
    check("ledger_entries_bucket", sql`${t.bucket} IN ('available', 'locked')`),
    check("ledger_entries_nonzero", sql`${t.amount} <> 0`),
  ],
);

/**
 * Funds set aside (available → locked) until they are consumed or released.
 * A balance's locked equals the sum of `remaining` over its open holds. A closed
 * hold has nothing remaining, so a second end (or consuming more than is left)
 * makes `remaining` negative and fails the batch.
 */
export const holds = sqliteTable(
  "holds",
  {
    /** Random id chosen by the caller, so other rows in the same batch can refer to it. */
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    accountType: integer("account_type").notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    reason: text("reason").notNull(),
    ref: text("ref").notNull().default(""),
    status: text("status", { enum: ["open", "consumed", "released"] })
      .notNull()
      .default("open"),
    createdAt: integer("created_at").notNull(),
    closedAt: integer("closed_at"),
  },
  (t) => [
    index("holds_account").on(t.userId, t.currencyId, t.accountType, t.status),
    check("holds_amount_positive", sql`${t.amount} > 0`),
    check("holds_remaining", sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
    check("holds_closed_empty", sql`${t.status} = 'open' OR ${t.remaining} = 0`),
  ],
);

/**
 * A deposit request backed by a private voucher upload and the transfer's transaction hash;
 * credited once, with the amount an operator verified on-chain (at most the declared one).
 * Above the currency's second_approval_above, the first approval only records itself
 * (first_approved_by) and a different operator's approval credits it.
 */
export const deposits = sqliteTable(
  "deposits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    /** Canonical decimal text: the amount the user declared. */
    amount: text("amount").notNull(),
    /** R2 key of the private voucher (uploads.key); one deposit per voucher. */
    voucherKey: text("voucher_key").notNull(),
    chain: text("chain").notNull().default(""),
    /** Transaction hash in canonical (lower-case) form; null only on requests from before hashes were asked for. */
    txHash: text("tx_hash"),
    type: integer("type").notNull().default(0),
    status: text("status", { enum: ["pending", "confirmed", "rejected"] })
      .notNull()
      .default("pending"),
    /** Canonical decimal text: what the (first) approving operator verified on-chain; credited on confirmation. */
    verifiedAmount: text("verified_amount"),
    firstApprovedBy: integer("first_approved_by"),
    firstApprovedAt: integer("first_approved_at"),
    reviewedBy: integer("reviewed_by"),
    reviewedAt: integer("reviewed_at"),
    reason: text("reason").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("deposits_user").on(t.userId, t.id),
    index("deposits_status").on(t.status, t.id),
    uniqueIndex("deposits_voucher").on(t.voucherKey),
    /** One live claim per transaction: a hash is free again only once its deposit was rejected. */
    uniqueIndex("deposits_tx_hash")
      .on(t.txHash)
      .where(sql`status <> 'rejected'`),
  ],
);

/**
 * A withdrawal request. The amount is held from the change account until an
 * operator approves (hold consumed: receive → external, fee → fees) or rejects
 * (hold released). `btc_value` (BTC minor units, valued when requested) and
 * `daily_limit` feed the 24-hour limit trigger in migrations/*_money_guards.sql.
 */
export const withdrawals = sqliteTable(
  "withdrawals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    accountType: integer("account_type").notNull(),
    /** Canonical decimal text: requested, fee (from configuration) and received = amount − fee. */
    amount: text("amount").notNull(),
    fee: text("fee").notNull(),
    receive: text("receive").notNull(),
    /** 0 address, 1 bank card, 2 international bank. */
    destinationType: integer("destination_type").notNull(),
    /** JSON snapshot of the address or card at request time. */
    destination: text("destination").notNull(),
    holdId: text("hold_id").notNull(),
    status: text("status", { enum: ["reviewing", "approved", "rejected"] })
      .notNull()
      .default("reviewing"),
    /** Four eyes (see currencies.second_approval_above): the first of two approvals, still "reviewing". */
    firstApprovedBy: integer("first_approved_by"),
    firstApprovedAt: integer("first_approved_at"),
    btcValue: integer("btc_value").notNull(),
    dailyLimit: integer("daily_limit").notNull(),
    reviewedBy: integer("reviewed_by"),
    reviewedAt: integer("reviewed_at"),
    reason: text("reason").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("withdrawals_user").on(t.userId, t.createdAt),
    index("withdrawals_status").on(t.status, t.id),
    uniqueIndex("withdrawals_hold").on(t.holdId),
  ],
);

/**
 * Operator-configured deposit addresses per currency and chain. `demo` marks the seeded
 * placeholders: users see them flagged, and only where ENVIRONMENT is development or test.
 */
export const depositAddresses = sqliteTable(
  "deposit_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    currencyId: integer("currency_id").notNull(),
    chain: text("chain").notNull(),
    address: text("address").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("deposit_addresses_unique").on(t.currencyId, t.chain, t.address)],
);

/** Reference price of each asset in USDT (canonical decimal text), kept current by the markets feature. */
export const referencePrices = sqliteTable("reference_prices", {
  currencyId: integer("currency_id").primaryKey(),
  priceUsdt: text("price_usdt").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Stored answers of money-moving requests by (user, Idempotency-Key). A row is
 * written in the same batch as the money it records, so it exists exactly when
 * the money moved; the primary key makes a concurrent duplicate's batch fail.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: text("status", { enum: ["done"] })
      .notNull()
      .default("done"),
    /** JSON: {status, body}. */
    response: text("response").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_created").on(t.createdAt)],
);
