CREATE TABLE `ieo_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`cost` integer NOT NULL,
	`hold_id` text NOT NULL,
	`distribute_at` integer NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`distributed_at` integer,
	CONSTRAINT "ieo_orders_amounts" CHECK("ieo_orders"."amount" > 0 AND "ieo_orders"."cost" > 0),
	CONSTRAINT "ieo_orders_status" CHECK("ieo_orders"."status" IN (1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ieo_orders_hold` ON `ieo_orders` (`hold_id`);--> statement-breakpoint
CREATE INDEX `ieo_orders_due` ON `ieo_orders` (`status`,`distribute_at`);--> statement-breakpoint
CREATE INDEX `ieo_orders_user` ON `ieo_orders` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `ieo_projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`currency_id` integer NOT NULL,
	`pay_currency_id` integer NOT NULL,
	`price` text NOT NULL,
	`total_amount` integer NOT NULL,
	`sold` integer DEFAULT 0 NOT NULL,
	`min_amount` integer NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`lock_days` integer DEFAULT 0 NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "ieo_projects_sold" CHECK("ieo_projects"."sold" >= 0 AND "ieo_projects"."sold" <= "ieo_projects"."total_amount"),
	CONSTRAINT "ieo_projects_dates" CHECK("ieo_projects"."start_at" < "ieo_projects"."end_at"),
	CONSTRAINT "ieo_projects_amounts" CHECK("ieo_projects"."total_amount" > 0 AND "ieo_projects"."min_amount" > 0 AND "ieo_projects"."lock_days" >= 0)
);
