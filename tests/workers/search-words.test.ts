import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runRead } from "~/.server/db/reads";
import { follows, postWordsBackfill, posts } from "~/.server/db/schema";
import { searchPostsRead } from "~/.server/explore";
import { newId } from "~/.server/ids";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { setRepost } from "~/.server/posts/interactions";
import { searchTermsOf } from "~/.server/posts/search";
import { fillPostSearchWords, searchWordsOf } from "~/.server/posts/words";
import { TIME } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import { composedPost, createPost, createUser, db } from "./helpers";

/**
 * Words of scripts written without spaces (docs/decisions/091): a Chinese, Japanese or Thai post is
 * found by a word from its middle, in Home's search (both tabs) and Explore's, as a Latin post is found
 * by any of its words; Latin posts are indexed as before; older posts get their words from the cron.
 */

const ids = (page: FeedPage) => page.items.map((item) => item.id);
const forYou = (viewer: string, query: string) => getForYouFeed(db(), viewer, { query, cursor: null });
const following = (viewer: string, query: string) => getFollowingFeed(db(), viewer, { query, cursor: null });
const explore = (viewer: string, query: string) => runRead(searchPostsRead(db(), viewer, query, null));

/** Each test's posts are the newest in the shared database: a year of the future of their own. */
let year = 400;
function futureAt() {
  year += 1;
  let at = Date.now() + year * 365 * TIME.DAY;
  return () => new Date((at += TIME.MINUTE));
}

const JAPANESE = "東京タワーに行きました。夜景がとても綺麗でした！";
const CHINESE = "我今天去了北京大学图书馆看书";
const THAI = "ฉันไปเที่ยวกรุงเทพเมื่อวานนี้";

/** posts_fts's 'integrity-check' with rank 1 compares the index with what `posts` says it should hold. */
async function expectIndexMatchesPosts() {
  await env.DB.prepare("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)").run();
}

/** The cron's backfill from the newest post to the oldest, every run at once; how many posts it wrote. */
async function backfillAll() {
  await db().update(postWordsBackfill).set({ beforeRowid: null }).where(eq(postWordsBackfill.id, 1));
  const batch = 2000;
  let written = 0;
  for (;;) {
    const run = await fillPostSearchWords(db(), batch);
    written += run.written;
    if (run.read < batch) return written;
  }
}

