DROP INDEX `creator_subscriptions_pair_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `creator_subscriptions_pair_unique` ON `creator_subscriptions` (`subscriber_id`,`subscribed_to_id`);--> statement-breakpoint
DROP INDEX `verified_subscriptions_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `verified_subscriptions_user_unique` ON `verified_subscriptions` (`user_id`);