import { SEARCH_INDEX_MERGE_PAGES } from "~/lib/constants";
import type { Db } from "./db/client";

/**
 * Keeping the search indexes in few segments (docs/decisions/113). FTS5 adds a segment with each
 * write and merges its own four at a level, and a search looks every word up in every segment: under a
 * steady flow of posts, posts' index drifts to 13–20 segments, and Following's search by author asks
 * one term for each followed member in each of them.
 */

/** Murmur's FTS5 indexes (migrations 0001, 0013, 0021, 0024, 0025); each merges two segments at a time when asked (0050). */
export const SEARCH_INDEXES = ["posts_fts", "reposts_fts", "names_fts", "users_fts", "communities_fts"] as const;

/**
 * A step of each search index's merging, at most about `pages` pages written for each (FTS5 stops
 * between words, so a common word's list may go over): FTS5's 'merge' with a positive count, which
 * goes on with the merge in progress, else merges the level with the most segments if it has at least
 * two (usermerge, migration 0050), and writes nothing when no level has. Never a negative count (an
 * optimize): that starts over after any write and adds a level each time (decision 112).
 */
export async function mergeSearchIndexes(db: Db, pages = SEARCH_INDEX_MERGE_PAGES): Promise<void> {
  const budget = Math.max(1, Math.trunc(pages));
  await db.$client.batch(SEARCH_INDEXES.map((index) => db.$client.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('merge', ?)`).bind(budget)));
}
