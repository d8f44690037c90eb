DROP INDEX `notifications_user_idx`;--> statement-breakpoint
DROP INDEX `notifications_user_type_idx`;--> statement-breakpoint
DROP INDEX `notifications_unread_idx`;--> statement-breakpoint
ALTER TABLE `notifications` ADD `is_head` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `notifications` ADD `group_size` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_heads_idx` ON `notifications` (`user_id`,`id`) WHERE "notifications"."is_head" = 1;--> statement-breakpoint
CREATE INDEX `notifications_heads_type_idx` ON `notifications` (`user_id`,`type`,`id`) WHERE "notifications"."is_head" = 1;--> statement-breakpoint
CREATE INDEX `notifications_group_idx` ON `notifications` (`user_id`,`type`,`related_post_id`,`id`) WHERE "notifications"."type" IN ('like', 'repost');--> statement-breakpoint
CREATE INDEX `notifications_actor_idx` ON `notifications` (`related_user_id`,`user_id`,`type`);--> statement-breakpoint
CREATE INDEX `notifications_post_idx` ON `notifications` (`related_post_id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`is_head`) WHERE "notifications"."is_read" = 0;--> statement-breakpoint
-- Notifications (decision 032). Existing like and repost rows become groups: the newest of each is the head.
UPDATE `notifications` SET `is_head` = 0
WHERE `type` IN ('like', 'repost') AND EXISTS (SELECT 1 FROM `notifications` AS `newer`
  WHERE `newer`.`user_id` = `notifications`.`user_id` AND `newer`.`type` = `notifications`.`type`
    AND `newer`.`related_post_id` = `notifications`.`related_post_id` AND `newer`.`id` > `notifications`.`id`);
--> statement-breakpoint
UPDATE `notifications` SET `group_size` = (SELECT count(*) FROM `notifications` AS `member`
  WHERE `member`.`user_id` = `notifications`.`user_id` AND `member`.`type` = `notifications`.`type`
    AND `member`.`related_post_id` = `notifications`.`related_post_id`)
WHERE `type` IN ('like', 'repost') AND `is_head` = 1;
--> statement-breakpoint
-- A new notification's id, made in SQL as app/.server/ids.ts makes ids (time-sortable, 26 characters of
-- Crockford base32: 10 of milliseconds, then 16 random), so triggers can write notifications.
CREATE VIEW `notification_id` AS SELECT
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 45) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 40) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 35) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 30) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 25) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 20) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 15) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 10) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 5) & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((CAST(unixepoch('subsec') * 1000 AS INTEGER) >> 0) & 31) + 1, 1) ||
  substr(hex(randomblob(8)), 1, 16) AS `id`;
--> statement-breakpoint
-- A like or repost: the post's author hears of it (not of their own, not with that kind turned off).
-- Likes and reposts of one post are one group whose head (is_head = 1) carries its size: the member's
-- own earlier row (read, so kept by the undo) goes first, the old head is marked (2) while the new
-- row takes its size + 1, then steps down. The head is known by its flag, never by id order (two
-- ids of one millisecond sort at random). Every group query names the group index's own condition
-- (`type IN ('like', 'repost')`), or SQLite cannot use that partial index.
CREATE TRIGGER `post_likes_notify` AFTER INSERT ON `post_likes` WHEN (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) <> NEW.`user_id` AND coalesce((SELECT `notify_likes` FROM `member_settings` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`)), 1) BEGIN
  DELETE FROM `notifications` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'like' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `related_user_id` = NEW.`user_id`;
  UPDATE `notifications` SET `is_head` = 2 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'like' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 1;
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`, `group_size`)
  SELECT (SELECT `id` FROM `notification_id`), (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`), 'like', '', NEW.`user_id`, NEW.`post_id`,
    1 + coalesce((SELECT `g`.`group_size` FROM `notifications` AS `g` WHERE `g`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `g`.`type` = 'like' AND `g`.`type` IN ('like', 'repost') AND `g`.`related_post_id` = NEW.`post_id` AND `g`.`is_head` = 2), 0);
  UPDATE `notifications` SET `is_head` = 0 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'like' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 2;
END;
--> statement-breakpoint
CREATE TRIGGER `post_reposts_notify` AFTER INSERT ON `post_reposts` WHEN (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) <> NEW.`user_id` AND coalesce((SELECT `notify_reposts` FROM `member_settings` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`)), 1) BEGIN
  DELETE FROM `notifications` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'repost' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `related_user_id` = NEW.`user_id`;
  UPDATE `notifications` SET `is_head` = 2 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'repost' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 1;
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`, `group_size`)
  SELECT (SELECT `id` FROM `notification_id`), (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`), 'repost', '', NEW.`user_id`, NEW.`post_id`,
    1 + coalesce((SELECT `g`.`group_size` FROM `notifications` AS `g` WHERE `g`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `g`.`type` = 'repost' AND `g`.`type` IN ('like', 'repost') AND `g`.`related_post_id` = NEW.`post_id` AND `g`.`is_head` = 2), 0);
  UPDATE `notifications` SET `is_head` = 0 WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) AND `type` = 'repost' AND `type` IN ('like', 'repost') AND `related_post_id` = NEW.`post_id` AND `is_head` = 2;
