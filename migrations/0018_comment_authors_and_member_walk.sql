-- Fewer pages per card (docs/decisions/049-card-pages.md).
-- 1. A member's posts index carries the community and repost that Following's walk tests, so the walk
--    over the followed members' posts reads the rows it keeps, not every candidate's.
DROP INDEX `posts_user_idx`;--> statement-breakpoint
CREATE INDEX `posts_user_idx` ON `posts` (`user_id`,`id`,`community_id`,`reposted_from_post_id`);--> statement-breakpoint
-- 2. A comment carries what a card's preview shows of its author, so a card's top comments read no
--    users row. Triggers keep the copies: set when the comment is made, rewritten in the same
--    statement that changes the author's name, username, photo or badge. The app never writes them.
ALTER TABLE `comments` ADD `author_username` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `author_display_name` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `author_avatar_url` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `author_verified_type` text;--> statement-breakpoint
UPDATE `comments` SET (`author_username`, `author_display_name`, `author_avatar_url`, `author_verified_type`) =
  (SELECT `username`, `display_name`, `avatar_url`, `verified_type` FROM `users` WHERE `users`.`id` = `comments`.`user_id`);--> statement-breakpoint
CREATE TRIGGER `comments_author_insert` AFTER INSERT ON `comments` BEGIN
  UPDATE `comments` SET (`author_username`, `author_display_name`, `author_avatar_url`, `author_verified_type`) =
    (SELECT `username`, `display_name`, `avatar_url`, `verified_type` FROM `users` WHERE `id` = NEW.`user_id`)
  WHERE `rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_comment_authors_update` AFTER UPDATE OF `username`, `display_name`, `avatar_url`, `verified_type` ON `users`
WHEN OLD.`username` IS NOT NEW.`username` OR OLD.`display_name` IS NOT NEW.`display_name`
  OR OLD.`avatar_url` IS NOT NEW.`avatar_url` OR OLD.`verified_type` IS NOT NEW.`verified_type`
BEGIN
  UPDATE `comments` SET `author_username` = NEW.`username`, `author_display_name` = NEW.`display_name`,
    `author_avatar_url` = NEW.`avatar_url`, `author_verified_type` = NEW.`verified_type`
  WHERE `user_id` = NEW.`id`;
END;
