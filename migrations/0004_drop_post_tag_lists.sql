-- The posts' hashtags and mentions live in post_hashtags and post_mentions (indexed rows); the JSON copies were never read.
ALTER TABLE `posts` DROP COLUMN `hashtags`;--> statement-breakpoint
ALTER TABLE `posts` DROP COLUMN `mentions`;