CREATE TABLE `coupon_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_coupon_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`fill_id` text NOT NULL,
	`side` integer NOT NULL,
	`order_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`saved_units` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "coupon_uses_saved" CHECK("coupon_uses"."saved_units" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_uses_fill` ON `coupon_uses` (`fill_id`,`side`);--> statement-breakpoint
CREATE INDEX `coupon_uses_coupon` ON `coupon_uses` (`user_coupon_id`);--> statement-breakpoint
CREATE INDEX `coupon_uses_order` ON `coupon_uses` (`order_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`discount_pct` integer,
	`currency_id` integer,
	`bonus_units` integer,
	`user_id` integer,
	`valid_from` integer NOT NULL,
	`valid_to` integer NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "coupons_window" CHECK("coupons"."valid_to" > "coupons"."valid_from"),
	CONSTRAINT "coupons_kind" CHECK(("coupons"."kind" = 'discount' AND "coupons"."discount_pct" BETWEEN 1 AND 100 AND "coupons"."bonus_units" IS NULL) OR ("coupons"."kind" = 'bonus' AND "coupons"."bonus_units" > 0 AND "coupons"."currency_id" IS NOT NULL AND "coupons"."discount_pct" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `coupons_user` ON `coupons` (`user_id`,`valid_to`);--> statement-breakpoint
CREATE TABLE `invite_rebate_runs` (
	`inviter_id` integer NOT NULL,
	`day` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`inviter_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `invite_rebates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inviter_id` integer NOT NULL,
	`invitee_id` integer NOT NULL,
	`day` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`fee_units` integer NOT NULL,
	`rate` text NOT NULL,
	`rebate_units` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "invite_rebates_bounded" CHECK("invite_rebates"."rebate_units" > 0 AND "invite_rebates"."rebate_units" <= "invite_rebates"."fee_units")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invite_rebates_unique` ON `invite_rebates` (`inviter_id`,`day`,`invitee_id`,`currency_id`);--> statement-breakpoint
CREATE INDEX `invite_rebates_inviter` ON `invite_rebates` (`inviter_id`,`id`);--> statement-breakpoint
CREATE TABLE `user_coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coupon_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`taken_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_coupons_unique` ON `user_coupons` (`coupon_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_coupons_user` ON `user_coupons` (`user_id`,`taken_at`);