-- Bookmarks page (issue 11, decision 029): a member's bookmarks newest first, keyset-paged by
-- (created_at, post_id); the post id completes the index, so a page is one range of it, in order.
DROP INDEX `post_bookmarks_user_idx`;--> statement-breakpoint
CREATE INDEX `post_bookmarks_user_idx` ON `post_bookmarks` (`user_id`,`created_at`,`post_id`);
