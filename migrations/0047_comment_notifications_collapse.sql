CREATE INDEX `notifications_comment_unread_idx` ON `notifications` (`user_id`,`related_post_id`,`related_user_id`) WHERE "notifications"."type" = 'comment' AND "notifications"."is_read" = 0;--> statement-breakpoint
-- One unread notification per commenter per post (decision 108): each of comments_notify's inserts
-- (its version of 0046) is preceded by a delete of its recipient's unread comment notification from the
-- same writer under the same post, the recipient found by that insert's own conditions, so a row goes
-- only when its newer one comes. Read ones stay.
DROP TRIGGER `comments_notify`;
--> statement-breakpoint
CREATE TRIGGER `comments_notify` AFTER INSERT ON `comments` BEGIN
  DELETE FROM `notifications` WHERE `type` = 'comment' AND `is_read` = 0 AND `related_post_id` = NEW.`post_id` AND `related_user_id` = NEW.`user_id`
    AND `user_id` = (SELECT `p`.`user_id` FROM `posts` AS `p` WHERE `p`.`id` = NEW.`post_id` AND `p`.`user_id` <> NEW.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `p`.`user_id`), 1)
      AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `p`.`user_id`))
      AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = `p`.`user_id` AND `muted_id` = NEW.`user_id`));
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), `p`.`user_id`, 'comment', NEW.`content`, NEW.`user_id`, NEW.`post_id`
  FROM `posts` AS `p` WHERE `p`.`id` = NEW.`post_id` AND `p`.`user_id` <> NEW.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `p`.`user_id`), 1)
    AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `p`.`user_id`))
    AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = `p`.`user_id` AND `muted_id` = NEW.`user_id`);
  DELETE FROM `notifications` WHERE `type` = 'comment' AND `is_read` = 0 AND `related_post_id` = NEW.`post_id` AND `related_user_id` = NEW.`user_id`
    AND `user_id` = (SELECT `c`.`user_id` FROM `comments` AS `c` JOIN `posts` AS `p` ON `p`.`id` = NEW.`post_id`
      WHERE `c`.`id` = NEW.`parent_id` AND `c`.`user_id` <> NEW.`user_id` AND `c`.`user_id` <> `p`.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `c`.`user_id`), 1)
      AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `c`.`user_id`))
      AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = `c`.`user_id` AND `muted_id` = NEW.`user_id`));
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), `c`.`user_id`, 'comment', NEW.`content`, NEW.`user_id`, NEW.`post_id`
  FROM `comments` AS `c` JOIN `posts` AS `p` ON `p`.`id` = NEW.`post_id`
  WHERE `c`.`id` = NEW.`parent_id` AND `c`.`user_id` <> NEW.`user_id` AND `c`.`user_id` <> `p`.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `c`.`user_id`), 1)
    AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `c`.`user_id`))
    AND NOT EXISTS (SELECT 1 FROM `mutes` WHERE `muter_id` = `c`.`user_id` AND `muted_id` = NEW.`user_id`);
END;
--> statement-breakpoint
-- The repeats already written: only the newest unread comment notification of each writer, post and
-- recipient stays (read ones stay too).
DELETE FROM `notifications` WHERE `type` = 'comment' AND `is_read` = 0 AND EXISTS (SELECT 1 FROM `notifications` AS `newer`
  WHERE `newer`.`type` = 'comment' AND `newer`.`is_read` = 0 AND `newer`.`user_id` = `notifications`.`user_id`
    AND `newer`.`related_post_id` = `notifications`.`related_post_id` AND `newer`.`related_user_id` = `notifications`.`related_user_id`
    AND `newer`.`id` > `notifications`.`id`);
