-- A member's posts that have been reposted (decision 112): Home's search reads the reposts of a few named
-- members' posts from these, not by looking up each of their posts in posts_repost_unique. reposts_count counts
-- the post_reposts rows, written and deleted with each repost (triggers of 0001), so every post with a repost is here.
CREATE INDEX `posts_reposted_user_idx` ON `posts` (`user_id`,`id`) WHERE "posts"."reposts_count" > 0;