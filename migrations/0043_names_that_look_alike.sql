-- Names that only look like another's are taken (docs/decisions/096).
-- Communities: unique by name_key, which the app writes with the name (communityNameKey: NFKC, no
-- invisible characters, one space, case-folded, Cyrillic and Greek look-alikes made Latin). SQLite cannot
-- compute it, so existing names are not backfilled: a null key stands for lower(name), the key they
-- always had, and they keep it (grandfathered) until their name is edited.
DROP INDEX `communities_name_lower_unique`;--> statement-breakpoint
ALTER TABLE `communities` ADD `name_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `communities_name_key_unique` ON `communities` ((CASE WHEN "name_key" IS NULL THEN lower("name") ELSE "name_key" END));--> statement-breakpoint
-- Usernames: username_key is usernameKey in SQL (case-sensitively I → l and O → 0, then lower-cased,
-- m → rn, w → vv, '_' runs as one), computed by SQLite for every row, existing ones included. Its index
-- is not unique, so this migration cannot fail on the members already here: two existing usernames may
-- share a key (they were told apart by lower(username), which stays the unique index) and both stay.
-- Sign-up refuses a new name whose key is taken (usernameTaken). Such pairs, to look at with their owners:
--   SELECT username_key, group_concat(username) FROM users GROUP BY username_key HAVING count(*) > 1;
ALTER TABLE `users` ADD `username_key` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(lower(replace(replace("username", 'I', 'l'), 'O', '0')), 'm', 'rn'), 'w', 'vv'), '__', '_'), '__', '_'), '__', '_'), '__', '_'), '__', '_')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `users_username_key_idx` ON `users` (`username_key`);
