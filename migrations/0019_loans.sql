CREATE TABLE `loans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`collateral_currency_id` integer NOT NULL,
	`collateral_amount` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`principal` integer NOT NULL,
	`term_days` integer NOT NULL,
	`daily_rate_pct` text NOT NULL,
	`overdue_rate_pct` text NOT NULL,
	`daily_interest` integer NOT NULL,
	`overdue_interest` integer NOT NULL,
	`hold_id` text NOT NULL,
	`status` text NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`start_day` integer,
	`due_day` integer,
	`accrued_through` integer,
	`next_due_day` integer,
	`accrued_interest` integer DEFAULT 0 NOT NULL,
	`repaid_amount` integer DEFAULT 0 NOT NULL,
	`collateral_taken` integer DEFAULT 0 NOT NULL,
	`shortfall` integer DEFAULT 0 NOT NULL,
	`liquidation_price` text,
	`reviewed_by` integer,
	`reject_reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`reviewed_at` integer,
	`closed_at` integer,
	CONSTRAINT "loans_amounts" CHECK("loans"."principal" > 0 AND "loans"."collateral_amount" > 0 AND "loans"."term_days" BETWEEN 7 AND 365),
	CONSTRAINT "loans_status" CHECK("loans"."status" IN ('pending', 'active', 'repaid', 'liquidated', 'rejected')),
	CONSTRAINT "loans_totals" CHECK("loans"."accrued_interest" >= 0 AND "loans"."repaid_amount" >= 0 AND "loans"."shortfall" >= 0),
	CONSTRAINT "loans_collateral_taken" CHECK("loans"."collateral_taken" >= 0 AND "loans"."collateral_taken" <= "loans"."collateral_amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `loans_hold` ON `loans` (`hold_id`);--> statement-breakpoint
CREATE INDEX `loans_due` ON `loans` (`status`,`next_due_day`);--> statement-breakpoint
CREATE INDEX `loans_user` ON `loans` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `loans_status` ON `loans` (`status`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `market_maker` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `pro_trader` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The loans system account: the house's lending pool and the receivable of its loans (it pays loans out, receives repayments and liquidated collateral).
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-16, 'SYS-LOANS', 'loans', 'SYS-LOANS', 'system', 'locked', 0);
