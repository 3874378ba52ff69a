CREATE TABLE `dual_holdings` (
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`num` integer NOT NULL,
	`user_limit` integer NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	CONSTRAINT "dual_holdings_limit" CHECK("dual_holdings"."num" > 0 AND "dual_holdings"."num" <= "dual_holdings"."user_limit")
);
--> statement-breakpoint
CREATE TABLE `dual_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`pay_currency_id` integer NOT NULL,
	`type` text NOT NULL,
	`num` integer NOT NULL,
	`cost` integer NOT NULL,
	`apr_pct` text NOT NULL,
	`exercise_price` text NOT NULL,
	`days` integer NOT NULL,
	`settle_at` integer NOT NULL,
	`next_try_at` integer NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`settle_price` text,
	`price_time` integer,
	`payout_currency_id` integer,
	`payout` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	CONSTRAINT "dual_orders_amounts" CHECK("dual_orders"."num" > 0 AND "dual_orders"."cost" > 0 AND ("dual_orders"."payout" IS NULL OR "dual_orders"."payout" >= 0)),
	CONSTRAINT "dual_orders_status" CHECK("dual_orders"."status" IN (1, 2, 3, 4))
);
--> statement-breakpoint
CREATE INDEX `dual_orders_due` ON `dual_orders` (`status`,`next_try_at`);--> statement-breakpoint
CREATE INDEX `dual_orders_user` ON `dual_orders` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `dual_orders_product` ON `dual_orders` (`product_id`);--> statement-breakpoint
CREATE TABLE `dual_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`currency_id` integer NOT NULL,
	`type` text NOT NULL,
	`apr_pct` text NOT NULL,
	`exercise_price` text NOT NULL,
	`per_price` text NOT NULL,
	`total_number` integer NOT NULL,
	`purchased_number` integer DEFAULT 0 NOT NULL,
	`user_limit` integer NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`days` integer NOT NULL,
	`settle_at` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "dual_products_sold" CHECK("dual_products"."purchased_number" >= 0 AND "dual_products"."purchased_number" <= "dual_products"."total_number"),
	CONSTRAINT "dual_products_type" CHECK("dual_products"."type" IN ('call', 'put')),
	CONSTRAINT "dual_products_dates" CHECK("dual_products"."start_at" < "dual_products"."end_at" AND "dual_products"."settle_at" >= "dual_products"."end_at"),
	CONSTRAINT "dual_products_terms" CHECK("dual_products"."days" BETWEEN 1 AND 3650 AND "dual_products"."user_limit" > 0 AND "dual_products"."total_number" > 0)
);
--> statement-breakpoint
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-15, 'SYS-DUAL', 'dual', 'SYS-DUAL', 'system', 'locked', 0);
