-- Custom SQL migration file, put your code below! --
-- Money guards that drizzle-kit cannot express. Keep this file when squashing migrations.
--
-- 1. System accounts of the ledger (worker/domain/ledger/accounts.ts). Negative ids never collide
--    with registered users: AUTOINCREMENT only ever picks ids above the largest one used. They are
--    locked and have no password, so nobody can sign in as them.
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-1, 'SYS-EXTERNAL', 'external', 'SYS-EXTERNAL', 'system', 'locked', 0);
--> statement-breakpoint
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-2, 'SYS-FEES', 'fees', 'SYS-FEES', 'system', 'locked', 0);
--> statement-breakpoint
INSERT OR IGNORE INTO `users` (`id`, `uid`, `nickname`, `invite_code`, `role`, `status`, `created_at`) VALUES (-3, 'SYS-HOUSE', 'house', 'SYS-HOUSE', 'system', 'locked', 0);
--> statement-breakpoint
-- 2. The 24-hour withdrawal limit, enforced inside the same batch as the hold, so concurrent
--    requests cannot all pass a check made before any of them was written. Values are BTC minor
--    units fixed when each withdrawal was requested; reviewing and approved withdrawals count.
CREATE TRIGGER IF NOT EXISTS `withdrawals_daily_limit` BEFORE INSERT ON `withdrawals`
WHEN NEW.`btc_value` + COALESCE((
  SELECT SUM(`btc_value`) FROM `withdrawals`
  WHERE `user_id` = NEW.`user_id` AND `status` IN ('reviewing', 'approved') AND `created_at` > NEW.`created_at` - 86400000
), 0) > NEW.`daily_limit`
BEGIN
  SELECT RAISE(ABORT, 'WITHDRAW_DAILY_LIMIT');
END;
