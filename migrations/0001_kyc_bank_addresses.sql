CREATE TABLE `bank_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`real_name` text NOT NULL,
	`bank_account` text NOT NULL,
	`bank_name` text NOT NULL,
	`bank_dizhi` text NOT NULL,
	`bank_network` text NOT NULL,
	`swift_code` text NOT NULL,
	`phone` text NOT NULL,
	`alipay_account` text NOT NULL,
	`wechat_account` text NOT NULL,
	`wechat_nickname` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_cards_user_kind` ON `bank_cards` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `withdraw_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`chain` text NOT NULL,
	`qrcode` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `withdraw_addresses_user` ON `withdraw_addresses` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `withdraw_addresses_unique` ON `withdraw_addresses` (`user_id`,`currency_id`,`address`);--> statement-breakpoint
ALTER TABLE `identity_verifications` ADD `lang` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE INDEX `kyc_status` ON `identity_verifications` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `kyc_one_auditing` ON `identity_verifications` (`user_id`) WHERE status = 'auditing';--> statement-breakpoint
CREATE UNIQUE INDEX `kyc_one_passed` ON `identity_verifications` (`user_id`,`level`) WHERE status = 'hasaudit';--> statement-breakpoint
CREATE UNIQUE INDEX `kyc_card_id` ON `identity_verifications` (`card_id`) WHERE status IN ('auditing', 'hasaudit') AND card_id IS NOT NULL;