PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contract_configs` (
	`market_id` integer PRIMARY KEY NOT NULL,
	`feed` text DEFAULT 'spot' NOT NULL,
	`multiples` text NOT NULL,
	`lot_size` text NOT NULL,
	`min_lots` integer NOT NULL,
	`max_lots` integer NOT NULL,
	`spread` text NOT NULL,
	`fee_rate` text NOT NULL,
	`overnight_rate` text NOT NULL,
	`hazard_rate` text NOT NULL,
	`limit_entry` integer DEFAULT true NOT NULL,
	`stops` integer DEFAULT true NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "contract_configs_lots" CHECK("__new_contract_configs"."min_lots" >= 1 AND "__new_contract_configs"."max_lots" >= "__new_contract_configs"."min_lots"),
	CONSTRAINT "contract_configs_feed" CHECK("__new_contract_configs"."feed" IN ('spot', 'stock'))
);
--> statement-breakpoint
INSERT INTO `__new_contract_configs`("market_id", "feed", "multiples", "lot_size", "min_lots", "max_lots", "spread", "fee_rate", "overnight_rate", "hazard_rate", "limit_entry", "stops", "enabled", "updated_at") SELECT "market_id", "feed", "multiples", "lot_size", "min_lots", "max_lots", "spread", "fee_rate", "overnight_rate", "hazard_rate", "limit_entry", "stops", "enabled", "updated_at" FROM `contract_configs`;--> statement-breakpoint
DROP TABLE `contract_configs`;--> statement-breakpoint
ALTER TABLE `__new_contract_configs` RENAME TO `contract_configs`;--> statement-breakpoint
PRAGMA foreign_keys=ON;
