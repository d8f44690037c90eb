CREATE TABLE `mutes` (
	`id` text PRIMARY KEY NOT NULL,
	`muter_id` text NOT NULL,
	`muted_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`muter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`muted_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "mutes_not_self" CHECK("mutes"."muter_id" <> "mutes"."muted_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mutes_pair_unique` ON `mutes` (`muter_id`,`muted_id`);--> statement-breakpoint
CREATE INDEX `mutes_muter_idx` ON `mutes` (`muter_id`,`id`);--> statement-breakpoint
CREATE INDEX `mutes_muted_idx` ON `mutes` (`muted_id`,`muter_id`);
--> statement-breakpoint
-- Nothing a muted member does notifies the member who muted them (decision 107): each notifying trigger
-- is its last version (0026, 0038, 0045) with one more condition, a probe of mutes_pair_unique.
DROP TRIGGER `post_likes_notify`;
--> statement-breakpoint
CREATE TRIGGER `post_likes_notify` AFTER INSERT ON `post_likes` WHEN (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) <> NEW.`user_id` AND coalesce((SELECT `notify_likes` FROM `member_settings` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`)), 1) AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`))) AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `muted_id` = NEW.`user_id`) BEGIN
  DELETE FROM `notifications` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'like' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `related_user_id` = NEW.`user_id`;
  UPDATE `notifications` SET `is_head` = 2 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'like' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 1;
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`, `group_size`)
  SELECT (SELECT `id` FROM `notification_id`), (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`), 'like', '', NEW.`user_id`, NEW.`post_id`,
    1 + coalesce((SELECT `g`.`group_size` FROM `notifications` AS `g` WHERE `g`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `g`.`type` = 'like' AND `g`.`type` IN ('like', 'repost') AND `g`.`related_post_id` = NEW.`post_id` AND `g`.`is_head` = 2), 0);
  UPDATE `notifications` SET `is_head` = 0 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'like' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 2;
END;
--> statement-breakpoint
DROP TRIGGER `post_reposts_notify`;
--> statement-breakpoint
CREATE TRIGGER `post_reposts_notify` AFTER INSERT ON `post_reposts` WHEN (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) <> NEW.`user_id` AND coalesce((SELECT `notify_reposts` FROM `member_settings` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`)), 1) AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`))) AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `muted_id` = NEW.`user_id`) BEGIN
  DELETE FROM `notifications` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'repost' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `related_user_id` = NEW.`user_id`;
  UPDATE `notifications` SET `is_head` = 2 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'repost' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 1;
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`, `group_size`)
  SELECT (SELECT `id` FROM `notification_id`), (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`), 'repost', '', NEW.`user_id`, NEW.`post_id`,
    1 + coalesce((SELECT `g`.`group_size` FROM `notifications` AS `g` WHERE `g`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `g`.`type` = 'repost' AND `g`.`type` IN ('like', 'repost') AND `g`.`related_post_id` = NEW.`post_id` AND `g`.`is_head` = 2), 0);
  UPDATE `notifications` SET `is_head` = 0 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'repost' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 2;
END;
--> statement-breakpoint
DROP TRIGGER `comments_notify`;
--> statement-breakpoint
CREATE TRIGGER `comments_notify` AFTER INSERT ON `comments` BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), `p`.`user_id`, 'comment', NEW.`content`, NEW.`user_id`, NEW.`post_id`
  FROM `posts` AS `p` WHERE `p`.`id` = NEW.`post_id` AND `p`.`user_id` <> NEW.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `p`.`user_id`), 1)
    AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `p`.`user_id`))
    AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = `p`.`user_id` AND `muted_id` = NEW.`user_id`);
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), `c`.`user_id`, 'comment', NEW.`content`, NEW.`user_id`, NEW.`post_id`
  FROM `comments` AS `c` JOIN `posts` AS `p` ON `p`.`id` = NEW.`post_id`
  WHERE `c`.`id` = NEW.`parent_id` AND `c`.`user_id` <> NEW.`user_id` AND `c`.`user_id` <> `p`.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `c`.`user_id`), 1)
    AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `c`.`user_id`))
    AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = `c`.`user_id` AND `muted_id` = NEW.`user_id`);
END;
--> statement-breakpoint
DROP TRIGGER `follows_notify`;
--> statement-breakpoint
CREATE TRIGGER `follows_notify` AFTER INSERT ON `follows` WHEN coalesce((SELECT `notify_follows` FROM `member_settings` WHERE `user_id` = NEW.`following_id`), 1) AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = NEW.`following_id` AND `muted_id` = NEW.`follower_id`) BEGIN
  DELETE FROM `notifications` WHERE `related_user_id` = NEW.`follower_id` AND `user_id` = NEW.`following_id` AND `type` = 'follow';
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`)
  SELECT (SELECT `id` FROM `notification_id`), NEW.`following_id`, 'follow', '', NEW.`follower_id`
  WHERE NEW.`following_id` <> NEW.`follower_id`;
END;
--> statement-breakpoint
DROP TRIGGER `post_mentions_notify`;
--> statement-breakpoint
CREATE TRIGGER `post_mentions_notify` AFTER INSERT ON `post_mentions` WHEN NEW.`user_id` IS NOT NULL BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), NEW.`user_id`, 'mention', '', `p`.`user_id`, NEW.`post_id`
  FROM `posts` AS `p` WHERE `p`.`id` = NEW.`post_id` AND `p`.`user_id` <> NEW.`user_id` AND coalesce((SELECT `notify_mentions` FROM `member_settings` WHERE `user_id` = NEW.`user_id`), 1)
    AND NOT EXISTS (SELECT 1 FROM `blocks` WHERE (`blocker_id` = NEW.`user_id` AND `blocked_id` = `p`.`user_id`) OR (`blocker_id` = `p`.`user_id` AND `blocked_id` = NEW.`user_id`))
    AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = NEW.`user_id` AND `muted_id` = `p`.`user_id`);
END;
