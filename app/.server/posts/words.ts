import { eq, sql } from "drizzle-orm";
import { POST_WORDS_BACKFILL_BATCH } from "~/lib/constants";
import type { Db } from "../db/client";
import { rawRows } from "../db/drizzle-internals";
import { postWordsBackfill, posts } from "../db/schema";

/**
 * The words of text written without spaces between them, as posts_fts reads them (docs/decisions/091).
 * unicode61 makes a whole run of Chinese, Japanese or Thai letters one token: '東京タワーに行きました' was
 * one word, found by '東京' (its beginning) but never by 'タワー' or '行き'. A post with such text keeps
 * a copy with spaces put in (`posts.search_words`, written beside its content), and posts_fts indexes
 * that copy instead of the content (migration 0041); a query is split the same way (`queryPartsOf`).
 * Text without these scripts has no copy: its index rows are its content, as before.
 *
 * - Han, Hiragana and Katakana: every pair of neighbouring letters (a bigram) is a word, and the run's
 *   last letter one more. A query's run is the phrase of its pairs, so any stretch of two letters or
 *   more is found where it stands ('タワー' inside '東京タワー'), and one letter by its beginning. A
 *   dictionary does not do it: workerd's Intl.Segmenter keeps '東京タワー' and '图书' whole, so 'タワー'
 *   and '书馆' would find nothing, and a query split alone may be split otherwise than in its post.
 * - Thai, Lao, Khmer and Myanmar: Intl.Segmenter's words (ICU's dictionaries). Their letters carry
 *   vowel and tone marks, and a pair of code points is no unit of the script; their words behave as
 *   Latin words do (whole, or a beginning).
 */

/** A letter or digit of the scripts split into pairs (ー and 々 are letters of theirs too). */
const PAIRED = String.raw`(?=[\p{L}\p{N}])[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]`;
const PAIRED_RUN = new RegExp(`(?:${PAIRED})+`, "gu");
const SEGMENTED = /[\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
const WITHOUT_SPACES = new RegExp(`${PAIRED}|${SEGMENTED.source}`, "u");
/** A word as searchTermsOf reads one: it starts with a letter, digit or underscore. */
const WORD = /[\p{L}\p{N}_][\p{L}\p{M}\p{N}_]*/gu;

let segmenter: Intl.Segmenter | undefined;
const wordsSegmenter = () => (segmenter ??= new Intl.Segmenter(undefined, { granularity: "word" }));

/** Every pair of neighbouring letters of a run ('東京タ' → 東京, 京タ); none for one letter. */
const pairsOf = (letters: string[]) => letters.slice(0, -1).map((letter, i) => letter + letters[i + 1]);

/** The text with a space between each of the segmenter's pieces where one side is in a segmented script. */
function spacedSegments(text: string): string {
  let spaced = "";
  let previous = "";
  for (const { segment } of wordsSegmenter().segment(text)) {
    if (previous && (SEGMENTED.test(previous) || SEGMENTED.test(segment))) spaced += " ";
    spaced += segment;
    previous = segment;
  }
  return spaced;
}

/**
 * What posts_fts indexes for a post's text instead of the text itself (`posts.search_words`), or null
 * when the text has no script written without spaces: then the text is indexed as it is.
 */
export function searchWordsOf(content: string): string | null {
  if (!WITHOUT_SPACES.test(content)) return null;
  let text = content.normalize("NFC");
  if (SEGMENTED.test(text)) text = spacedSegments(text);
  // A run's words: its pairs and its last letter ('東京タ' → '東京 京タ タ'), so one letter is found at its end too.
  return text.replace(PAIRED_RUN, (run) => {
    const letters = Array.from(run);
    return ` ${[...pairsOf(letters), letters.at(-1)].join(" ")} `;
  });
}

/**
 * A query's word (letters, marks, digits, underscores) as the parts FTS5 is asked for: `word`s, matched
 * whole or as beginnings as a Latin word is, and `run`s, one FTS5 term each, the same whichever way
 * the words are matched (the phrase of a run's pairs, or one letter as a beginning). A word without
 * these scripts is the one `word` it was.
 */
export type QueryPart = { word: string } | { run: string };

export function queryPartsOf(word: string): QueryPart[] {
  if (!WITHOUT_SPACES.test(word)) return [{ word }];
  const parts: QueryPart[] = [];
  let rest = 0;
  const wordsOf = (text: string) => {
    const spaced = SEGMENTED.test(text) ? spacedSegments(text) : text;
    for (const found of spaced.match(WORD) ?? []) parts.push({ word: found });
  };
  for (const match of word.matchAll(PAIRED_RUN)) {
    wordsOf(word.slice(rest, match.index));
    const letters = Array.from(match[0]);
    parts.push({ run: letters.length === 1 ? `"${match[0]}"*` : `"${pairsOf(letters).join(" ")}"` });
    rest = match.index + match[0].length;
  }
  wordsOf(word.slice(rest));
  return parts;
}

/**
 * The search words of posts written before they were kept (migration 0041), a batch a cron run: the
 * POST_WORDS_BACKFILL_BATCH posts below the cursor (`post_words_backfill`), newest first, each written
 * only if its words differ from those it has, in one statement whose one value is the batch's words
 * (posts_fts's update trigger indexes them anew). The cursor moves in the same batch, and stops at 0
 * once the oldest post is read. Run again it writes nothing new: a post written since has its words.
 * Returns how many posts it read, and how many it wrote.
 */
export async function fillPostSearchWords(db: Db, batch = POST_WORDS_BACKFILL_BATCH): Promise<{ read: number; written: number }> {
  const cursor = await db.select({ before: postWordsBackfill.beforeRowid }).from(postWordsBackfill).get();
  if (!cursor || cursor.before === 0) return { read: 0, written: 0 };
  const read = await db.all<{ rowid: number; content: string }>(
    sql`SELECT rowid, content FROM ${posts} WHERE rowid < ${cursor.before ?? Number.MAX_SAFE_INTEGER} ORDER BY rowid DESC LIMIT ${batch}`,
  );
  const words = read.flatMap(({ rowid, content }) => {
    const found = searchWordsOf(content);
    return found === null ? [] : [{ rowid, words: found }];
  });
  const before = read.length < batch ? 0 : read.at(-1)!.rowid;
  const [updated] = await db.batch([
    rawRows<{ id: string }>(
      db,
      sql`UPDATE ${posts} SET search_words = found.value ->> 'words'
        FROM json_each(${JSON.stringify(words)}) AS found
        WHERE ${posts}.rowid = found.value ->> 'rowid' AND ${posts}.search_words IS NOT found.value ->> 'words' RETURNING ${posts}.id`,
    ),
    db.update(postWordsBackfill).set({ beforeRowid: before }).where(eq(postWordsBackfill.id, 1)),
  ]);
  return { read: read.length, written: updated.length };
}
