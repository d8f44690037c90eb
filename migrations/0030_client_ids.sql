ALTER TABLE `comments` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `comments_client_unique` ON `comments` (`user_id`,`client_id`) WHERE "comments"."client_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `posts_client_unique` ON `posts` (`user_id`,`client_id`) WHERE "posts"."client_id" IS NOT NULL;