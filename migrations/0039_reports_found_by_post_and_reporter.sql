CREATE INDEX `reports_post_idx` ON `reports` (`post_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reported_by`);