import { sql } from "drizzle-orm";
import { SEARCH_INDEX_MERGE_PAGES, SEARCH_INDEX_MERGE_PAGES_MAX } from "~/lib/constants";
import type { Db } from "./db/client";

/**
 * Keeping the search indexes in few segments (docs/decisions/113). FTS5 adds a segment with each
 * write and merges its own four at a level, and a search looks every word up in every segment: the
 * large ones cost a page for each term, and Following's search by author asks one term for each
 * followed member.
 */

/** Murmur's FTS5 indexes (migrations 0001, 0013, 0021, 0024, 0025); each merges two segments at a time when asked (0050). */
export const SEARCH_INDEXES = ["posts_fts", "reposts_fts", "names_fts", "users_fts", "communities_fts"] as const;
export type SearchIndex = (typeof SEARCH_INDEXES)[number];

/**
 * A step of each search index's merging, at most about `pages` pages written for each (FTS5 finishes
 * a word's list before it stops, so a common word may go over): FTS5's 'merge' with a positive count.
 * It goes on with the merge in progress, else merges the level with the most segments if it has at
 * least two (usermerge, migration 0050); with neither it writes nothing, but for reposts_fts
 * (contentless_delete), where a level of which a tenth of the rows are deleted is merged to drop them,
 * as members' writes do too. Never a negative count, an optimize: it starts over after any write and
 * adds a level each time (decision 112).
 *
 * One statement an index, each its own job of the cron (maintenance.ts), not one batch: nothing needs
 * them together, a batch is one transaction that would hold D1 for all five at once, and one index
 * that fails must not keep the others from their step.
 */
export function mergeSearchIndex(db: Db, index: SearchIndex, pages = SEARCH_INDEX_MERGE_PAGES) {
  const budget = Number.isFinite(pages) ? Math.min(SEARCH_INDEX_MERGE_PAGES_MAX, Math.max(1, Math.trunc(pages))) : SEARCH_INDEX_MERGE_PAGES;
  return db.run(sql`INSERT INTO ${sql.identifier(index)} (${sql.identifier(index)}, rank) VALUES ('merge', ${budget})`);
}

/** A step of every search index's merging, one after another (`mergeSearchIndex`). */
export async function mergeSearchIndexes(db: Db, pages = SEARCH_INDEX_MERGE_PAGES): Promise<void> {
  for (const index of SEARCH_INDEXES) await mergeSearchIndex(db, index, pages);
}
