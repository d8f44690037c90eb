-- Rate limits moved to one Durable Object per subject (docs/decisions/024-rate-limits.md).
DROP TABLE `rate_limits`;--> statement-breakpoint
-- A share counts once per member, post and platform: repeats made before this rule go (the counter trigger follows).
DELETE FROM `post_shares` WHERE `id` NOT IN (SELECT min(`id`) FROM `post_shares` GROUP BY `post_id`, `user_id`, `platform`);--> statement-breakpoint
DROP INDEX `post_shares_post_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `post_shares_once` ON `post_shares` (`post_id`,`user_id`,`platform`);
