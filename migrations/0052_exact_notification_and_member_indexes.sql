DROP INDEX `notifications_unread_idx`;--> statement-breakpoint
DROP INDEX `notifications_group_head_idx`;--> statement-breakpoint
DROP INDEX `notifications_actor_idx`;--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`is_read`,`is_head`);--> statement-breakpoint
CREATE INDEX `notifications_group_head_idx` ON `notifications` (`user_id`,`type`,`related_post_id`,`is_head`,`is_read`) WHERE "notifications"."type" IN ('like', 'repost');--> statement-breakpoint
CREATE INDEX `notifications_actor_idx` ON `notifications` (`related_user_id`,`user_id`,`type`,`related_post_id`);--> statement-breakpoint
CREATE INDEX `community_invites_inviter_idx` ON `community_invites` (`inviter_id`,`community_id`);--> statement-breakpoint
CREATE INDEX `media_uploads_user_idx` ON `media_uploads` (`user_id`);--> statement-breakpoint
CREATE INDEX `post_shares_user_idx` ON `post_shares` (`user_id`);