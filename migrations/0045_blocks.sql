CREATE TABLE `blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "blocks_not_self" CHECK("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blocks_pair_unique` ON `blocks` (`blocker_id`,`blocked_id`);--> statement-breakpoint
CREATE INDEX `blocks_blocker_idx` ON `blocks` (`blocker_id`,`id`);--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
DROP INDEX `member_settings_audience_idx`;--> statement-breakpoint
ALTER TABLE `member_settings` ADD `blocks_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `member_settings_audience_idx` ON `member_settings` (`user_id`,`post_visibility`,`profile_visibility`,`blocks_count`) WHERE "member_settings"."post_visibility" = 'followers' OR "member_settings"."profile_visibility" = 'private' OR "member_settings"."blocks_count" > 0;--> statement-breakpoint
-- Each block counts in both members' settings (decision 100): the access rule looks in blocks only for
-- a member whose count is above 0. A member without a settings row (made by a bulk load) gets one.
CREATE TRIGGER `blocks_count_insert` AFTER INSERT ON `blocks` BEGIN
  INSERT OR IGNORE INTO `member_settings` (`user_id`) VALUES (NEW.`blocker_id`), (NEW.`blocked_id`);
  UPDATE `member_settings` SET `blocks_count` = `blocks_count` + 1 WHERE `user_id` IN (NEW.`blocker_id`, NEW.`blocked_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `blocks_count_delete` AFTER DELETE ON `blocks` BEGIN
  UPDATE `member_settings` SET `blocks_count` = max(`blocks_count` - 1, 0) WHERE `user_id` IN (OLD.`blocker_id`, OLD.`blocked_id`);
END;
--> statement-breakpoint
-- As 0011's, and never between two members in a block, either way (decision 100).
DROP TRIGGER `post_mentions_notify`;
--> statement-breakpoint
CREATE TRIGGER `post_mentions_notify` AFTER INSERT ON `post_mentions` WHEN NEW.`user_id` IS NOT NULL BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), NEW.`user_id`, 'mention', '', `p`.`user_id`, NEW.`post_id`
  FROM `posts` AS `p` WHERE `p`.`id` = NEW.`post_id` AND `p`.`user_id` <> NEW.`user_id` AND coalesce((SELECT `notify_mentions` FROM `member_settings` WHERE `user_id` = NEW.`user_id`), 1)
    AND NOT EXISTS (SELECT 1 FROM `blocks` WHERE (`blocker_id` = NEW.`user_id` AND `blocked_id` = `p`.`user_id`) OR (`blocker_id` = `p`.`user_id` AND `blocked_id` = NEW.`user_id`));
END;
