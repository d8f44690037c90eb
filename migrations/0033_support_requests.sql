CREATE TABLE `support_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`topic` text NOT NULL,
	`message` text NOT NULL,
	`priority` integer NOT NULL,
	`client_id` text,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `support_requests_user_idx` ON `support_requests` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `support_requests_client_unique` ON `support_requests` (`user_id`,`client_id`) WHERE "support_requests"."client_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `support_requests_unmailed_idx` ON `support_requests` (`priority`,`id`) WHERE "support_requests"."mailed_at" IS NULL;