CREATE TABLE `nft_box_items` (
	`series_id` integer NOT NULL,
	`position` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`series_id`, `position`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_box_items_item` ON `nft_box_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `nft_box_series` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`artist_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`price` integer NOT NULL,
	`total` integer NOT NULL,
	`sold` integer DEFAULT 0 NOT NULL,
	`opened` integer DEFAULT 0 NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`seed` text NOT NULL,
	`commitment` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "nft_box_series_sold" CHECK("nft_box_series"."sold" >= 0 AND "nft_box_series"."sold" <= "nft_box_series"."total" AND "nft_box_series"."opened" >= 0 AND "nft_box_series"."opened" <= "nft_box_series"."sold"),
	CONSTRAINT "nft_box_series_terms" CHECK("nft_box_series"."price" > 0 AND "nft_box_series"."total" BETWEEN 1 AND 500 AND "nft_box_series"."start_at" < "nft_box_series"."end_at")
);
--> statement-breakpoint
CREATE TABLE `nft_boxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`series_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`code` text NOT NULL,
	`user_id` integer NOT NULL,
	`price` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`item_id` integer,
	`opened_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "nft_boxes_opened" CHECK(("nft_boxes"."item_id" IS NULL) = ("nft_boxes"."opened_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_boxes_code` ON `nft_boxes` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `nft_boxes_seq` ON `nft_boxes` (`series_id`,`seq`);--> statement-breakpoint
CREATE INDEX `nft_boxes_user` ON `nft_boxes` (`user_id`,`id`);--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `nft_box_items_fixed` BEFORE UPDATE OF `names`, `rarity`, `listed`, `pay_type`, `price`, `artist_id`, `media_key` ON `nft_items`
WHEN OLD.`owner_id` IS NULL AND EXISTS (SELECT 1 FROM `nft_box_items` WHERE `item_id` = OLD.`id`)
BEGIN
  SELECT RAISE(ABORT, 'NFT_BOX_ITEM_FIXED');
END;
