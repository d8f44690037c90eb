-- Words of scripts written without spaces (docs/decisions/091). unicode61 makes a whole run of Chinese,
-- Japanese or Thai letters one token, so '東京タワーに行きました' was found by '東京' alone. A post with
-- such text keeps a copy with spaces between its words (`search_words`, written by the app: SQLite
-- cannot split them), and posts_fts's columns read that copy instead of the content. Every other post's
-- `search_words` is NULL and its columns are its content as before, so no index row changes here and
-- posts_fts is not rebuilt: the columns are made again (a generated column's expression cannot be
-- changed) and the triggers that name them with them. The update triggers also fire on `search_words`,
-- which the cron writes for posts older than this (`post_words_backfill` says how far it has come), so
-- the index drops the words it holds before it takes the new ones.
CREATE TABLE `post_words_backfill` (
	`id` integer PRIMARY KEY NOT NULL,
	`before_rowid` integer,
	CONSTRAINT "post_words_backfill_one_row" CHECK("post_words_backfill"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `post_words_backfill` (`id`, `before_rowid`) VALUES (1, NULL);
--> statement-breakpoint
ALTER TABLE `posts` ADD `search_words` text;
--> statement-breakpoint
DROP TRIGGER `posts_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_update`;
--> statement-breakpoint
DROP TRIGGER `reposts_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `reposts_fts_update`;
--> statement-breakpoint
ALTER TABLE `posts` DROP COLUMN `listed_words`;
--> statement-breakpoint
ALTER TABLE `posts` DROP COLUMN `other_words`;
--> statement-breakpoint
ALTER TABLE `posts` ADD `listed_words` text GENERATED ALWAYS AS (
  CASE WHEN `community_id` IS NULL AND `reposted_from_post_id` IS NULL THEN coalesce(`search_words`, `content`) END
) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `posts` ADD `other_words` text GENERATED ALWAYS AS (
  CASE WHEN `community_id` IS NULL AND `reposted_from_post_id` IS NULL THEN NULL ELSE coalesce(`search_words`, `content`) END
) VIRTUAL;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `listed_words`, `other_words`, `listed_author`) VALUES (NEW.rowid, NEW.`listed_words`, NEW.`other_words`, NEW.`listed_author`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `listed_words`, `other_words`, `listed_author`) VALUES ('delete', OLD.rowid, OLD.`listed_words`, OLD.`other_words`, OLD.`listed_author`);
END;
--> statement-breakpoint
-- As 0024's, and `search_words` (the cron's backfill) changes the words too.
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF `content`, `search_words`, `user_id`, `community_id`, `reposted_from_post_id` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `listed_words`, `other_words`, `listed_author`) VALUES ('delete', OLD.rowid, OLD.`listed_words`, OLD.`other_words`, OLD.`listed_author`);
  INSERT INTO `posts_fts`(rowid, `listed_words`, `other_words`, `listed_author`) VALUES (NEW.rowid, NEW.`listed_words`, NEW.`other_words`, NEW.`listed_author`);
END;
--> statement-breakpoint
CREATE TRIGGER `reposts_fts_insert` AFTER INSERT ON `posts` WHEN NEW.`reposted_from_post_id` IS NOT NULL AND NEW.`community_id` IS NULL BEGIN
  INSERT INTO `reposts_fts`(rowid, `listed_words`, `listed_author`)
    SELECT NEW.rowid, o.`listed_words`, NEW.`user_id` FROM `posts` AS o WHERE o.`id` = NEW.`reposted_from_post_id` AND o.`listed_words` IS NOT NULL;
END;
--> statement-breakpoint
-- As 0025's; an original's `search_words` written by the cron indexes its reposts anew with them.
CREATE TRIGGER `reposts_fts_update` AFTER UPDATE OF `content`, `search_words`, `user_id`, `community_id`, `reposted_from_post_id` ON `posts` BEGIN
  DELETE FROM `reposts_fts` WHERE rowid = OLD.rowid;
  INSERT INTO `reposts_fts`(rowid, `listed_words`, `listed_author`)
    SELECT NEW.rowid, o.`listed_words`, NEW.`user_id` FROM `posts` AS o
    WHERE NEW.`reposted_from_post_id` IS NOT NULL AND NEW.`community_id` IS NULL AND o.`id` = NEW.`reposted_from_post_id` AND o.`listed_words` IS NOT NULL;
  DELETE FROM `reposts_fts` WHERE rowid IN (SELECT r.rowid FROM `posts` AS r INDEXED BY `posts_repost_unique` WHERE r.`reposted_from_post_id` = NEW.`id`);
  INSERT INTO `reposts_fts`(rowid, `listed_words`, `listed_author`)
    SELECT r.rowid, NEW.`listed_words`, r.`user_id` FROM `posts` AS r INDEXED BY `posts_repost_unique`
    WHERE r.`reposted_from_post_id` = NEW.`id` AND r.`community_id` IS NULL AND NEW.`listed_words` IS NOT NULL;
END;
