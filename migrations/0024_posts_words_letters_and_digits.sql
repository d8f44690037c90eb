-- posts_fts's words are letters and digits only (docs/decisions/062): unicode61 also counts
-- private-use characters (category Co) as part of a word by default, while a hashtag ends at them
-- (app/lib/text.ts). So '#apple' followed by U+F8FF (Apple's logo) was the hashtag 'apple' but the
-- word 'apple' + U+F8FF, which a search for the whole word 'apple' missed (only its beginning found
-- it). A search's words are letters, marks, digits and underscores (searchTermsOf), never a
-- private-use character; now such characters part words, and a one-word search finds every post with
-- its hashtag (`searchedTag`). The index is rebuilt as 0023's was; its columns and triggers are unchanged.
DROP TRIGGER `posts_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_update`;
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(`listed_words`, `other_words`, `listed_author`, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2 categories ''L* N*''');
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
-- As 0020's and 0023's: a post's words may change; its author, community and what it reposts never do
-- today, but if they did, the index must not keep a column the next 'delete' would not match.
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF `content`, `user_id`, `community_id`, `reposted_from_post_id` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `listed_words`, `other_words`, `listed_author`) VALUES ('delete', OLD.rowid, OLD.`listed_words`, OLD.`other_words`, OLD.`listed_author`);
  INSERT INTO `posts_fts`(rowid, `listed_words`, `other_words`, `listed_author`) VALUES (NEW.rowid, NEW.`listed_words`, NEW.`other_words`, NEW.`listed_author`);
END;
