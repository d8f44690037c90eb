DROP INDEX `notifications_post_idx`;--> statement-breakpoint
CREATE INDEX `notifications_post_type_idx` ON `notifications` (`related_post_id`,`type`);