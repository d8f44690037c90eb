-- Home's search walks the reposts lists show, newest first, and a followed member's, testing what each
-- reposts (docs/decisions/060-home-search-from-the-indexes.md).
CREATE INDEX `posts_reposts_idx` ON `posts` (`id`,`reposted_from_post_id`,`user_id`) WHERE "posts"."reposted_from_post_id" IS NOT NULL AND "posts"."community_id" IS NULL;--> statement-breakpoint
CREATE INDEX `posts_reposts_user_idx` ON `posts` (`user_id`,`id`,`reposted_from_post_id`) WHERE "posts"."reposted_from_post_id" IS NOT NULL AND "posts"."community_id" IS NULL;