ALTER TABLE `currencies` ADD `second_approval_above` text;--> statement-breakpoint
ALTER TABLE `deposit_addresses` ADD `demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `deposits` ADD `tx_hash` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `verified_amount` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `first_approved_by` integer;--> statement-breakpoint
ALTER TABLE `deposits` ADD `first_approved_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_tx_hash` ON `deposits` (`tx_hash`) WHERE status <> 'rejected';--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `first_approved_by` integer;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `first_approved_at` integer;