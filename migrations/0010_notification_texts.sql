CREATE TABLE `notification_texts` (
	`notification_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	PRIMARY KEY(`notification_id`, `lang`)
);
