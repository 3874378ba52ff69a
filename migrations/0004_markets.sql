CREATE TABLE `market_tickers` (
	`market_id` integer PRIMARY KEY NOT NULL,
	`price` text NOT NULL,
	`high` text NOT NULL,
	`low` text NOT NULL,
	`volume` text NOT NULL,
	`change` text NOT NULL,
	`ref_price` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `markets` (
	`id` integer PRIMARY KEY NOT NULL,
	`currency_id` integer NOT NULL,
	`legal_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`price_decimals` integer NOT NULL,
	`qty_decimals` integer NOT NULL,
	`min_qty` text NOT NULL,
	`min_notional` text NOT NULL,
	`maker_fee` text NOT NULL,
	`taker_fee` text NOT NULL,
	`market_slippage` text DEFAULT '0.05' NOT NULL,
	`start_price` text NOT NULL,
	`volatility` text DEFAULT '0.6' NOT NULL,
	`feed_symbol` text DEFAULT '' NOT NULL,
	`maker_user_id` integer,
	`maker_levels` integer DEFAULT 5 NOT NULL,
	`maker_step` text DEFAULT '0.0005' NOT NULL,
	`maker_qty` text DEFAULT '0' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "markets_decimals" CHECK("markets"."price_decimals" BETWEEN 0 AND 8 AND "markets"."qty_decimals" BETWEEN 0 AND 8),
	CONSTRAINT "markets_maker_levels" CHECK("markets"."maker_levels" BETWEEN 0 AND 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `markets_symbol` ON `markets` (`symbol`);--> statement-breakpoint
CREATE UNIQUE INDEX `markets_pair` ON `markets` (`currency_id`,`legal_id`);--> statement-breakpoint
CREATE TABLE `spot_fills` (
	`id` text PRIMARY KEY NOT NULL,
	`market_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`price` text NOT NULL,
	`qty` text NOT NULL,
	`base_units` integer NOT NULL,
	`quote_units` integer NOT NULL,
	`taker_side` integer NOT NULL,
	`buy_order_id` integer NOT NULL,
	`sell_order_id` integer NOT NULL,
	`buy_user_id` integer NOT NULL,
	`sell_user_id` integer NOT NULL,
	`buy_fee_units` integer NOT NULL,
	`sell_fee_units` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spot_fills_market` ON `spot_fills` (`market_id`,`seq`);--> statement-breakpoint
CREATE INDEX `spot_fills_buy_user` ON `spot_fills` (`buy_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `spot_fills_sell_user` ON `spot_fills` (`sell_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `spot_orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`market_id` integer NOT NULL,
	`side` integer NOT NULL,
	`order_type` text NOT NULL,
	`tif` text NOT NULL,
	`post_only` integer DEFAULT false NOT NULL,
	`price` text NOT NULL,
	`amount` text NOT NULL,
	`hold_id` text NOT NULL,
	`hold_currency_id` integer NOT NULL,
	`hold_units` integer NOT NULL,
	`filled_units` integer DEFAULT 0 NOT NULL,
	`quote_units` integer DEFAULT 0 NOT NULL,
	`fee_units` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "spot_orders_side" CHECK("spot_orders"."side" IN (1, 2)),
	CONSTRAINT "spot_orders_filled" CHECK("spot_orders"."filled_units" >= 0 AND "spot_orders"."quote_units" >= 0 AND "spot_orders"."fee_units" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spot_orders_hold` ON `spot_orders` (`hold_id`);--> statement-breakpoint
CREATE INDEX `spot_orders_user` ON `spot_orders` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `spot_orders_market_status` ON `spot_orders` (`market_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_markets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`market_id` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_markets_unique` ON `user_markets` (`user_id`,`market_id`);