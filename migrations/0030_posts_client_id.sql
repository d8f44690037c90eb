ALTER TABLE `posts` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `posts_client_unique` ON `posts` (`user_id`,`client_id`) WHERE "posts"."client_id" IS NOT NULL;