CREATE TABLE `activity_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`vip_junior` text NOT NULL,
	`vip_intermediate` text NOT NULL,
	`vip_senior` text NOT NULL,
	`couple_enabled` integer DEFAULT true NOT NULL,
	`couple_deposit_currency_id` integer NOT NULL,
	`couple_min_deposit_a` text NOT NULL,
	`couple_min_deposit_b` text NOT NULL,
	`couple_reward_currency_id` integer NOT NULL,
	`couple_reward_amount` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "activity_config_single" CHECK("activity_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `couple_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requester_id` integer NOT NULL,
	`partner_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`responded_at` integer,
	CONSTRAINT "couple_links_not_self" CHECK("couple_links"."requester_id" <> "couple_links"."partner_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `couple_links_one_pending` ON `couple_links` (`requester_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `couple_links_partner` ON `couple_links` (`partner_id`,`status`);--> statement-breakpoint
CREATE INDEX `couple_links_status` ON `couple_links` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `couple_members` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`link_id` integer NOT NULL,
	`linked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vip_runs` (
	`day` integer PRIMARY KEY NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
-- The activities' one configuration row: tiers from 1,000 / 10,000 / 100,000 USDT; a couple qualifies when each side deposited 100 USDT since linking, each then claims 10 USDT.
INSERT OR IGNORE INTO `activity_config` (`id`, `vip_junior`, `vip_intermediate`, `vip_senior`, `couple_enabled`, `couple_deposit_currency_id`, `couple_min_deposit_a`, `couple_min_deposit_b`, `couple_reward_currency_id`, `couple_reward_amount`, `updated_at`) VALUES (1, '1000', '10000', '100000', 1, 3, '100', '100', 3, '10', 0);
