CREATE TABLE `popular_posts` (
	`category` text NOT NULL,
	`position` integer NOT NULL,
	`post_id` text NOT NULL,
	PRIMARY KEY(`category`, `position`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `popular_posts_post_idx` ON `popular_posts` (`post_id`);