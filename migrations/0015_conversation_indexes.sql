-- IF (NOT) EXISTS: a local database that had this change's first draft of 0015 (one of these indexes) applies it too.
DROP INDEX IF EXISTS `conversations_p1_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `conversations_p2_idx`;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `conversations_participant_2_idx` ON `conversations` (`participant_2_id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `conversation_members_conversation_idx` ON `conversation_members` (`conversation_id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `conversation_members_other_idx` ON `conversation_members` (`other_id`);