import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runRead } from "~/.server/db/reads";
import { searchPostsRead } from "~/.server/explore";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { setRepost } from "~/.server/posts/interactions";
import { setFollow } from "~/.server/follows";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { mergeSearchIndexes, SEARCH_INDEXES } from "~/.server/search-indexes";
import { TIME } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import { createPost, createUser, db } from "./helpers";

/**
 * The search indexes kept in few segments (docs/decisions/113): every FTS5 index merges two segments at
 * a time when asked (usermerge 2, migration 0050), the cron asks a step every minute, and a search finds
 * what it found.
 */

/** A level of an FTS5 index's structure: its segments, and how many of them a merge in progress takes. */
type Level = { segments: number; merging: number };

/**
 * The levels of an FTS5 index, from its structure record (row 10 of its `_data` table; fts5StructureDecode
 * in SQLite's fts5_index.c): a 4-byte cookie, a marker (0xff 0 0 1) in the second format, then varints:
 * levels, segments, the write counter; per level the segments a merge takes and the segments; per
 * segment its id and first and last page (the second format: five more). Varints are SQLite's: 7 bits a
 * byte while the high bit is set, the ninth byte whole.
 */
async function levelsOf(index: string): Promise<Level[]> {
  const row = await env.DB.prepare(`SELECT block FROM ${index}_data WHERE id = 10`).first<{ block: number[] | ArrayBuffer }>();
  const record = new Uint8Array(row!.block);
  let at = 4;
  const v2 = [0xff, 0x00, 0x00, 0x01].every((byte, i) => record[at + i] === byte);
  if (v2) at += 4;
  const varint = () => {
    let value = 0;
    for (let i = 0; i < 9; i++) {
      const byte = record[at++]!;
      if (i === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    return value;
  };
  const levelCount = varint();
  varint(); // segments in all
  varint(); // the write counter
  return Array.from({ length: levelCount }, () => {
    const merging = varint();
    const segments = varint();
    for (let i = 0; i < segments * (v2 ? 8 : 3); i++) varint();
    return { segments, merging };
  });
}

/** The ids of an index's segments, from its own pages (each segment has a row in `_idx` for its first leaf at least). */
async function segmentIds(index: string) {
  return (await env.DB.prepare(`SELECT DISTINCT segid FROM ${index}_idx ORDER BY segid`).all<{ segid: number }>()).results.map((row) => row.segid);
}

const segmentsIn = (levels: Level[]) => levels.reduce((sum, level) => sum + level.segments, 0);

/** posts_fts's 'integrity-check' with rank 1 compares the index with what `posts` says it should hold. */
async function expectIndexMatchesPosts() {
  await env.DB.prepare("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)").run();
}

const ids = (page: FeedPage) => page.items.map((item) => item.id);

/** Each test's posts are the newest in the shared database: a year of the future of their own. */
let year = 700;
function futureAt() {
  year += 1;
  let at = Date.now() + year * 365 * TIME.DAY;
  return () => new Date((at += TIME.MINUTE));
}

/** A word no other test writes. */
const uniqueWord = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

describe("the search indexes' merging (decision 113)", () => {
  it("every FTS5 table of the schema is a search index the cron merges, and merges two segments at a time", async () => {
    const fts5 = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%' ORDER BY name").all<{ name: string }>();
    expect([...SEARCH_INDEXES].sort()).toEqual(fts5.results.map((row) => row.name));
    for (const index of SEARCH_INDEXES) {
      const config = await env.DB.prepare(`SELECT v FROM ${index}_config WHERE k = 'usermerge'`).first<{ v: number }>();
      expect({ index, usermerge: config?.v }).toEqual({ index, usermerge: 2 });
    }
  });

  it("the cron's steps leave at most one segment a level, and every search finds what it found", async () => {
    const at = futureAt();
    const word = uniqueWord("pairs");
    const viewer = await createUser();
    const author = await createUser({ displayName: "Paired Author" });
    const reposter = await createUser();
    for (const followed of [author, reposter]) if (!(await setFollow(db(), viewer.id, followed.id, true)).ok) throw new Error("follow refused");
    // From one segment a level at most (other files' posts share this database), one post a write, as
    // members post: each adds a segment, which FTS5 merges only four at a level, until a level has two.
    await mergeSearchIndexes(db(), 100_000);
    const unmerged = (levels: Level[]) => levels.some((level) => level.segments >= 2 || level.merging > 0);
    const written: string[] = [];
    do written.unshift((await createPost(author.id, { content: `${word} number ${written.length}`, createdAt: at() })).id);
    while (written.length < 4 || (written.length < 12 && !unmerged(await levelsOf("posts_fts"))));
    const repost = await setRepost(db(), reposter.id, written[3]!, true, at().getTime());
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");

    const before = await levelsOf("posts_fts");
    // The structure record says what the index's own pages say.
    expect(segmentsIn(before)).toBe((await segmentIds("posts_fts")).length);
    expect(unmerged(before)).toBe(true);
    const found = async () => [
      ids(await getForYouFeed(db(), viewer.id, { query: word, cursor: null })),
      ids(await runRead(searchPostsRead(db(), viewer.id, word, null))),
      ids(await getFollowingFeed(db(), viewer.id, { query: word, cursor: null })),
      ids(await getForYouFeed(db(), viewer.id, { query: "paired author", cursor: null })),
    ];
    const seen = await found();
    expect(seen[0]).toEqual([repost.repostId, ...written]);
    expect(seen[1]).toEqual(written);
    expect(seen[2]).toEqual([repost.repostId, ...written]);
    expect(seen[3]).toContain(written[0]);

    // The cron's minute (its other jobs run too) takes a step: the level with two segments is merged, or
    // its merge begun. Then steps to the end: how many depends on the other files' posts in this database.
    const structure = async () => JSON.stringify([await levelsOf("posts_fts"), await segmentIds("posts_fts")]);
    const unstepped = await structure();
    await runScheduledMaintenance(env, Date.now(), { all: false });
    expect(await structure()).not.toBe(unstepped);
    await mergeSearchIndexes(db(), 100_000);
    for (const index of SEARCH_INDEXES) {
      const levels = await levelsOf(index);
      expect({ index, levels: levels.filter((level) => level.segments > 1 || level.merging > 0) }).toEqual({ index, levels: [] });
      expect(segmentsIn(levels)).toBe((await segmentIds(index)).length);
    }
    expect(await found()).toEqual(seen);
    await expectIndexMatchesPosts();
  });

  it("a merge goes on to its end a page a run though posts are written between the runs, and a step asks no more than FTS5 counts", async () => {
    const at = futureAt();
    const author = await createUser();
    // From one segment a level at most (other files' posts share this database).
    await mergeSearchIndexes(db(), 100_000);
    const words = (i: number) => Array.from({ length: 120 }, (_, k) => uniqueWord(`w${i}x${k}`)).join(" ");
    const levels = async () => levelsOf("posts_fts");
    // A page a run, a post before every run: a merge a run begins is carried on to its end (by the runs,
    // and by FTS5's own merging in the posts' writes) though segments keep coming. Posts of many words
    // until a one-page run leaves its merge in progress (what FTS5 merged in the posts' writes varies;
    // with 40 words a post, a merge of six fit a page after other files' searches).
    let merging = -1;
    for (let i = 0; i < 8 && merging < 0; i++) {
      for (let k = 0; k < 6; k++) await createPost(author.id, { content: words(i * 6 + k), createdAt: at() });
      await mergeSearchIndexes(db(), 1);
      merging = (await levels()).findIndex((level) => level.merging > 0);
    }
    expect(merging).toBeGreaterThanOrEqual(0);
    let runs = 1;
    while (runs < 200 && (await levels())[merging]!.merging > 0) {
      await createPost(author.id, { content: `between runs ${runs}`, createdAt: at() });
      await mergeSearchIndexes(db(), 1);
      runs += 1;
    }
    expect((await levels())[merging]!.merging).toBe(0);
    expect(runs).toBeGreaterThan(1);

    // Nothing left to merge: a step writes nothing (a negative count, an optimize, would merge the
    // segments of every level into one). Nor does one asked for more pages than FTS5 counts:
    // it reads the count as a 32-bit integer, so 2^31 + 2^20 would wrap to a negative count.
    // (A post, then every merge to its end, until there are two segments or more: a post's may be merged with the rest.)
    const merged = (now: Level[]) => now.every((level) => level.segments <= 1 && level.merging === 0);
    let segments: number[] = [];
    for (let i = 0; i < 10 && segments.length < 2; i++) {
      await createPost(author.id, { content: `after the runs ${i}`, createdAt: at() });
      await mergeSearchIndexes(db(), 100_000);
      segments = await segmentIds("posts_fts");
    }
    expect(segments.length).toBeGreaterThan(1);
    expect(merged(await levels())).toBe(true);
    await mergeSearchIndexes(db());
    await mergeSearchIndexes(db(), 2 ** 31 + 2 ** 20);
    expect(await segmentIds("posts_fts")).toEqual(segments);
    await expectIndexMatchesPosts();
  });
});
