-- Reports reach the team (decision 084; migration 0036). A report keeps a snapshot of what was reported, so it outlives
-- the post (`post_id` is set null; before, deleting the post or the author's account deleted every
-- report of it) and its author's account; it is mailed to the team once (`mail_claimed_at`,
-- `mailed_at`, as messages to support are: 0034). SQLite cannot change a foreign key in place, so the
-- table is made again. No table refers to `reports`, so nothing else is touched and foreign keys stay on.
CREATE TABLE `__new_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text,
	`reported_by` text,
	`reason` text NOT NULL,
	`additional_info` text,
	`status` text DEFAULT 'open' NOT NULL,
	`reported_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`reported_post_id` text NOT NULL,
	`post_content` text NOT NULL,
	`post_author_id` text NOT NULL,
	`post_author_username` text NOT NULL,
	`post_community_id` text,
	`post_media_keys` text NOT NULL,
	`reporter_username` text,
	`mailed_at` integer,
	`mail_claimed_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- The reports filed so far, with the snapshot of their posts as they are now (every one still has its
-- post: they went with it). None was ever mailed: the cron mails them to the team.
INSERT INTO `__new_reports`("id", "post_id", "reported_by", "reason", "additional_info", "status", "reported_at", "reported_post_id", "post_content", "post_author_id", "post_author_username", "post_community_id", "post_media_keys", "reporter_username")
SELECT `r`.`id`, `r`.`post_id`, `r`.`reported_by`, `r`.`reason`, `r`.`additional_info`, `r`.`status`, `r`.`reported_at`, `r`.`post_id`,
  `p`.`content`, `p`.`user_id`, `a`.`username`, `p`.`community_id`,
  (SELECT json_group_array(`key`) FROM (SELECT `m`.`key` FROM `media_uploads` AS `m` WHERE `m`.`post_id` = `p`.`id` ORDER BY `m`.`created_at`, `m`.`key`)),
  `rb`.`username`
FROM `reports` AS `r`
JOIN `posts` AS `p` ON `p`.`id` = `r`.`post_id`
JOIN `users` AS `a` ON `a`.`id` = `p`.`user_id`
LEFT JOIN `users` AS `rb` ON `rb`.`id` = `r`.`reported_by`;
--> statement-breakpoint
DROP TABLE `reports`;--> statement-breakpoint
ALTER TABLE `__new_reports` RENAME TO `reports`;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_one_open_per_member` ON `reports` (`post_id`,`reported_by`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_status_idx` ON `reports` (`status`,`reported_at`);--> statement-breakpoint
CREATE INDEX `reports_unmailed_idx` ON `reports` (`id`) WHERE "reports"."mailed_at" IS NULL;--> statement-breakpoint
-- A reporter who deletes their account leaves their reports anonymous: the foreign key clears
-- `reported_by` (an update, which fires this) and the username they were filed under goes with it.
CREATE TRIGGER `reports_reporter_gone` AFTER UPDATE OF `reported_by` ON `reports`
WHEN NEW.`reported_by` IS NULL BEGIN
  UPDATE `reports` SET `reporter_username` = NULL WHERE `id` = NEW.`id`;
END;
