CREATE TABLE `media_uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`purpose` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`post_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `media_uploads_post_idx` ON `media_uploads` (`post_id`);--> statement-breakpoint
CREATE INDEX `media_uploads_unclaimed_idx` ON `media_uploads` (`purpose`,`created_at`) WHERE "media_uploads"."post_id" IS NULL;