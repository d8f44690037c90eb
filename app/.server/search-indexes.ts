import { SEARCH_INDEX_MERGE_PAGES } from "~/lib/constants";
import type { Db } from "./db/client";

/**
 * Keeping the search indexes in few segments (docs/decisions/112). Each write to an FTS5 index adds a
 * small segment, FTS5 merges them only four at a level, and a search looks every word up in every
 * segment: on the benchmark's set, posts' index was in ten, and a Following search read a third fewer
 * pages once it was in one.
 */

/** Murmur's FTS5 indexes (migrations 0001, 0013, 0021, 0024, 0025). */
export const SEARCH_INDEXES = ["posts_fts", "reposts_fts", "names_fts", "users_fts", "communities_fts"] as const;

/** A level of an FTS5 index's structure: its segments, and how many of them a merge in progress takes. */
export type IndexLevel = { segments: number; merging: number };

/** The row of an FTS5 index's `_data` table that holds its structure (FTS5_STRUCTURE_ROWID). */
const STRUCTURE_ROWID = 10;

/** The marker of a structure record in FTS5's second format, after the 4-byte cookie (FTS5_STRUCTURE_V2). */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01];

/**
 * The levels of an FTS5 structure record (fts5StructureDecode in SQLite's fts5_index.c): a 4-byte
 * cookie, the V2 marker or not, then varints: levels, segments, the write counter; per level the
 * segments a merge takes and the segments; per segment its id and first and last page (V2: two origins,
 * tombstone pages and entries, entries). Varints are SQLite's: 7 bits a byte, high bit set while more
 * follow, the ninth byte whole. Null when the record does not read as one.
 */
export function indexLevelsOf(record: Uint8Array): IndexLevel[] | null {
  let at = 4;
  const v2 = STRUCTURE_V2.every((byte, i) => record[at + i] === byte);
  if (v2) at += STRUCTURE_V2.length;
  const varint = () => {
    let value = 0;
    for (let i = 0; i < 9; i++) {
      if (at >= record.length) throw new RangeError("structure record ends early");
      const byte = record[at++]!;
      if (i === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    return value;
  };
  try {
    const levelCount = varint();
    varint(); // segments in all
    varint(); // the write counter
    const levels: IndexLevel[] = [];
    for (let level = 0; level < levelCount; level++) {
      const merging = varint();
      const segments = varint();
      for (let segment = 0; segment < segments * (v2 ? 8 : 3); segment++) varint();
      levels.push({ segments, merging });
    }
    return levels;
  } catch {
    return null;
  }
}

/**
 * What the cron asks of an index with these levels, a run: to go on with the merge in progress (FTS5's
 * 'merge' with a positive count continues it, new segments or not), or to start merging every segment
 * into one (a negative count: an optimize a share at a time), or nothing (one segment). Only a merge
 * started so is carried on: started anew on every run, a write between two runs would make FTS5 start
 * over from the first word each time, and a large index would never be merged.
 */
export function mergeStep(levels: IndexLevel[]): "continue" | "start" | null {
  if (levels.some((level) => level.merging > 0)) return "continue";
  return levels.reduce((sum, level) => sum + level.segments, 0) > 1 ? "start" : null;
}

/**
 * Each search index merged a step toward one segment, at most about `pages` pages written for each a run
 * (FTS5 stops between words, so a common word's list may go over): their structures read in one round
 * trip, then the merges they need in one more. What each index was asked, by name.
 */
export async function mergeSearchIndexes(db: Db, pages = SEARCH_INDEX_MERGE_PAGES): Promise<Record<string, "continue" | "start" | null>> {
  const budget = Math.max(1, Math.trunc(pages));
  const records = await db.$client.batch<{ block: ArrayBuffer | number[] | null }>(
    SEARCH_INDEXES.map((index) => db.$client.prepare(`SELECT block FROM ${index}_data WHERE id = ?`).bind(STRUCTURE_ROWID)),
  );
  const steps = SEARCH_INDEXES.map((index, i) => {
    const block = records[i]?.results[0]?.block;
    const levels = block ? indexLevelsOf(new Uint8Array(block)) : null;
    return [index, levels ? mergeStep(levels) : null] as const;
  });
  const merges = steps.flatMap(([index, step]) =>
    step ? [db.$client.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('merge', ?)`).bind(step === "start" ? -budget : budget)] : [],
  );
  if (merges.length > 0) await db.$client.batch(merges);
  return Object.fromEntries(steps);
}
