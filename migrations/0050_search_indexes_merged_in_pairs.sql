-- Every search index merges its segments two at a time when the cron asks (docs/decisions/113).
-- FTS5 adds a segment with each write and merges its own only four at a level, so under a steady flow
-- of posts a word is looked up in some 15 segments of posts' index (up to 31); Following's search by
-- author asks one term for each followed member in each. 'usermerge' is the fewest segments of a level
-- FTS5's 'merge' command takes (default 4): with 2, the cron's step (`mergeSearchIndexes`,
-- SEARCH_INDEX_MERGE_PAGES a run) leaves about one segment a level, 5 to 7 in all (up to 11). The
-- setting is the 'merge' command's alone: members' writes keep FTS5's own merging ('automerge', 4),
-- though with the levels the steps add, its merges can be larger (decision 113). A migration that
-- makes one of these tables again must set it again: a test checks every FTS5 table of the schema.
INSERT INTO `posts_fts`(`posts_fts`, rank) VALUES ('usermerge', 2);
--> statement-breakpoint
INSERT INTO `reposts_fts`(`reposts_fts`, rank) VALUES ('usermerge', 2);
--> statement-breakpoint
INSERT INTO `names_fts`(`names_fts`, rank) VALUES ('usermerge', 2);
--> statement-breakpoint
INSERT INTO `users_fts`(`users_fts`, rank) VALUES ('usermerge', 2);
--> statement-breakpoint
INSERT INTO `communities_fts`(`communities_fts`, rank) VALUES ('usermerge', 2);
