-- A follow notifies once per pair (docs/decisions/085). An unfollow takes the notification back only while
-- it is unread (0011), so following again after it was read added a second "followed you" for the same
-- member, and a third after that. The trigger is 0011's, first removing the pair's earlier follow
-- notification (read or not), as a like removes the member's own earlier row of its group
-- (notifications_actor_idx finds it).
DROP TRIGGER `follows_notify`;
--> statement-breakpoint
CREATE TRIGGER `follows_notify` AFTER INSERT ON `follows` WHEN coalesce((SELECT `notify_follows` FROM `member_settings` WHERE `user_id` = NEW.`following_id`), 1) BEGIN
  DELETE FROM `notifications` WHERE `related_user_id` = NEW.`follower_id` AND `user_id` = NEW.`following_id` AND `type` = 'follow';
  INSERT INTO `notifications` (`id`, `user_id`, `type`, `content`, `related_user_id`)
  SELECT (SELECT `id` FROM `notification_id`), NEW.`following_id`, 'follow', '', NEW.`follower_id`
  WHERE NEW.`following_id` <> NEW.`follower_id`;
END;
--> statement-breakpoint
-- The repeats already written: only the newest follow notification of each pair stays.
DELETE FROM `notifications` WHERE `type` = 'follow' AND EXISTS (SELECT 1 FROM `notifications` AS `newer`
  WHERE `newer`.`related_user_id` = `notifications`.`related_user_id` AND `newer`.`user_id` = `notifications`.`user_id`
    AND `newer`.`type` = 'follow' AND `newer`.`id` > `notifications`.`id`);
