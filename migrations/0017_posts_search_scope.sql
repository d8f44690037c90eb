-- Posts search knows which list a post belongs to (docs/decisions/039-search-scope-and-home-chunks.md).
-- Explore's search walks posts_fts newest first and keeps the posts outside communities that are not
-- reposts; with that rule outside the index, every match in a busy community was a row read before it
-- could be passed over (1 650 reads for 'coffee' on the bench set, 4–10 ms; a word said only in
-- communities read them all). `search_scope` names the list, and posts_fts indexes it beside the words.
ALTER TABLE `posts` ADD `search_scope` text GENERATED ALWAYS AS (
  CASE WHEN `community_id` IS NOT NULL THEN 'community' WHEN `reposted_from_post_id` IS NOT NULL THEN 'repost' ELSE 'listed' END
) VIRTUAL;
--> statement-breakpoint
DROP TRIGGER `posts_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_update`;
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(`content`, `search_scope`, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `content`, `search_scope`) VALUES (NEW.rowid, NEW.`content`, NEW.`search_scope`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `content`, `search_scope`) VALUES ('delete', OLD.rowid, OLD.`content`, OLD.`search_scope`);
END;
--> statement-breakpoint
-- A post's words may change; its community and what it reposts never do today, but if they did, the
-- index must not keep a scope the next 'delete' would not match.
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF `content`, `community_id`, `reposted_from_post_id` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `content`, `search_scope`) VALUES ('delete', OLD.rowid, OLD.`content`, OLD.`search_scope`);
  INSERT INTO `posts_fts`(rowid, `content`, `search_scope`) VALUES (NEW.rowid, NEW.`content`, NEW.`search_scope`);
END;
