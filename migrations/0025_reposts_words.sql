-- A repost's original's words, in an index of reposts (docs/decisions/063). Home's search lists the
-- reposts whose original it finds; it found them by walking the reposts written since its page's
-- oldest post and testing each one's original against the words (decision 061): 2.1 ms of For you's
-- 'coffee' in workerd, more than any other part of it. `reposts_fts` holds, for each repost outside
-- communities whose original lists show, that original's words under the same column name as
-- posts_fts's (`listed_words`), and the reposter's id as `listed_author`: the same FTS5 query finds
-- the originals in posts_fts and their reposts here, newest first by rowid, as Explore reads posts.
-- Contentless (the words are the original's, not the repost's own row), with `contentless_delete` so
-- a repost taken back, or deleted with its original (the foreign key's cascade fires the trigger), is
-- deleted by rowid alone. A post's text, author, community and original never change today; if they
-- did, `reposts_fts_update` indexes the changed post as a repost and its reposts anew.
CREATE VIRTUAL TABLE `reposts_fts` USING fts5(`listed_words`, `listed_author`, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2 categories ''L* N*''');
--> statement-breakpoint
INSERT INTO `reposts_fts`(rowid, `listed_words`, `listed_author`)
  SELECT r.rowid, o.`listed_words`, r.`user_id` FROM `posts` AS r INDEXED BY `posts_reposts_idx` CROSS JOIN `posts` AS o ON o.`id` = r.`reposted_from_post_id`
  WHERE r.`reposted_from_post_id` IS NOT NULL AND r.`community_id` IS NULL AND o.`listed_words` IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `reposts_fts_insert` AFTER INSERT ON `posts` WHEN NEW.`reposted_from_post_id` IS NOT NULL AND NEW.`community_id` IS NULL BEGIN
  INSERT INTO `reposts_fts`(rowid, `listed_words`, `listed_author`)
    SELECT NEW.rowid, o.`listed_words`, NEW.`user_id` FROM `posts` AS o WHERE o.`id` = NEW.`reposted_from_post_id` AND o.`listed_words` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `reposts_fts_delete` AFTER DELETE ON `posts` WHEN OLD.`reposted_from_post_id` IS NOT NULL AND OLD.`community_id` IS NULL BEGIN
  DELETE FROM `reposts_fts` WHERE rowid = OLD.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `reposts_fts_update` AFTER UPDATE OF `content`, `user_id`, `community_id`, `reposted_from_post_id` ON `posts` BEGIN
  DELETE FROM `reposts_fts` WHERE rowid = OLD.rowid;
  INSERT INTO `reposts_fts`(rowid, `listed_words`, `listed_author`)
    SELECT NEW.rowid, o.`listed_words`, NEW.`user_id` FROM `posts` AS o
    WHERE NEW.`reposted_from_post_id` IS NOT NULL AND NEW.`community_id` IS NULL AND o.`id` = NEW.`reposted_from_post_id` AND o.`listed_words` IS NOT NULL;
  DELETE FROM `reposts_fts` WHERE rowid IN (SELECT r.rowid FROM `posts` AS r INDEXED BY `posts_repost_unique` WHERE r.`reposted_from_post_id` = NEW.`id`);
  INSERT INTO `reposts_fts`(rowid, `listed_words`, `listed_author`)
    SELECT r.rowid, NEW.`listed_words`, r.`user_id` FROM `posts` AS r INDEXED BY `posts_repost_unique`
    WHERE r.`reposted_from_post_id` = NEW.`id` AND r.`community_id` IS NULL AND NEW.`listed_words` IS NOT NULL;
END;
