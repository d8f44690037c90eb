CREATE TABLE `payment_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`attempt` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
ALTER TABLE `creator_subscriptions` ADD `provider` text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE `creator_subscriptions` ADD `provider_reference` text;--> statement-breakpoint
ALTER TABLE `creator_subscriptions` ADD `last_event` text;--> statement-breakpoint
CREATE INDEX `creator_subscriptions_subscriber_idx` ON `creator_subscriptions` (`subscriber_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `creator_subscriptions_expiry_idx` ON `creator_subscriptions` (`expires_at`) WHERE "creator_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX `creator_subscriptions_provider_idx` ON `creator_subscriptions` (`provider`,`provider_reference`) WHERE "creator_subscriptions"."provider_reference" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `verified_by_subscription` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `subscribers_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `users_creators_idx` ON `users` (`subscribers_count`,`id`) WHERE "users"."offers_subscriptions" = 1 AND "users"."subscription_price_cents" > 0;--> statement-breakpoint
ALTER TABLE `verified_subscriptions` ADD `provider` text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE `verified_subscriptions` ADD `provider_reference` text;--> statement-breakpoint
ALTER TABLE `verified_subscriptions` ADD `last_event` text;--> statement-breakpoint
CREATE INDEX `verified_subscriptions_expiry_idx` ON `verified_subscriptions` (`expires_at`) WHERE "verified_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX `verified_subscriptions_provider_idx` ON `verified_subscriptions` (`provider`,`provider_reference`) WHERE "verified_subscriptions"."provider_reference" IS NOT NULL;--> statement-breakpoint
-- Subscribers per creator (decision 037): creator subscriptions with status active.
CREATE TRIGGER `creator_subscriptions_count_insert` AFTER INSERT ON `creator_subscriptions` WHEN NEW.status = 'active' BEGIN
  UPDATE `users` SET `subscribers_count` = `subscribers_count` + 1 WHERE `id` = NEW.subscribed_to_id;
END;--> statement-breakpoint
CREATE TRIGGER `creator_subscriptions_count_update` AFTER UPDATE OF `status` ON `creator_subscriptions` WHEN OLD.status <> NEW.status BEGIN
  UPDATE `users` SET `subscribers_count` = max(0, `subscribers_count` + iif(NEW.status = 'active', 1, -1)) WHERE `id` = NEW.subscribed_to_id;
END;--> statement-breakpoint
CREATE TRIGGER `creator_subscriptions_count_delete` AFTER DELETE ON `creator_subscriptions` WHEN OLD.status = 'active' BEGIN
  UPDATE `users` SET `subscribers_count` = max(0, `subscribers_count` - 1) WHERE `id` = OLD.subscribed_to_id;
END;--> statement-breakpoint
-- The verified badge of a verified subscription: given while one is active with its period ahead
-- (a granted badge is kept as it is), taken back when it ends (status no longer active); the
-- creator offering it allowed pauses with it (read as offering only while verified).
CREATE TRIGGER `verified_subscriptions_badge_insert` AFTER INSERT ON `verified_subscriptions`
WHEN NEW.status = 'active' AND NEW.expires_at > unixepoch('subsec') * 1000 BEGIN
  UPDATE `users` SET `verified_by_subscription` = iif(`verified_type` IS NULL, 1, `verified_by_subscription`),
    `verified_type` = coalesce(`verified_type`, 'user') WHERE `id` = NEW.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `verified_subscriptions_badge_update` AFTER UPDATE OF `status`, `expires_at` ON `verified_subscriptions`
WHEN NEW.status = 'active' AND NEW.expires_at > unixepoch('subsec') * 1000 BEGIN
  UPDATE `users` SET `verified_by_subscription` = iif(`verified_type` IS NULL, 1, `verified_by_subscription`),
    `verified_type` = coalesce(`verified_type`, 'user') WHERE `id` = NEW.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `verified_subscriptions_badge_end` AFTER UPDATE OF `status` ON `verified_subscriptions`
WHEN NEW.status <> 'active' BEGIN
  UPDATE `users` SET `verified_type` = NULL, `verified_by_subscription` = 0
  WHERE `id` = NEW.user_id AND `verified_by_subscription` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `verified_subscriptions_badge_delete` AFTER DELETE ON `verified_subscriptions` BEGIN
  UPDATE `users` SET `verified_type` = NULL, `verified_by_subscription` = 0
  WHERE `id` = OLD.user_id AND `verified_by_subscription` = 1;
END;--> statement-breakpoint
-- Backfill: counts and badges of rows written before these triggers.
UPDATE `users` SET `subscribers_count` = (SELECT count(*) FROM `creator_subscriptions` WHERE `subscribed_to_id` = `users`.`id` AND `status` = 'active')
WHERE `id` IN (SELECT `subscribed_to_id` FROM `creator_subscriptions`);--> statement-breakpoint
UPDATE `users` SET `verified_by_subscription` = 1, `verified_type` = 'user'
WHERE `verified_type` IS NULL AND `id` IN (SELECT `user_id` FROM `verified_subscriptions` WHERE `status` = 'active' AND `expires_at` > unixepoch('subsec') * 1000);
