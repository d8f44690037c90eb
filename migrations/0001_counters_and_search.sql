-- Counters kept by triggers in the same transaction as the row change; a decrement never goes below 0.
-- Generated shape: one AFTER INSERT (+1) and one AFTER DELETE (clamped -1) per counted relation.

CREATE TRIGGER `post_likes_count_insert` AFTER INSERT ON `post_likes` BEGIN
  UPDATE `posts` SET `likes_count` = `likes_count` + 1 WHERE `id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_likes_count_delete` AFTER DELETE ON `post_likes` BEGIN
  UPDATE `posts` SET `likes_count` = MAX(`likes_count` - 1, 0) WHERE `id` = OLD.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_reposts_count_insert` AFTER INSERT ON `post_reposts` BEGIN
  UPDATE `posts` SET `reposts_count` = `reposts_count` + 1 WHERE `id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_reposts_count_delete` AFTER DELETE ON `post_reposts` BEGIN
  UPDATE `posts` SET `reposts_count` = MAX(`reposts_count` - 1, 0) WHERE `id` = OLD.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_shares_count_insert` AFTER INSERT ON `post_shares` BEGIN
  UPDATE `posts` SET `shares_count` = `shares_count` + 1 WHERE `id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_shares_count_delete` AFTER DELETE ON `post_shares` BEGIN
  UPDATE `posts` SET `shares_count` = MAX(`shares_count` - 1, 0) WHERE `id` = OLD.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_insert` AFTER INSERT ON `comments` BEGIN
  UPDATE `posts` SET `comments_count` = `comments_count` + 1 WHERE `id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_delete` AFTER DELETE ON `comments` BEGIN
  UPDATE `posts` SET `comments_count` = MAX(`comments_count` - 1, 0) WHERE `id` = OLD.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comment_likes_count_insert` AFTER INSERT ON `comment_likes` BEGIN
  UPDATE `comments` SET `likes_count` = `likes_count` + 1 WHERE `id` = NEW.`comment_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comment_likes_count_delete` AFTER DELETE ON `comment_likes` BEGIN
  UPDATE `comments` SET `likes_count` = MAX(`likes_count` - 1, 0) WHERE `id` = OLD.`comment_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `follows_followers_count_insert` AFTER INSERT ON `follows` BEGIN
  UPDATE `users` SET `followers_count` = `followers_count` + 1 WHERE `id` = NEW.`following_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `follows_followers_count_delete` AFTER DELETE ON `follows` BEGIN
  UPDATE `users` SET `followers_count` = MAX(`followers_count` - 1, 0) WHERE `id` = OLD.`following_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `follows_following_count_insert` AFTER INSERT ON `follows` BEGIN
  UPDATE `users` SET `following_count` = `following_count` + 1 WHERE `id` = NEW.`follower_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `follows_following_count_delete` AFTER DELETE ON `follows` BEGIN
  UPDATE `users` SET `following_count` = MAX(`following_count` - 1, 0) WHERE `id` = OLD.`follower_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `community_members_count_insert` AFTER INSERT ON `community_members` BEGIN
  UPDATE `communities` SET `member_count` = `member_count` + 1 WHERE `id` = NEW.`community_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `community_members_count_delete` AFTER DELETE ON `community_members` BEGIN
  UPDATE `communities` SET `member_count` = MAX(`member_count` - 1, 0) WHERE `id` = OLD.`community_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_author_count_insert` AFTER INSERT ON `posts` WHEN NEW.reposted_from_post_id IS NULL BEGIN
  UPDATE `users` SET `posts_count` = `posts_count` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_author_count_delete` AFTER DELETE ON `posts` WHEN OLD.reposted_from_post_id IS NULL BEGIN
  UPDATE `users` SET `posts_count` = MAX(`posts_count` - 1, 0) WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
-- A recorded view adds its weight to the post's views_count (user_activity holds one row per viewer, post and day).
CREATE TRIGGER `user_activity_views_insert` AFTER INSERT ON `user_activity` WHEN NEW.`action_type` = 'view' BEGIN
  UPDATE `posts` SET `views_count` = `views_count` + 1 WHERE `id` = NEW.`post_id`;
END;
--> statement-breakpoint
-- Full-text search over posts and members (external-content FTS5 tables kept by triggers).
CREATE VIRTUAL TABLE `posts_fts` USING fts5(`content`, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `content`) VALUES (NEW.rowid, NEW.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `content`) VALUES ('delete', OLD.rowid, OLD.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF `content` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `content`) VALUES ('delete', OLD.rowid, OLD.`content`);
  INSERT INTO `posts_fts`(rowid, `content`) VALUES (NEW.rowid, NEW.`content`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `users_fts` USING fts5(`username`, `display_name`, `bio`, content='users', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `users_fts_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_fts`(rowid, `username`, `display_name`, `bio`) VALUES (NEW.rowid, NEW.`username`, NEW.`display_name`, NEW.`bio`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_fts`(`users_fts`, rowid, `username`, `display_name`, `bio`) VALUES ('delete', OLD.rowid, OLD.`username`, OLD.`display_name`, OLD.`bio`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_update` AFTER UPDATE OF `username`, `display_name`, `bio` ON `users` BEGIN
  INSERT INTO `users_fts`(`users_fts`, rowid, `username`, `display_name`, `bio`) VALUES ('delete', OLD.rowid, OLD.`username`, OLD.`display_name`, OLD.`bio`);
  INSERT INTO `users_fts`(rowid, `username`, `display_name`, `bio`) VALUES (NEW.rowid, NEW.`username`, NEW.`display_name`, NEW.`bio`);
END;
