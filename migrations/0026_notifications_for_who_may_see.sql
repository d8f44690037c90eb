-- A notification about a post goes only to a member who may see the post's community (decision 070).
-- A private community's post is seen by its members alone (docs/decisions/035), its author too: one who
-- left can no longer open it. Before, a like or repost still told such an author, and a comment or a
-- reply told the post's author and the comment's author, though each had left. The words were hidden
-- (the notifications page shows them only to who may see the post), but the notice told them of
-- activity in a community they are no longer in. Mentions were already resolved among members only.
-- The triggers are 0011's with one more condition: the recipient is a member, or the post is outside
-- private communities.
DROP TRIGGER `post_likes_notify`;
--> statement-breakpoint
CREATE TRIGGER `post_likes_notify` AFTER INSERT ON `post_likes` WHEN (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) <> NEW.`user_id` AND coalesce((SELECT `notify_likes` FROM `member_settings` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`)), 1) AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`))) BEGIN
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
CREATE TRIGGER `post_reposts_notify` AFTER INSERT ON `post_reposts` WHEN (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) <> NEW.`user_id` AND coalesce((SELECT `notify_reposts` FROM `member_settings` WHERE `user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`)), 1) AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`))) BEGIN
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
    AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `p`.`user_id`));
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`, `related_post_id`)
  SELECT (SELECT `id` FROM `notification_id`), `c`.`user_id`, 'comment', NEW.`content`, NEW.`user_id`, NEW.`post_id`
  FROM `comments` AS `c` JOIN `posts` AS `p` ON `p`.`id` = NEW.`post_id`
  WHERE `c`.`id` = NEW.`parent_id` AND `c`.`user_id` <> NEW.`user_id` AND `c`.`user_id` <> `p`.`user_id` AND coalesce((SELECT `notify_comments` FROM `member_settings` WHERE `user_id` = `c`.`user_id`), 1)
    AND NOT EXISTS (SELECT 1 FROM `posts` AS `sp` JOIN `communities` AS `sc` ON `sc`.`id` = `sp`.`community_id` WHERE `sp`.`id` = NEW.`post_id` AND `sc`.`is_private` = 1 AND NOT EXISTS (SELECT 1 FROM `community_members` AS `sm` WHERE `sm`.`community_id` = `sc`.`id` AND `sm`.`user_id` = `c`.`user_id`));
END;
