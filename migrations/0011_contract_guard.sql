CREATE TABLE `contract_guard` (
	`ok` integer NOT NULL,
	CONSTRAINT "contract_guard_rows_changed" CHECK("contract_guard"."ok" = 1)
);
