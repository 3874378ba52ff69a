CREATE TABLE `follow_skips` (
	`follow_id` integer NOT NULL,
	`trader_position_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`follow_id`, `trader_position_id`)
);
--> statement-breakpoint
CREATE TABLE `follow_traders` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`nickname` text NOT NULL,
	`bio` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` integer,
	`profit_units` integer DEFAULT 0 NOT NULL,
	`margin_units` integer DEFAULT 0 NOT NULL,
	`yesterday_units` integer DEFAULT 0 NOT NULL,
	`closed_count` integer DEFAULT 0 NOT NULL,
	`profit_count` integer DEFAULT 0 NOT NULL,
	`rise_count` integer DEFAULT 0 NOT NULL,
	`fall_count` integer DEFAULT 0 NOT NULL,
	`open_count` integer DEFAULT 0 NOT NULL,
	`stats_hour` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "follow_traders_status" CHECK("follow_traders"."status" IN ('pending', 'approved', 'rejected', 'suspended'))
);
--> statement-breakpoint
CREATE INDEX `follow_traders_status_idx` ON `follow_traders` (`status`,`user_id`);--> statement-breakpoint
CREATE INDEX `follow_traders_stats` ON `follow_traders` (`stats_hour`);--> statement-breakpoint
CREATE TABLE `follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follower_id` integer NOT NULL,
	`trader_id` integer NOT NULL,
	`type` integer NOT NULL,
	`number` text NOT NULL,
	`status` integer NOT NULL,
	`created_at` integer NOT NULL,
	`cancelled_at` integer,
	`lang` text DEFAULT 'en' NOT NULL,
	CONSTRAINT "follows_type" CHECK("follows"."type" IN (1, 2)),
	CONSTRAINT "follows_status" CHECK("follows"."status" IN (0, 1)),
	CONSTRAINT "follows_not_self" CHECK("follows"."follower_id" <> "follows"."trader_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_one_active` ON `follows` (`follower_id`,`trader_id`) WHERE status = 1;--> statement-breakpoint
CREATE INDEX `follows_trader` ON `follows` (`trader_id`,`status`);--> statement-breakpoint
ALTER TABLE `contract_positions` ADD `follow_order_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `contract_positions_copy` ON `contract_positions` (`follow_order_id`,`user_id`);