CREATE TABLE `discount_epoch` (
	`id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `discount_epoch` (`id`, `n`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `user_coupons_epoch_insert` AFTER INSERT ON `user_coupons`
BEGIN
  UPDATE `discount_epoch` SET `n` = `n` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `user_coupons_epoch_update` AFTER UPDATE ON `user_coupons`
BEGIN
  UPDATE `discount_epoch` SET `n` = `n` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `user_coupons_epoch_delete` AFTER DELETE ON `user_coupons`
BEGIN
  UPDATE `discount_epoch` SET `n` = `n` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `coupons_epoch_update` AFTER UPDATE ON `coupons`
BEGIN
  UPDATE `discount_epoch` SET `n` = `n` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `coupons_epoch_delete` AFTER DELETE ON `coupons`
BEGIN
  UPDATE `discount_epoch` SET `n` = `n` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE VIEW IF NOT EXISTS `discount_epoch_check` AS SELECT `n` AS `seen` FROM `discount_epoch`;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `discount_epoch_checked` INSTEAD OF INSERT ON `discount_epoch_check`
BEGIN
  SELECT RAISE(ABORT, 'DISCOUNTS_CHANGED') WHERE NEW.`seen` IS NOT (SELECT `n` FROM `discount_epoch` WHERE `id` = 1);
END;
