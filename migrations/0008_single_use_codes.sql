-- Custom SQL migration file, put your code below! --
-- A guard drizzle-kit cannot express. Keep this file when squashing migrations.
--
-- A verification code is used once. A withdrawal marks its code used inside the same batch as the
-- hold (worker/domain/wallet/withdrawals.ts), so of two requests that checked the same code only the
-- first batch can commit: marking a code that is already used aborts the whole batch.
CREATE TRIGGER IF NOT EXISTS `verification_codes_single_use` BEFORE UPDATE OF `consumed_at` ON `verification_codes`
WHEN OLD.`consumed_at` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'CODE_ALREADY_USED');
END;
