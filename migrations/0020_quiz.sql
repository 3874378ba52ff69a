CREATE TABLE `quiz_bets` (
	`id` integer PRIMARY KEY NOT NULL,
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`side` integer NOT NULL,
	`amount` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`payout` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	CONSTRAINT "quiz_bets_side" CHECK("quiz_bets"."side" IN (1, 2)),
	CONSTRAINT "quiz_bets_amount" CHECK("quiz_bets"."amount" > 0 AND ("quiz_bets"."payout" IS NULL OR "quiz_bets"."payout" >= 0)),
	CONSTRAINT "quiz_bets_status" CHECK("quiz_bets"."status" BETWEEN 0 AND 3)
);
--> statement-breakpoint
CREATE INDEX `quiz_bets_round` ON `quiz_bets` (`round_id`,`id`);--> statement-breakpoint
CREATE INDEX `quiz_bets_user` ON `quiz_bets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `quiz_guard` (
	`ok` integer NOT NULL,
	CONSTRAINT "quiz_guard_round_open" CHECK("quiz_guard"."ok" = 1)
);
--> statement-breakpoint
CREATE TABLE `quiz_rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`market_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`currency_id` integer NOT NULL,
	`opens_at` integer NOT NULL,
	`cutoff_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`fee_rate` text NOT NULL,
	`auto_key` text,
	`created_by` integer,
	`up_units` integer DEFAULT 0 NOT NULL,
	`down_units` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`outcome` integer,
	`cutoff_price` text,
	`cutoff_time` integer,
	`cutoff_source` text,
	`end_price` text,
	`end_time` integer,
	`end_source` text,
	`fee_units` integer,
	`remainder_units` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	CONSTRAINT "quiz_rounds_times" CHECK("quiz_rounds"."opens_at" < "quiz_rounds"."cutoff_at" AND "quiz_rounds"."cutoff_at" < "quiz_rounds"."ends_at"),
	CONSTRAINT "quiz_rounds_pools" CHECK("quiz_rounds"."up_units" >= 0 AND "quiz_rounds"."down_units" >= 0),
	CONSTRAINT "quiz_rounds_status" CHECK("quiz_rounds"."status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_rounds_auto_key` ON `quiz_rounds` (`auto_key`);--> statement-breakpoint
CREATE INDEX `quiz_rounds_market_due` ON `quiz_rounds` (`market_id`,`status`,`ends_at`);--> statement-breakpoint
CREATE INDEX `quiz_rounds_ends` ON `quiz_rounds` (`ends_at`);--> statement-breakpoint
CREATE TABLE `quiz_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`fee_rate` text NOT NULL,
	`min_bet` text NOT NULL,
	`max_bet` text NOT NULL,
	`currency_id` integer NOT NULL,
	`auto_market_ids` text DEFAULT '[]' NOT NULL,
	`guess_minutes` integer NOT NULL,
	`run_minutes` integer NOT NULL,
	CONSTRAINT "quiz_settings_one" CHECK("quiz_settings"."id" = 1),
	CONSTRAINT "quiz_settings_minutes" CHECK("quiz_settings"."guess_minutes" BETWEEN 1 AND 1440 AND "quiz_settings"."run_minutes" BETWEEN 1 AND 1440)
);
--> statement-breakpoint
-- The quiz pool: bets are held here until their round settles.
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-14, 'SYS-QUIZ-POOL', 'quiz pool', 'SYS-QUIZ-POOL', 'system', 'locked', 0);
-- Published defaults: 2 % of the pool, bets of 1 to 10,000 USDT, hourly rounds on BTC/USDT and ETH/USDT (50 minutes of guessing, 10 running).
INSERT OR IGNORE INTO `quiz_settings` (`id`, `fee_rate`, `min_bet`, `max_bet`, `currency_id`, `auto_market_ids`, `guess_minutes`, `run_minutes`) VALUES (1, '2', '1', '10000', 3, '[1,2]', 50, 10);