END;
--> statement-breakpoint
-- Taking a like or repost back removes its notification while it is unread, so toggling spams no one.
CREATE TRIGGER `post_likes_unnotify` AFTER DELETE ON `post_likes` BEGIN
  DELETE FROM `notifications` WHERE `related_user_id` = OLD.`user_id` AND `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = OLD.`post_id`)
    AND `type` = 'like' AND `related_post_id` = OLD.`post_id` AND `is_read` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `post_reposts_unnotify` AFTER DELETE ON `post_reposts` BEGIN
  DELETE FROM `notifications` WHERE `related_user_id` = OLD.`user_id` AND `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = OLD.`post_id`)
    AND `type` = 'repost' AND `related_post_id` = OLD.`post_id` AND `is_read` = 0;
END;
--> statement-breakpoint
-- A group that lost a row is one smaller: a lost head hands over to the newest remaining row. Not when
-- the post itself went (its notifications all go, one by one: nothing is left to keep right).
CREATE TRIGGER `notifications_group_delete` AFTER DELETE ON `notifications`
WHEN OLD.`type` IN ('like', 'repost') AND EXISTS (SELECT 1 FROM `posts` WHERE `id` = OLD.`related_post_id`) BEGIN
  UPDATE `notifications` SET `is_head` = 1, `group_size` = MAX(OLD.`group_size` - 1, 1)
  WHERE OLD.`is_head` = 1 AND `id` = (SELECT `g`.`id` FROM `notifications` AS `g` WHERE `g`.`user_id` = OLD.`user_id` AND `g`.`type` = OLD.`type`
    AND `g`.`type` IN ('like', 'repost') AND `g`.`related_post_id` = OLD.`related_post_id` ORDER BY `g`.`id` DESC LIMIT 1);
  UPDATE `notifications` SET `group_size` = MAX(`group_size` - 1, 1)
  WHERE OLD.`is_head` = 0 AND `user_id` = OLD.`user_id` AND `type` = OLD.`type` AND `type` IN ('like', 'repost')
    AND `related_post_id` = OLD.`related_post_id` AND `is_head` = 1;
END;
--> statement-breakpoint
-- A follow: the followed member hears of it; an unfollow removes it while unread.
CREATE TRIGGER `follows_notify` AFTER INSERT ON `follows` WHEN coalesce((SELECT `notify_follows` FROM `member_settings` WHERE `user_id` = NEW.`following_id`), 1) BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`)
  SELECT (SELECT `id` FROM `notification_id`), NEW.`following_id`, 'follow', '', NEW.`follower_id`
  WHERE NEW.`following_id` <> NEW.`follower_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `follows_unnotify` AFTER DELETE ON `follows` BEGIN
  DELETE FROM `notifications` WHERE `related_user_id` = OLD.`follower_id` AND `user_id` = OLD.`following_id` AND `type` = 'follow' AND `is_read` = 0;
END;
--> statement-breakpoint
-- A comment: the post's author hears of it; a reply, the author of the comment it answers too (unless
-- that is the post's author, already told, or the replier). The notification carries the comment's text.
CREATE TRIGGER `comments_notify` AFTER INSERT ON `comments` BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), `p`.`user_id`, 'comment', NEW.`content`, NEW.`user_id`, NEW.`post_id`
  FROM `posts` AS `p` WHERE `p`.`id` = NEW.`post_id` AND `p`.`user_id` <> NEW.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `p`.`user_id`), 1);
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), `c`.`user_id`, 'comment', NEW.`content`, NEW.`user_id`, NEW.`post_id`
  FROM `comments` AS `c` JOIN `posts` AS `p` ON `p`.`id` = NEW.`post_id`
  WHERE `c`.`id` = NEW.`parent_id` AND `c`.`user_id` <> NEW.`user_id` AND `c`.`user_id` <> `p`.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `c`.`user_id`), 1);
END;
--> statement-breakpoint
-- A mention in a post: the member the name resolved to hears of it (not the author mentioning themselves).
CREATE TRIGGER `post_mentions_notify` AFTER INSERT ON `post_mentions` WHEN NEW.`user_id` IS NOT NULL BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), NEW.`user_id`, 'mention', '', `p`.`user_id`, NEW.`post_id`
  FROM `posts` AS `p` WHERE `p`.`id` = NEW.`post_id` AND `p`.`user_id` <> NEW.`user_id` AND coalesce((SELECT `notify_mentions` FROM `member_settings` WHERE `user_id` = NEW.`user_id`), 1);
END;
