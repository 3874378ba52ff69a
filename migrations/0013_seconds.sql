CREATE TABLE `seconds_durations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seconds` integer NOT NULL,
	`profit_ratio` text NOT NULL,
	`loss_ratio` text NOT NULL,
	`min_amount` text NOT NULL,
	`max_amount` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	CONSTRAINT "seconds_durations_range" CHECK("seconds_durations"."seconds" BETWEEN 5 AND 86400)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seconds_durations_seconds` ON `seconds_durations` (`seconds`);--> statement-breakpoint
CREATE TABLE `seconds_orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`market_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`currency_id` integer NOT NULL,
	`type` integer NOT NULL,
	`seconds` integer NOT NULL,
	`number` integer NOT NULL,
	`fee` integer NOT NULL,
	`profit_ratio` text NOT NULL,
	`loss_ratio` text NOT NULL,
	`open_price` text NOT NULL,
	`open_time` integer NOT NULL,
	`open_source` text NOT NULL,
	`handled_at` integer NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`close_price` text,
	`close_time` integer,
	`close_source` text,
	`profit_result` integer,
	`void` integer DEFAULT 0 NOT NULL,
	`payout` integer,
	`fact_profits` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	CONSTRAINT "seconds_orders_type" CHECK("seconds_orders"."type" IN (1, 2)),
	CONSTRAINT "seconds_orders_status" CHECK("seconds_orders"."status" IN (1, 3)),
	CONSTRAINT "seconds_orders_amounts" CHECK("seconds_orders"."number" > 0 AND "seconds_orders"."fee" >= 0 AND ("seconds_orders"."payout" IS NULL OR "seconds_orders"."payout" >= 0))
);
--> statement-breakpoint
CREATE INDEX `seconds_orders_user` ON `seconds_orders` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `seconds_orders_user_coin` ON `seconds_orders` (`user_id`,`currency_id`,`status`);--> statement-breakpoint
CREATE TABLE `seconds_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`fee_rate` text NOT NULL,
	`market_ids` text DEFAULT '[]' NOT NULL,
	`pay_coin_ids` text DEFAULT '[]' NOT NULL,
	`max_open_per_coin` integer NOT NULL,
	CONSTRAINT "seconds_settings_one" CHECK("seconds_settings"."id" = 1),
	CONSTRAINT "seconds_settings_max_open" CHECK("seconds_settings"."max_open_per_coin" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
-- The sample configuration: six durations, a 0.1 % fee, every seeded USDT market, USDT as the pay coin, 10 open orders per coin.
INSERT OR IGNORE INTO `seconds_durations` (`seconds`, `profit_ratio`, `loss_ratio`, `min_amount`, `max_amount`, `enabled`) VALUES
  (30, '120', '100', '10', '5000', 1),
  (60, '90', '100', '10', '10000', 1),
  (180, '95', '100', '50', '20000', 1),
  (300, '85', '100', '100', '50000', 1),
  (600, '80', '100', '100', '100000', 1),
  (900, '75', '100', '100', '200000', 1);
--> statement-breakpoint
INSERT OR IGNORE INTO `seconds_settings` (`id`, `fee_rate`, `market_ids`, `pay_coin_ids`, `max_open_per_coin`) VALUES (1, '0.1', '[1,2,3,4,5,6]', '[3]', 10);
