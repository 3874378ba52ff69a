CREATE TABLE `mining_configs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`currency_id` integer NOT NULL,
	`days` integer NOT NULL,
	`daily_rate_pct` text NOT NULL,
	`min_amount` text NOT NULL,
	`cancel_ratio_pct` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "mining_configs_days" CHECK("mining_configs"."days" BETWEEN 1 AND 3650)
);
--> statement-breakpoint
CREATE TABLE `mining_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`config_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`days` integer NOT NULL,
	`daily_rate_pct` text NOT NULL,
	`cancel_ratio_pct` text NOT NULL,
	`daily_interest` integer NOT NULL,
	`hold_id` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`outcome` text,
	`start_day` integer NOT NULL,
	`end_day` integer NOT NULL,
	`paid_through` integer NOT NULL,
	`next_due_day` integer NOT NULL,
	`total_interest` integer DEFAULT 0 NOT NULL,
	`penalty` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	CONSTRAINT "mining_orders_amount" CHECK("mining_orders"."amount" > 0),
	CONSTRAINT "mining_orders_status" CHECK("mining_orders"."status" IN (1, 2)),
	CONSTRAINT "mining_orders_paid" CHECK("mining_orders"."paid_through" >= "mining_orders"."start_day" - 1 AND "mining_orders"."paid_through" <= "mining_orders"."end_day" - 1),
	CONSTRAINT "mining_orders_totals" CHECK("mining_orders"."total_interest" >= 0 AND "mining_orders"."penalty" >= 0 AND "mining_orders"."penalty" <= "mining_orders"."amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mining_orders_hold` ON `mining_orders` (`hold_id`);--> statement-breakpoint
CREATE INDEX `mining_orders_due` ON `mining_orders` (`status`,`next_due_day`);--> statement-breakpoint
CREATE INDEX `mining_orders_user` ON `mining_orders` (`user_id`,`id`);