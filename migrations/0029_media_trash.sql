CREATE TABLE `media_trash` (
	`key` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
-- Every deleted upload's key waits here until its R2 object is deleted (docs/decisions/072), whatever
-- deleted the record: a post, a community, an account's cascade, the cron.
CREATE TRIGGER `media_uploads_delete_trash` AFTER DELETE ON `media_uploads` BEGIN
  INSERT OR IGNORE INTO `media_trash` (`key`) VALUES (OLD.`key`);
END;
