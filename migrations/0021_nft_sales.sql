-- NFT sales: the system account paid a first sale's proceeds when the artist is not a user, and the published rates.
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-12, 'SYS-NFT-SALES', 'nft sales', 'SYS-NFT-SALES', 'system', 'locked', 0);
--> statement-breakpoint
INSERT OR IGNORE INTO `settings` (`key`, `value`, `public`) VALUES ('nft_fee_rate', '0.025', 1);
--> statement-breakpoint
INSERT OR IGNORE INTO `settings` (`key`, `value`, `public`) VALUES ('nft_royalty_rate', '0.05', 1);
