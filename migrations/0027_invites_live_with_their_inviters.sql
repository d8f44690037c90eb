-- An invite admits people only while its inviter may invite (decision 070): the community's creator or
-- an admin (spec document 2 §5). Before, an admin's invites went on admitting people to a private
-- community after the admin was made a member again or left, and only the inviter may delete an invite,
-- so the creator could not stop them short of deleting the community. Now a member's invites go when
-- their role falls below admin or their membership ends (a leave, or their account deleted: the
-- cascade fires this trigger too), in the same transaction as that change.
CREATE TRIGGER `community_members_invites_role` AFTER UPDATE OF `role` ON `community_members`
WHEN NEW.`role` NOT IN ('creator', 'admin') BEGIN
  DELETE FROM `community_invites` WHERE `community_id` = NEW.`community_id` AND `inviter_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `community_members_invites_leave` AFTER DELETE ON `community_members` BEGIN
  DELETE FROM `community_invites` WHERE `community_id` = OLD.`community_id` AND `inviter_id` = OLD.`user_id`;
END;
--> statement-breakpoint
-- The invites already left behind by such a change.
DELETE FROM `community_invites` WHERE NOT EXISTS (SELECT 1 FROM `community_members` AS `m`
  WHERE `m`.`community_id` = `community_invites`.`community_id` AND `m`.`user_id` = `community_invites`.`inviter_id` AND `m`.`role` IN ('creator', 'admin'));
