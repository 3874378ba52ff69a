CREATE TABLE `notification_texts` (
	`notification_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	PRIMARY KEY(`notification_id`, `lang`)
);
--> statement-breakpoint
CREATE TABLE `support_agents` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`granted_by` integer NOT NULL,
	`granted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `support_conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`agent_id` integer,
	`waiting_since` integer,
	`last_message_at` integer NOT NULL,
	`user_read_id` integer DEFAULT 0 NOT NULL,
	`agent_read_id` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `support_conversations_user` ON `support_conversations` (`user_id`);--> statement-breakpoint
CREATE INDEX `support_conversations_queue` ON `support_conversations` (`status`,`waiting_since`);--> statement-breakpoint
CREATE TABLE `support_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`sender` text NOT NULL,
	`sender_id` integer NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`client_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `support_messages_client` ON `support_messages` (`conversation_id`,`sender_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `support_messages_conversation` ON `support_messages` (`conversation_id`,`id`);