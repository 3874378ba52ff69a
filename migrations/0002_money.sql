CREATE TABLE `balances` (
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`account_type` integer NOT NULL,
	`available` integer DEFAULT 0 NOT NULL,
	`locked` integer DEFAULT 0 NOT NULL,
	`allow_negative` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `currency_id`, `account_type`),
	CONSTRAINT "balances_available_nonnegative" CHECK("balances"."available" >= 0 OR "balances"."allow_negative" = 1),
	CONSTRAINT "balances_locked_nonnegative" CHECK("balances"."locked" >= 0),
	CONSTRAINT "balances_account_type" CHECK("balances"."account_type" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE INDEX `balances_currency` ON `balances` (`currency_id`);--> statement-breakpoint
CREATE TABLE `currencies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`precision` integer NOT NULL,
	`display_decimals` integer DEFAULT 8 NOT NULL,
	`is_legal` integer DEFAULT false NOT NULL,
	`is_change` integer DEFAULT true NOT NULL,
	`is_lever` integer DEFAULT false NOT NULL,
	`is_micro` integer DEFAULT false NOT NULL,
	`can_deposit` integer DEFAULT true NOT NULL,
	`can_withdraw` integer DEFAULT true NOT NULL,
	`min_withdraw` text DEFAULT '0' NOT NULL,
	`withdraw_fee` text DEFAULT '0' NOT NULL,
	`is_transfer` integer DEFAULT false NOT NULL,
	`transfer_fee_pct` text DEFAULT '0' NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	CONSTRAINT "currencies_precision" CHECK("currencies"."precision" BETWEEN 0 AND 8),
	CONSTRAINT "currencies_display_decimals" CHECK("currencies"."display_decimals" BETWEEN 0 AND 8)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `currencies_name` ON `currencies` (`name`);--> statement-breakpoint
CREATE TABLE `deposit_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`currency_id` integer NOT NULL,
	`chain` text NOT NULL,
	`address` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposit_addresses_unique` ON `deposit_addresses` (`currency_id`,`chain`,`address`);--> statement-breakpoint
CREATE TABLE `deposits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`amount` text NOT NULL,
	`voucher_key` text NOT NULL,
	`chain` text DEFAULT '' NOT NULL,
	`type` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewed_by` integer,
	`reviewed_at` integer,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deposits_user` ON `deposits` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `deposits_status` ON `deposits` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_voucher` ON `deposits` (`voucher_key`);--> statement-breakpoint
CREATE TABLE `holds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`account_type` integer NOT NULL,
	`amount` integer NOT NULL,
	`remaining` integer NOT NULL,
	`reason` text NOT NULL,
	`ref` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	CONSTRAINT "holds_amount_positive" CHECK("holds"."amount" > 0),
	CONSTRAINT "holds_remaining" CHECK("holds"."remaining" >= 0 AND "holds"."remaining" <= "holds"."amount"),
	CONSTRAINT "holds_closed_empty" CHECK("holds"."status" = 'open' OR "holds"."remaining" = 0)
);
--> statement-breakpoint
CREATE INDEX `holds_account` ON `holds` (`user_id`,`currency_id`,`account_type`,`status`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` text DEFAULT 'done' NOT NULL,
	`response` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_created` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `journals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`ref_key` text NOT NULL,
	`user_id` integer,
	`memo` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `journals_ref_key` ON `journals` (`ref_key`);--> statement-breakpoint
CREATE INDEX `journals_user_kind` ON `journals` (`user_id`,`kind`,`id`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`account_type` integer NOT NULL,
	`bucket` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "ledger_entries_bucket" CHECK("ledger_entries"."bucket" IN ('available', 'locked')),
	CONSTRAINT "ledger_entries_nonzero" CHECK("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX `ledger_entries_journal` ON `ledger_entries` (`journal_id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_user` ON `ledger_entries` (`user_id`,`currency_id`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_currency` ON `ledger_entries` (`currency_id`);--> statement-breakpoint
CREATE TABLE `reference_prices` (
	`currency_id` integer PRIMARY KEY NOT NULL,
	`price_usdt` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `withdrawals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`account_type` integer NOT NULL,
	`amount` text NOT NULL,
	`fee` text NOT NULL,
	`receive` text NOT NULL,
	`destination_type` integer NOT NULL,
	`destination` text NOT NULL,
	`hold_id` text NOT NULL,
	`status` text DEFAULT 'reviewing' NOT NULL,
	`btc_value` integer NOT NULL,
	`daily_limit` integer NOT NULL,
	`reviewed_by` integer,
	`reviewed_at` integer,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `withdrawals_user` ON `withdrawals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `withdrawals_status` ON `withdrawals` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_hold` ON `withdrawals` (`hold_id`);