-- Member-first indexes for likes and reposts (docs/decisions/050-member-first-flags.md): a card's flag
-- finds the viewer's row among the viewer's own, a few pages for a page of cards for most members;
-- (user_id, created_at) served nothing but the cascade from users, which the new key serves as well.
DROP INDEX `post_likes_user_idx`;--> statement-breakpoint
CREATE INDEX `post_likes_user_idx` ON `post_likes` (`user_id`,`post_id`);--> statement-breakpoint
DROP INDEX `post_reposts_user_idx`;--> statement-breakpoint
CREATE INDEX `post_reposts_user_idx` ON `post_reposts` (`user_id`,`post_id`);