CREATE TABLE `onramp_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`reference` text NOT NULL,
	`country` text NOT NULL,
	`fiat` text NOT NULL,
	`method` text NOT NULL,
	`bank` text NOT NULL,
	`amount` integer NOT NULL,
	`rate` text NOT NULL,
	`usdt` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`tax_id` text NOT NULL,
	`receiving` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`expires_at` integer NOT NULL,
	`first_approved_by` integer,
	`first_approved_at` integer,
	`reviewed_by` integer,
	`paid_at` integer,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "onramp_orders_amounts" CHECK("onramp_orders"."amount" > 0 AND "onramp_orders"."usdt" > 0),
	CONSTRAINT "onramp_orders_status" CHECK("onramp_orders"."status" IN (1, 2, 3))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onramp_orders_reference` ON `onramp_orders` (`reference`);--> statement-breakpoint
CREATE INDEX `onramp_orders_due` ON `onramp_orders` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `onramp_orders_user` ON `onramp_orders` (`user_id`,`id`);