-- Posts search: a post's words go in the column of its list (docs/decisions/058-posts-words-by-list.md).
-- 0017 put the list beside the words as a token (`search_scope: listed AND {content}: …`). Explore
-- walks the matches newest first, and read that way the AND cost as if it stepped through every
-- listed post newer than a rare word's oldest match: 2.8 ms in workerd at a million posts (0.22 ms
-- oldest first). A column filter reads only the word's own entries. `listed_words` holds the words
-- of posts that lists show (outside communities, not reposts); `other_words` holds the rest. Both are
-- virtual generated columns, and drizzle's schema does not name them (a comment at `posts` says so).
DROP TRIGGER `posts_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_update`;
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
ALTER TABLE `posts` DROP COLUMN `search_scope`;
--> statement-breakpoint
ALTER TABLE `posts` ADD `listed_words` text GENERATED ALWAYS AS (
  CASE WHEN `community_id` IS NULL AND `reposted_from_post_id` IS NULL THEN `content` END
) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `posts` ADD `other_words` text GENERATED ALWAYS AS (
  CASE WHEN `community_id` IS NULL AND `reposted_from_post_id` IS NULL THEN NULL ELSE `content` END
) VIRTUAL;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(`listed_words`, `other_words`, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `listed_words`, `other_words`) VALUES (NEW.rowid, NEW.`listed_words`, NEW.`other_words`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `listed_words`, `other_words`) VALUES ('delete', OLD.rowid, OLD.`listed_words`, OLD.`other_words`);
END;
--> statement-breakpoint
-- A post's words may change; its community and what it reposts never do today, but if they did, the
-- index must not keep a column the next 'delete' would not match.
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF `content`, `community_id`, `reposted_from_post_id` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `listed_words`, `other_words`) VALUES ('delete', OLD.rowid, OLD.`listed_words`, OLD.`other_words`);
  INSERT INTO `posts_fts`(rowid, `listed_words`, `other_words`) VALUES (NEW.rowid, NEW.`listed_words`, NEW.`other_words`);
END;
