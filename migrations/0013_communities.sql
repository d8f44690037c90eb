ALTER TABLE `communities` ADD `posts_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `communities_public_created_idx` ON `communities` (`is_private`,`created_at`);--> statement-breakpoint
-- A community's posts (not reposts): the count on its Posts tab.
CREATE TRIGGER `communities_posts_count_insert` AFTER INSERT ON `posts` WHEN NEW.`community_id` IS NOT NULL AND NEW.`reposted_from_post_id` IS NULL BEGIN
  UPDATE `communities` SET `posts_count` = `posts_count` + 1 WHERE `id` = NEW.`community_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `communities_posts_count_delete` AFTER DELETE ON `posts` WHEN OLD.`community_id` IS NOT NULL AND OLD.`reposted_from_post_id` IS NULL BEGIN
  UPDATE `communities` SET `posts_count` = MAX(`posts_count` - 1, 0) WHERE `id` = OLD.`community_id`;
END;
--> statement-breakpoint
UPDATE `communities` SET `posts_count` = (SELECT count(*) FROM `posts` WHERE `posts`.`community_id` = `communities`.`id` AND `posts`.`reposted_from_post_id` IS NULL);
--> statement-breakpoint
-- Search over communities' names and descriptions (/communities' search box, Discover's interests).
CREATE VIRTUAL TABLE `communities_fts` USING fts5(`name`, `description`, content='communities', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
INSERT INTO `communities_fts`(`communities_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `communities_fts_insert` AFTER INSERT ON `communities` BEGIN
  INSERT INTO `communities_fts`(rowid, `name`, `description`) VALUES (NEW.rowid, NEW.`name`, NEW.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_delete` AFTER DELETE ON `communities` BEGIN
  INSERT INTO `communities_fts`(`communities_fts`, rowid, `name`, `description`) VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_update` AFTER UPDATE OF `name`, `description` ON `communities` BEGIN
  INSERT INTO `communities_fts`(`communities_fts`, rowid, `name`, `description`) VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`description`);
  INSERT INTO `communities_fts`(rowid, `name`, `description`) VALUES (NEW.rowid, NEW.`name`, NEW.`description`);
END;
