-- A member's uploads by time too: the daily allowance for post media sums the last day's (decision 122).
DROP INDEX `media_uploads_user_idx`;--> statement-breakpoint
CREATE INDEX `media_uploads_user_idx` ON `media_uploads` (`user_id`,`created_at`);