CREATE INDEX `notifications_group_head_idx` ON `notifications` (`user_id`,`type`,`related_post_id`,`is_head`) WHERE "notifications"."type" IN ('like', 'repost');
