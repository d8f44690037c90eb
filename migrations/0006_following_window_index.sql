DROP INDEX `posts_home_idx`;--> statement-breakpoint
CREATE INDEX `posts_home_idx` ON `posts` (`id`,`user_id`) WHERE "posts"."community_id" IS NULL;