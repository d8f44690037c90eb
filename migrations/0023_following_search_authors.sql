-- Following's search finds a few followed members' posts with the words in posts_fts itself
-- (docs/decisions/061-search-by-author-and-what-fts5-costs.md). `listed_author` holds the author's id
-- of a post that lists show (as `listed_words` holds its words), so FTS5 answers "these words, by one
-- of these members" by stepping through both lists at once: 1.2 ms for 'coffee' by the 5 members a
-- light member follows, where testing their 301 posts one by one took 7 ms and the newest 10 000
-- matches read into a set 4 ms. A virtual generated column, not declared in drizzle's schema (as
-- 0020's are not).
DROP TRIGGER `posts_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_update`;
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
ALTER TABLE `posts` ADD `listed_author` text GENERATED ALWAYS AS (
  CASE WHEN `community_id` IS NULL AND `reposted_from_post_id` IS NULL THEN `user_id` END
) VIRTUAL;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(`listed_words`, `other_words`, `listed_author`, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `listed_words`, `other_words`, `listed_author`) VALUES (NEW.rowid, NEW.`listed_words`, NEW.`other_words`, NEW.`listed_author`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `listed_words`, `other_words`, `listed_author`) VALUES ('delete', OLD.rowid, OLD.`listed_words`, OLD.`other_words`, OLD.`listed_author`);
END;
--> statement-breakpoint
-- As 0020's: a post's words may change; its author, community and what it reposts never do today, but
-- if they did, the index must not keep a column the next 'delete' would not match.
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF `content`, `user_id`, `community_id`, `reposted_from_post_id` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `listed_words`, `other_words`, `listed_author`) VALUES ('delete', OLD.rowid, OLD.`listed_words`, OLD.`other_words`, OLD.`listed_author`);
  INSERT INTO `posts_fts`(rowid, `listed_words`, `other_words`, `listed_author`) VALUES (NEW.rowid, NEW.`listed_words`, NEW.`other_words`, NEW.`listed_author`);
END;