describe("search in scripts written without spaces (decision 091)", () => {
  it("workerd's Intl.Segmenter splits Thai, Japanese and Chinese into words (ICU's dictionaries), and what it costs", () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
    const words = (text: string) => [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);
    expect(words(THAI)).toEqual(["ฉัน", "ไป", "เที่ยว", "กรุงเทพ", "เมื่อ", "วาน", "นี้"]);
    expect(words(CHINESE)).toContain("北京");
    expect(words(JAPANESE)).toContain("行き");
    // Why Han and Kana are not split by it: its dictionary keeps compounds whole, so their parts would be no words.
    expect(words(JAPANESE)).toContain("東京タワー");
    expect(words("图书馆")).toEqual(["图书", "馆"]);

    const long = Array.from(JAPANESE.repeat(10)).slice(0, 280).join("");
    const thai = Array.from(THAI.repeat(12)).slice(0, 280).join("");
    const runs = 200;
    const time = (work: () => unknown) => {
      const start = performance.now();
      for (let i = 0; i < runs; i++) work();
      return ((performance.now() - start) / runs).toFixed(3);
    };
    console.log(
      `280 characters, ms each (mean of ${runs}): Intl.Segmenter over Japanese ${time(() => [...segmenter.segment(long)].length)},` +
        ` over Thai ${time(() => [...segmenter.segment(thai)].length)}; searchWordsOf Japanese ${time(() => searchWordsOf(long))},` +
        ` Thai ${time(() => searchWordsOf(thai))}, English ${time(() => searchWordsOf("Coffee and a long walk by the river. ".repeat(8)))}`,
    );
  });

  it("a Japanese, a Chinese and a Thai post are found by a word from their middle: Home's For you and Following, and Explore", async () => {
    const at = futureAt();
    const viewer = await createUser();
    const author = await createUser();
    await db().insert(follows).values({ id: newId(), followerId: viewer.id, followingId: author.id });
    const japanese = await createPost(author.id, { content: JAPANESE, createdAt: at() });
    const chinese = await createPost(author.id, { content: CHINESE, createdAt: at() });
    const thai = await createPost(author.id, { content: THAI, createdAt: at() });

    const found = [
      [japanese.id, ["タワー", "行き", "東京タワー", "夜景", "綺麗でした", "ワ"]],
      [chinese.id, ["图书馆", "书馆", "大学", "看书", "北京大学"]],
      [thai.id, ["เที่ยว", "กรุงเทพ", "เมื่อวาน", "ไป เที่ยว"]],
    ] as const;
    for (const [id, queries] of found) {
      for (const query of queries) {
        expect(ids(await forYou(viewer.id, query)), `For you: ${query}`).toEqual([id]);
        expect(ids(await following(viewer.id, query)), `Following: ${query}`).toEqual([id]);
        expect(ids(await explore(viewer.id, query)), `Explore: ${query}`).toEqual([id]);
      }
    }
    // Letters that stand apart in the post are not a word of it.
    for (const query of ["京タワ行", "東京に", "图馆"]) {
      expect(ids(await forYou(viewer.id, query)), query).toEqual([]);
      expect(ids(await explore(viewer.id, query)), query).toEqual([]);
    }
    await expectIndexMatchesPosts();
  });

  it("the composer writes a post's words, and a repost is found by its original's (decision 063)", async () => {
    const viewer = await createUser();
    const author = await createUser();
    const reposter = await createUser();
    const postId = await composedPost(author.id, "新しいカフェでラテアートを見た");
    const repost = await setRepost(db(), reposter.id, postId, true);
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");

    expect(ids(await forYou(viewer.id, "ラテアート"))).toEqual([repost.repostId, postId]);
    expect(ids(await explore(viewer.id, "カフェ"))).toEqual([postId]);
  });

  it("an English post's index row is its content, as before; a query of Latin words is asked as before", async () => {
    const author = await createUser();
    const content = "Morning coffee by the river, naïve café vibes #slowdays";
    const postId = await composedPost(author.id, content);
    const row = await db().get<{ search_words: string | null; listed_words: string | null; other_words: string | null }>(
      sql`SELECT search_words, listed_words, other_words FROM ${posts} WHERE ${posts.id} = ${postId}`,
    );
    expect(row).toEqual({ search_words: null, listed_words: content, other_words: null });
    expect(searchTermsOf("Naïve café_au-lait 42")).toEqual({
      prefixes: '"Naïve"* "café_au"* "lait"* "42"*',
      tag: "naïvecafé_aulait42",
      whole: '"Naïve" "café_au" "lait" "42"',
      beginnings: '"Naïve"* "café_au"* "lait"* "42"',
      tagInWords: false,
      names: { prefixes: '"Naïve"* "café_au"* "lait"* "42"*', beginnings: '"Naïve"* "café_au"* "lait"* "42"' },
    });
  });

  it("the cron writes the words of posts written before they were kept, a batch a run, their reposts with them; run again it changes nothing", async () => {
    const at = futureAt();
    const viewer = await createUser();
    const author = await createUser();
    const reposter = await createUser();
    // Written as a post was before migration 0041: no words of its own.
    const older = { id: newId(at().getTime()), content: "来週は大阪城に行く予定です" };
    await env.DB.prepare("INSERT INTO posts (id, user_id, content, created_at) VALUES (?, ?, ?, ?)").bind(older.id, author.id, older.content, Date.now()).run();
    const repost = await setRepost(db(), reposter.id, older.id, true, at().getTime());
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");
    const english = await createPost(author.id, { content: "an English post stays as it is", createdAt: at() });
    expect(ids(await forYou(viewer.id, "大阪城"))).toEqual([]);

    const written = await backfillAll();
    expect(written).toBeGreaterThanOrEqual(1);
    expect((await db().select({ before: postWordsBackfill.beforeRowid }).from(postWordsBackfill).get())?.before).toBe(0);
    // Done: a run reads nothing more.
    expect(await fillPostSearchWords(db())).toEqual({ read: 0, written: 0 });

    expect(ids(await forYou(viewer.id, "大阪城"))).toEqual([repost.repostId, older.id]);
    expect(ids(await explore(viewer.id, "予定"))).toEqual([older.id]);
    const words = async (id: string) => (await db().select({ words: posts.searchWords }).from(posts).where(eq(posts.id, id)).get())?.words;
    expect(await words(older.id)).toBe(searchWordsOf(older.content));
    expect(await words(english.id)).toBeNull();
    await expectIndexMatchesPosts();

    // From the start again: every post read, none written (their words are those they have).
    expect(await backfillAll()).toBe(0);
    expect(ids(await forYou(viewer.id, "大阪城"))).toEqual([repost.repostId, older.id]);
    await expectIndexMatchesPosts();
  });
});
