CREATE TABLE `nft_artists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`user_id` integer,
	`names` text NOT NULL,
	`bio` text DEFAULT '{}' NOT NULL,
	`avatar_key` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_artists_uid` ON `nft_artists` (`uid`);--> statement-breakpoint
CREATE TABLE `nft_collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`artist_id` integer NOT NULL,
	`names` text NOT NULL,
	`cover_key` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `nft_collections_artist` ON `nft_collections` (`artist_id`);--> statement-breakpoint
CREATE TABLE `nft_favourites` (
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`)
);
--> statement-breakpoint
CREATE INDEX `nft_favourites_item` ON `nft_favourites` (`item_id`);--> statement-breakpoint
CREATE TABLE `nft_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`artist_id` integer NOT NULL,
	`collection_id` integer,
	`names` text NOT NULL,
	`description` text DEFAULT '{}' NOT NULL,
	`media_type` integer NOT NULL,
	`media_key` text NOT NULL,
	`cover_key` text,
	`rarity` integer DEFAULT 1 NOT NULL,
	`owner_id` integer,
	`listed` integer DEFAULT false NOT NULL,
	`pay_type` integer DEFAULT 1 NOT NULL,
	`currency_id` integer NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`per_increase` integer DEFAULT 0 NOT NULL,
	`margin` integer DEFAULT 0 NOT NULL,
	`start_at` integer DEFAULT 0 NOT NULL,
	`end_at` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "nft_items_media_type" CHECK("nft_items"."media_type" IN (1, 2, 3, 4)),
	CONSTRAINT "nft_items_pay_type" CHECK("nft_items"."pay_type" IN (1, 2, 3)),
	CONSTRAINT "nft_items_rarity" CHECK("nft_items"."rarity" BETWEEN 1 AND 4),
	CONSTRAINT "nft_items_money" CHECK("nft_items"."price" >= 0 AND "nft_items"."per_increase" >= 0 AND "nft_items"."margin" >= 0),
	CONSTRAINT "nft_items_window" CHECK("nft_items"."listed" = 0 OR "nft_items"."start_at" < "nft_items"."end_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_items_code` ON `nft_items` (`code`);--> statement-breakpoint
CREATE INDEX `nft_items_listing` ON `nft_items` (`listed`,`pay_type`,`end_at`);--> statement-breakpoint
CREATE INDEX `nft_items_owner` ON `nft_items` (`owner_id`,`id`);--> statement-breakpoint
CREATE INDEX `nft_items_artist` ON `nft_items` (`artist_id`);--> statement-breakpoint
CREATE INDEX `nft_items_collection` ON `nft_items` (`collection_id`);--> statement-breakpoint
CREATE TABLE `nft_media` (
	`key` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`uploaded_by` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `nft_transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`from_user_id` integer,
	`to_user_id` integer NOT NULL,
	`via` text NOT NULL,
	`price` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`ref_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_transfers_ref` ON `nft_transfers` (`ref_key`);--> statement-breakpoint
CREATE INDEX `nft_transfers_item` ON `nft_transfers` (`item_id`,`id`);