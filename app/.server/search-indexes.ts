import { sql } from "drizzle-orm";
import { SEARCH_INDEX_MERGE_PAGES, SEARCH_INDEX_MERGE_PAGES_MAX } from "~/lib/constants";
import type { Db } from "./db/client";
import { batchable } from "./db/drizzle-internals";

/**
 * Keeping the search indexes in few segments (docs/decisions/113). FTS5 adds a segment with each
 * write and merges its own four at a level, and a search looks every word up in every segment: the
 * large ones cost a page for each term, and Following's search by author asks one term for each
 * followed member.
 */

/** Murmur's FTS5 indexes (migrations 0001, 0013, 0021, 0024, 0025); each merges two segments at a time when asked (0050). */
export const SEARCH_INDEXES = ["posts_fts", "reposts_fts", "names_fts", "users_fts", "communities_fts"] as const;

/**
 * A step of each search index's merging, at most about `pages` pages written for each (FTS5 stops
 * between words, so a common word's list may go over), in one batch: FTS5's 'merge' with a positive
 * count. It goes on with the merge in progress, else merges the level with the most segments if it
 * has at least two (usermerge, migration 0050); with neither it writes nothing, but for reposts_fts
 * (contentless_delete), where a level of which a tenth of the rows are deleted is merged to drop them,
 * as members' writes do too. Never a negative count, an optimize: it starts over after any write and
 * adds a level each time (decision 112).
 */
export async function mergeSearchIndexes(db: Db, pages = SEARCH_INDEX_MERGE_PAGES): Promise<void> {
  const budget = Math.min(SEARCH_INDEX_MERGE_PAGES_MAX, Math.max(1, Math.trunc(pages)));
  const [first, ...rest] = SEARCH_INDEXES.map((index) =>
    batchable(db.$client, db.run(sql`INSERT INTO ${sql.identifier(index)} (${sql.identifier(index)}, rank) VALUES ('merge', ${budget})`)),
  );
  await db.batch([first!, ...rest]);
}
