-- A conversation's last message is its newest by id, the order its thread shows (docs/decisions/071):
-- a message stored after one with a later id (two sent in the same millisecond, or clocks apart) no
-- longer takes its place, and the inbox's time only moves forward.
DROP TRIGGER `messages_insert_inbox`;
--> statement-breakpoint
CREATE TRIGGER `messages_insert_inbox` AFTER INSERT ON `messages` BEGIN
  UPDATE `conversations` SET `last_message_at` = NEW.`created_at`, `last_message_id` = NEW.`id`
  WHERE `id` = NEW.`conversation_id` AND (`last_message_id` IS NULL OR `last_message_id` < NEW.`id`);
  UPDATE `conversation_members` SET `last_at` = max(`last_at`, NEW.`created_at`),
    `unread_count` = `unread_count` + iif(`user_id` <> NEW.`sender_id` AND NEW.`is_read` = 0, 1, 0)
  WHERE `conversation_id` = NEW.`conversation_id`;
END;
--> statement-breakpoint
-- Conversations whose last message was stored out of order before this migration.
UPDATE `conversations` SET
  `last_message_id` = (SELECT max(m.`id`) FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id`),
  `last_message_at` = (SELECT m.`created_at` FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id` ORDER BY m.`id` DESC LIMIT 1)
WHERE `last_message_id` IS NOT NULL
  AND `last_message_id` <> (SELECT max(m.`id`) FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id`);
--> statement-breakpoint
UPDATE `conversation_members` SET `last_at` = (SELECT c.`last_message_at` FROM `conversations` c WHERE c.`id` = `conversation_members`.`conversation_id`)
WHERE `last_at` < (SELECT c.`last_message_at` FROM `conversations` c WHERE c.`id` = `conversation_members`.`conversation_id`);
