-- Profiles (issue 11): the total views a profile shows, as a counter column.
ALTER TABLE `users` ADD `total_views` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A profile's total views: the sum of views_count over the member's posts (decision 027), kept like
-- every other counter (003) in the same transaction as the change, never below 0.
CREATE TRIGGER `posts_total_views_update` AFTER UPDATE OF `views_count` ON `posts` WHEN NEW.`views_count` <> OLD.`views_count` BEGIN
  UPDATE `users` SET `total_views` = MAX(`total_views` + NEW.`views_count` - OLD.`views_count`, 0) WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_total_views_insert` AFTER INSERT ON `posts` WHEN NEW.`views_count` > 0 BEGIN
  UPDATE `users` SET `total_views` = `total_views` + NEW.`views_count` WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_total_views_delete` AFTER DELETE ON `posts` WHEN OLD.`views_count` > 0 BEGIN
  UPDATE `users` SET `total_views` = MAX(`total_views` - OLD.`views_count`, 0) WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
-- Backfill: what the members' posts have been viewed so far.
UPDATE `users` SET `total_views` = coalesce((SELECT sum(`views_count`) FROM `posts` WHERE `posts`.`user_id` = `users`.`id`), 0);
