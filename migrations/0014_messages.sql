CREATE TABLE `conversation_members` (
	`user_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`other_id` text NOT NULL,
	`last_at` integer NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `conversation_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_members_list_idx` ON `conversation_members` (`user_id`,`last_at`,`conversation_id`);--> statement-breakpoint
CREATE INDEX `conversation_members_unread_idx` ON `conversation_members` (`user_id`) WHERE "conversation_members"."unread_count" > 0;--> statement-breakpoint
ALTER TABLE `conversations` ADD `last_message_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_unique` ON `messages` (`sender_id`,`client_id`);--> statement-breakpoint
-- Each participant's inbox row, made with the conversation (docs/decisions/036).
CREATE TRIGGER `conversation_members_insert` AFTER INSERT ON `conversations` BEGIN
  INSERT INTO `conversation_members` (`user_id`, `conversation_id`, `other_id`, `last_at`)
  VALUES (NEW.`participant_1_id`, NEW.`id`, NEW.`participant_2_id`, coalesce(NEW.`last_message_at`, NEW.`created_at`)),
         (NEW.`participant_2_id`, NEW.`id`, NEW.`participant_1_id`, coalesce(NEW.`last_message_at`, NEW.`created_at`));
END;
--> statement-breakpoint
-- A new message moves the conversation to the top of both lists and is unread for the other member.
CREATE TRIGGER `messages_insert_inbox` AFTER INSERT ON `messages` BEGIN
  UPDATE `conversations` SET `last_message_at` = NEW.`created_at`, `last_message_id` = NEW.`id` WHERE `id` = NEW.`conversation_id`;
  UPDATE `conversation_members` SET `last_at` = NEW.`created_at`,
    `unread_count` = `unread_count` + iif(`user_id` <> NEW.`sender_id` AND NEW.`is_read` = 0, 1, 0)
  WHERE `conversation_id` = NEW.`conversation_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_read_inbox` AFTER UPDATE OF `is_read` ON `messages` WHEN OLD.`is_read` = 0 AND NEW.`is_read` = 1 BEGIN
  UPDATE `conversation_members` SET `unread_count` = MAX(`unread_count` - 1, 0)
  WHERE `conversation_id` = NEW.`conversation_id` AND `user_id` <> NEW.`sender_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_delete_inbox` AFTER DELETE ON `messages` WHEN OLD.`is_read` = 0 BEGIN
  UPDATE `conversation_members` SET `unread_count` = MAX(`unread_count` - 1, 0)
  WHERE `conversation_id` = OLD.`conversation_id` AND `user_id` <> OLD.`sender_id`;
END;
--> statement-breakpoint
-- Conversations made before this migration.
UPDATE `conversations` SET `last_message_id` = (SELECT max(`id`) FROM `messages` WHERE `messages`.`conversation_id` = `conversations`.`id`);
--> statement-breakpoint
INSERT INTO `conversation_members` (`user_id`, `conversation_id`, `other_id`, `last_at`, `unread_count`)
SELECT c.`participant_1_id`, c.`id`, c.`participant_2_id`, coalesce(c.`last_message_at`, c.`created_at`),
  (SELECT count(*) FROM `messages` m WHERE m.`conversation_id` = c.`id` AND m.`sender_id` <> c.`participant_1_id` AND m.`is_read` = 0)
FROM `conversations` c
UNION ALL
SELECT c.`participant_2_id`, c.`id`, c.`participant_1_id`, coalesce(c.`last_message_at`, c.`created_at`),
  (SELECT count(*) FROM `messages` m WHERE m.`conversation_id` = c.`id` AND m.`sender_id` <> c.`participant_2_id` AND m.`is_read` = 0)
FROM `conversations` c;
