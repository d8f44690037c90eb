-- Names that only look like another's are taken (docs/decisions/096).
-- Communities: unique by name_key, which the app writes with the name (communityNameKey: NFKC, no
-- invisible characters, one space, case-folded, Cyrillic and Greek look-alikes made Latin). SQLite cannot
-- compute it, so existing names are not backfilled: a null key stands for lower(name), the key they
-- always had, and they keep it (grandfathered) until their name is edited.
DROP INDEX `communities_name_lower_unique`;--> statement-breakpoint
ALTER TABLE `communities` ADD `name_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `communities_name_key_unique` ON `communities` ((CASE WHEN "name_key" IS NULL THEN lower("name") ELSE "name_key" END));--> statement-breakpoint
-- Usernames: unique by username_key, usernameKey in SQL (lower-cased, 1 i → l, 0 → o, m → rn, w → vv,
-- d → cl, '_' runs as one), computed by SQLite for every row, existing ones included. Should two existing
-- usernames share a key, creating the index fails and this migration changes nothing: nobody's username
-- is changed behind their back. Find them with
--   SELECT username_key, group_concat(username) FROM users GROUP BY username_key HAVING count(*) > 1;
-- and decide with their owners. The seed and the bench's generated members have none (decision 096).
ALTER TABLE `users` ADD `username_key` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower("username"), '1', 'l'), 'i', 'l'), '0', 'o'), 'm', 'rn'), 'w', 'vv'), 'd', 'cl'), '__', '_'), '__', '_'), '__', '_'), '__', '_'), '__', '_')) VIRTUAL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);
