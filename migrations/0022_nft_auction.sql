CREATE TABLE `nft_auction_guard` (
	`ok` integer NOT NULL,
	CONSTRAINT "nft_auction_guard_rows_changed" CHECK("nft_auction_guard"."ok" = 1)
);
--> statement-breakpoint
CREATE TABLE `nft_bids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lot_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`increment` integer NOT NULL,
	`price` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_bids_lot_price` ON `nft_bids` (`lot_id`,`price`);--> statement-breakpoint
CREATE INDEX `nft_bids_user` ON `nft_bids` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `nft_lot_deposits` (
	`lot_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`hold_id` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `nft_lots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`item_version` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`start_price` integer NOT NULL,
	`per_increase` integer NOT NULL,
	`margin` integer NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`price` integer NOT NULL,
	`leader_id` integer,
	`bid_count` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "nft_lots_money" CHECK("nft_lots"."start_price" >= 0 AND "nft_lots"."per_increase" >= 0 AND "nft_lots"."margin" >= 0 AND "nft_lots"."price" >= "nft_lots"."start_price")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_lots_listing` ON `nft_lots` (`item_id`,`item_version`);--> statement-breakpoint
CREATE INDEX `nft_lots_due` ON `nft_lots` (`status`,`end_at`);--> statement-breakpoint
CREATE TABLE `nft_pay_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lot_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`price` integer NOT NULL,
	`deposit` integer NOT NULL,
	`hold_id` text NOT NULL,
	`overtime` integer NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`is_pay` integer DEFAULT false NOT NULL,
	`is_expired` integer DEFAULT false NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "nft_pay_orders_state" CHECK(NOT ("nft_pay_orders"."is_pay" = 1 AND "nft_pay_orders"."is_expired" = 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_pay_orders_lot` ON `nft_pay_orders` (`lot_id`);--> statement-breakpoint
CREATE INDEX `nft_pay_orders_user` ON `nft_pay_orders` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `nft_pay_orders_item` ON `nft_pay_orders` (`item_id`,`is_pay`,`is_expired`);