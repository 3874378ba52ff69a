CREATE TABLE `contract_configs` (
	`market_id` integer PRIMARY KEY NOT NULL,
	`feed` text DEFAULT 'spot' NOT NULL,
	`multiples` text NOT NULL,
	`lot_size` text NOT NULL,
	`min_lots` integer NOT NULL,
	`max_lots` integer NOT NULL,
	`spread` text NOT NULL,
	`fee_rate` text NOT NULL,
	`overnight_rate` text NOT NULL,
	`hazard_rate` text NOT NULL,
	`limit_entry` integer DEFAULT true NOT NULL,
	`stops` integer DEFAULT true NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "contract_configs_lots" CHECK("contract_configs"."min_lots" >= 1 AND "contract_configs"."max_lots" >= "contract_configs"."min_lots"),
	CONSTRAINT "contract_configs_feed" CHECK("contract_configs"."feed" IN ('spot'))
);
--> statement-breakpoint
CREATE TABLE `contract_guard` (
	`ok` integer NOT NULL,
	CONSTRAINT "contract_guard_rows_changed" CHECK("contract_guard"."ok" = 1)
);
--> statement-breakpoint
CREATE TABLE `contract_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`market_id` integer NOT NULL,
	`legal_id` integer NOT NULL,
	`side` integer NOT NULL,
	`status` integer NOT NULL,
	`order_type` integer DEFAULT 1 NOT NULL,
	`lots` integer NOT NULL,
	`multiple` integer NOT NULL,
	`quantity` text NOT NULL,
	`target_price` text DEFAULT '' NOT NULL,
	`open_price` text DEFAULT '' NOT NULL,
	`open_ref` text DEFAULT '' NOT NULL,
	`open_ref_at` integer DEFAULT 0 NOT NULL,
	`spread` text NOT NULL,
	`fee_rate` text NOT NULL,
	`overnight_rate` text NOT NULL,
	`hazard_rate` text NOT NULL,
	`margin_units` integer NOT NULL,
	`fee_units` integer NOT NULL,
	`overnight_units` integer DEFAULT 0 NOT NULL,
	`liq_price` text DEFAULT '' NOT NULL,
	`take_profit` text,
	`stop_loss` text,
	`close_ref` text DEFAULT '' NOT NULL,
	`close_ref_at` integer DEFAULT 0 NOT NULL,
	`close_reason` text,
	`pnl_units` integer DEFAULT 0 NOT NULL,
	`insurance_units` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	CONSTRAINT "contract_positions_side" CHECK("contract_positions"."side" IN (1, 2)),
	CONSTRAINT "contract_positions_status" CHECK("contract_positions"."status" BETWEEN 0 AND 4),
	CONSTRAINT "contract_positions_money" CHECK("contract_positions"."margin_units" >= 0 AND "contract_positions"."fee_units" >= 0 AND "contract_positions"."overnight_units" >= 0)
);
--> statement-breakpoint
CREATE INDEX `contract_positions_user` ON `contract_positions` (`user_id`,`market_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `contract_positions_market` ON `contract_positions` (`market_id`,`status`);--> statement-breakpoint
-- Contract system accounts: open positions' margin, and the insurance fund that absorbs a loss beyond a margin.
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-10, 'SYS-CONTRACT-MARGIN', 'contract margin', 'SYS-CONTRACT-MARGIN', 'system', 'locked', 0);
--> statement-breakpoint
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-11, 'SYS-INSURANCE', 'insurance', 'SYS-INSURANCE', 'system', 'locked', 0);
