ALTER TABLE `member_settings` ADD `email_digest_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `member_settings_digest_idx` ON `member_settings` (`email_digest_through`) WHERE "member_settings"."email_notifications" = 1;--> statement-breakpoint
ALTER TABLE `users` ADD `last_active_at` integer;