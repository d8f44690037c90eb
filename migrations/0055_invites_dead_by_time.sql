-- Invites dead for long, by when they expired or their last use was taken: the cron's clean-up finds them by these (decision 122).
ALTER TABLE `community_invites` ADD `used_up_at` integer;--> statement-breakpoint
-- Invites already used up count from now: when their last use was taken is not known.
UPDATE `community_invites` SET `used_up_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000 WHERE `max_uses` IS NOT NULL AND `uses_count` >= `max_uses`;--> statement-breakpoint
CREATE INDEX `community_invites_expired_idx` ON `community_invites` (`expires_at`) WHERE "community_invites"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `community_invites_used_up_idx` ON `community_invites` (`used_up_at`) WHERE "community_invites"."used_up_at" IS NOT NULL;