-- A member's posts that have been reposted, for Home's search by a name (decision 112).
CREATE INDEX `posts_reposted_user_idx` ON `posts` (`user_id`,`id`) WHERE "posts"."reposts_count" > 0;