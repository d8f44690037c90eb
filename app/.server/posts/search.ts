import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { param } from "../db/reads";
import {
  SEARCH_NAMED_REPOSTS_MAX_POSTS,
  SEARCH_NAMED_SCAN_MIN_MEMBERS,
  SEARCH_PREFIX_MIN_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_REPOST_MATCHES_READ,
  SEARCH_REPOST_WORDS_READ,
} from "~/lib/constants";
import { foldHashtag, segmentText } from "~/lib/text";
import { postHashtags, posts, users } from "../db/schema";
import { canViewSql, inAudienceSql, subscriberRuleSql, viewerOnce, viewerOnceCte } from "./access";
import { authorsPageIds } from "./authors-page";
import { olderThan, P, type CardCondition, type ConditionContext } from "./cards";
import { queryPartsOf } from "./words";

/**
 * Searching posts (spec document 1 §2.5, §7): by their words, one of their hashtags or (Home's search)
 * their author's display name, case-insensitively, through the FTS5 indexes: words whole when a post
 * anyone may see has them all, else their beginnings; names by their beginnings (docs/decisions/016,
 * 034, 060). Every value is bound, so any text a person can type runs the same prepared read, however long
 * or in whatever script. Each search reads its page from the indexes, newest first.
 */

/** A query as searched: trimmed and cut to SEARCH_QUERY_MAX_LENGTH characters; null when empty. */
export function searchQueryOf(raw: string | null | undefined): string | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  return Array.from(trimmed).slice(0, SEARCH_QUERY_MAX_LENGTH).join("").trim();
}

/** Nothing searchable (only punctuation): nothing matches, rather than everything. */
export const matchesNothing: CardCondition = { key: "search-nothing", where: () => sql`0` };

/**
 * What a query looks for: every word as a required FTS5 prefix (`"word"*`), and the one hashtag it
 * could name (its words joined, lower-case). Null when nothing in it is searchable (only punctuation).
 * Explore (decision 034) also uses `whole`, every word as a whole word, and `beginnings`, every word of
 * SEARCH_PREFIX_MIN_LENGTH characters or more as a prefix and shorter ones whole. `tagInWords`: the
 * query is one ASCII word, so its words find every post with its tag (`searchedTag`). A word in a
 * script written without spaces is split as posts_fts splits its posts' (`queryPartsOf`, decision
 * 091); names are indexed as written, so `names` holds the same three forms of the words unsplit.
 */
export type SearchTerms = {
  prefixes: string;
  tag: string;
  whole: string;
  beginnings: string;
  tagInWords: boolean;
  names: { prefixes: string; beginnings: string };
};

/** The tag a query of one '#tag' names, as extraction reads it from a post's text (or null). */
function wholeTagOf(query: string): string | null {
  const [only, ...more] = segmentText(query.trim());
  return only?.type === "hashtag" && more.length === 0 ? only.tag : null;
}

export function searchTermsOf(query: string): SearchTerms | null {
  // A word starts with a letter, digit or underscore: a mark alone (an emoji's variation selector) is none.
  const words = query.normalize("NFC").match(/[\p{L}\p{N}_][\p{L}\p{M}\p{N}_]*/gu) ?? [];
  if (words.length === 0) return null;
  const beginning = (word: string) => (Array.from(word).length >= SEARCH_PREFIX_MIN_LENGTH ? `"${word}"*` : `"${word}"`);
  // A run of Han or Kana letters is one term whichever way words are matched (`queryPartsOf`).
  const parts = words.flatMap(queryPartsOf);
  const terms = (form: (word: string) => string) => parts.map((part) => ("run" in part ? part.run : form(part.word))).join(" ");
  return {
    prefixes: terms((word) => `"${word}"*`),
    // One '#tag' is the tag a post with that text stores, joiners and all ('#ハッシュ・タグ'); else the words run together.
    tag: wholeTagOf(query) ?? foldHashtag(words.join("")),
    whole: terms((word) => `"${word}"`),
    beginnings: terms(beginning),
    tagInWords: words.length === 1 && /^[A-Za-z0-9]+$/.test(words[0]!),
    names: { prefixes: words.map((word) => `"${word}"*`).join(" "), beginnings: words.map(beginning).join(" ") },
  };
}

/**
 * The tag a posts search binds (`searchTag`): null, which no hashtag equals, when the search's words
 * find every post with the tag anyway (`tagInWords`). A post's hashtags are the `#words` of its text
 * (extractHashtags, when it is written; no post's text changes after); posts_fts's unicode61 splits at
 * '#' and at every character a hashtag ends at (letters and digits only, migration 0024) and folds
 * ASCII case alike: so when the query is one ASCII word, every post with its tag has that word, and
 * its words' stream (whole or as a beginning) finds it. The tag's streams then read nothing instead of
 * walking the tag's posts for posts the words find: Following's 'coffee' walked its 304 posts for the
 * followed members' few, 2.3 ms (docs/decisions/062).
 */
export function searchedTag(terms: SearchTerms): string | null {
  return terms.tagInWords ? null : terms.tag;
}

/** An FTS5 query on `users_fts` for members whose `columns` hold the terms (`SearchTerms`' prefixes or beginnings). */
export function namesMatch(terms: string, columns: ("display_name" | "username")[]): string {
  return `{${columns.join(" ")}}: (${terms})`;
}

/**
 * An FTS5 query on `posts_fts` for posts whose words hold the terms; "listed" only in posts that lists
 * show, outside communities and not reposts. posts_fts keeps those posts' words in a column of their
 * own and every other post's in a second one (migration 0020), so "listed" passes over the others by
 * column: no row read, and no walk of other posts' entries (docs/decisions/058-posts-words-by-list.md).
 * "any" reads both, never the third, `listed_author` (the author's id, 0023, decision 061). Every term
 * is letters, marks, digits or underscores only (`searchTermsOf`) and quoted, so nothing a person
 * types reaches FTS5's syntax (a quote, colon or brace).
 */
export function postWordsMatch(terms: string, scope: "any" | "listed" = "any"): string {
  return scope === "listed" ? `{listed_words}: (${terms})` : `{listed_words other_words}: (${terms})`;
}

/** A constant of the statement's text, written into it rather than bound: D1 binds at most 100 values. */
export const n = (value: number) => sql.raw(String(value));

const E = {
  whole: param("searchWhole"),
  beginnings: param("searchBeginnings"),
  words: param("searchWords"),
  tag: param("searchTag"),
  name: param("searchName"),
};

/** The words' FTS5 query when it is known before the statement (a bound value, `searchWords`). */
export const searchWords = E.words;

/** The words whole, in the listed column (`searchWordValues`' `searchWhole`). */
export const searchWhole = E.whole;

/**
 * The rowid of the cursor's post (`before`), where posts_fts's walk stops; the largest rowid if that
 * post is gone (a repost taken back): it then bounds nothing, and every post's id is still tested.
 */
export const cursorRowidSql = (before: SQL | Placeholder) =>
  sql`coalesce((SELECT rowid FROM ${posts} WHERE ${posts.id} = ${before}), 9223372036854775807)`;

/** What `wholeFound` and `wordsQuery` bind: the words whole, and as beginnings, in the listed column. */
export function searchWordValues(terms: SearchTerms): Record<string, unknown> {
  return { searchWhole: postWordsMatch(terms.whole, "listed"), searchBeginnings: postWordsMatch(terms.beginnings, "listed") };
}

/**
 * The same for Home's search, whose words are every word's beginning when not whole (016): a query cut
 * at its length ends mid-word.
 */
export function homeWordValues(terms: SearchTerms): Record<string, unknown> {
  return { ...searchWordValues(terms), searchBeginnings: postWordsMatch(terms.prefixes, "listed") };
}

/** The words as beginnings (`searchWordValues`' or `homeWordValues`' `searchBeginnings`). */
export const searchBeginnings = E.beginnings;

/** SQL over a post under `alias`: a post lists show (outside communities, not a repost). */
export const listedOriginal = (alias: string) => sql.raw(`${alias}.community_id IS NULL AND ${alias}.reposted_from_post_id IS NULL`);

/** SQL over a post under `alias`: the viewer may see it (in its author's audience, and the subscriber rule). */
const visibleAs = (viewer: SQL | null, alias: string) =>
  canViewSql(viewer, sql.raw(`${alias}.user_id`), sql.raw(`${alias}.is_subscriber_only`), P.now, null);

/**
 * The FTS5 query of a search's words, as a common table expression `words_query` read by `wordsQuery`:
 * whole words when a post anyone may see has them all, else word beginnings (`searchBeginnings`:
 * Explore's from SEARCH_PREFIX_MIN_LENGTH characters, 034; Home's every word, 016), which find those
 * posts too. Decided over posts open to everyone (not subscriber-only, by a member who keeps
 * nothing for followers or members), so the choice says nothing of any post a viewer may not see, and
 * is the same for every viewer. Decided once per statement, and kept out of every expression that
 * uses it, with no viewer in it: D1 refuses an expression more than 100 levels deep (060).
 */
export const wholeFound = sql`EXISTS (SELECT 1 FROM posts_fts CROSS JOIN ${posts} AS w ON w.rowid = posts_fts.rowid
    WHERE posts_fts MATCH ${E.whole} AND ${listedOriginal("w")} AND w.is_subscriber_only = 0 AND ${inAudienceSql(null, sql`w.user_id`)})`;
const wordsQueryCte = sql`words_query AS MATERIALIZED (
  SELECT CASE WHEN found THEN ${E.whole} ELSE ${E.beginnings} END AS q, found AS whole FROM (SELECT ${wholeFound} AS found))`;

/** The FTS5 query of the search's words (`wordsQueryCte`). */
export const wordsQuery = sql`(SELECT q FROM words_query)`;

/**
 * Whether the post under `alias` has the search's words (`words`, whole when `whole`). FTS5 reads a
 * whole word lazily, so it is asked about the one post; a beginning it gathers term by term on every
 * question, so that is asked once, of every match.
 */
export function hasWordsSql(alias: string, words: SQL | Placeholder, whole: SQL | boolean): SQL {
  const asked = sql`EXISTS (SELECT 1 FROM posts_fts WHERE posts_fts MATCH ${words} AND posts_fts.rowid = ${sql.raw(alias)}.rowid)`;
  const every = sql`${sql.raw(alias)}.rowid IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${words})`;
  if (typeof whole === "boolean") return whole ? asked : every;
  return sql`CASE WHEN ${whole} THEN ${asked} ELSE ${every} END`;
}

/**
 * Whether the original under `alias` has the search's words, for `searchedReposts`: reposts' originals
 * are any posts, old or new, so against every match, read once, when there are at most
 * SEARCH_REPOST_MATCHES_READ; with more (whole words only: a beginning is gathered anew for every
 * question), a walk is short (the posts' page is a page of recent matches), so FTS5 is asked about each.
 */
function originalHasWordsSql(alias: string, words: SQL | Placeholder, whole: SQL | boolean): SQL {
  if (whole === false) return hasWordsSql(alias, words, false);
  const many = sql`(SELECT count(*) FROM (SELECT 1 FROM posts_fts WHERE posts_fts MATCH ${words} LIMIT ${SEARCH_REPOST_MATCHES_READ + 1})) > ${SEARCH_REPOST_MATCHES_READ}`;
  return sql`CASE WHEN ${whole === true ? sql`1` : whole} AND ${many} THEN ${hasWordsSql(alias, words, true)} ELSE ${hasWordsSql(alias, words, false)} END`;
}

/**
 * The newest matches of a search's words (at most SEARCH_REPOST_WORDS_READ), read once for a walk of
 * reposts (`searchedReposts`): `has` whether a rowid is among them, `full` whether they stopped at
 * that many, `low` the oldest's rowid.
 */
export type CoveredWords = { has: (rowid: SQL) => SQL; full: SQL; low: SQL };

/**
 * Whether a repost's original (under `alias`) is one the search finds: its author is one it names
 * (`named`), or the viewer may see it (the subscriber rule: `searchedReposts` tests its audience) and
 * it has the tag or the words. `covered` may hold the newest matches: an original is tested against
 * them, and one older than them (when they are `full`) by `originalHasWordsSql`. FTS5 (in workerd)
 * finds a rowid by reading its word's entries from the oldest on, so asking about a recent post costs
 * most: 130 µs for each of 33 recent originals of 'coffee', 17 µs for an old one (decision 061).
 * With `tag` false (the words find every post with it: `searchedTag`), the tag is not asked about;
 * with `words` null (the reposts of posts with the words are read from reposts_fts: `repostsWordsPage`),
 * the words are not.
 */
export function originalMatchesSql(
  alias: string,
  {
    viewer,
    named,
    words,
    whole,
    covered,
    tag,
  }: { viewer: SQL | null; named: (userId: SQL) => SQL; words: SQL | Placeholder | null; whole: SQL | boolean; covered?: CoveredWords | null; tag: boolean },
): SQL {
  const o = (column: string) => sql.raw(`${alias}.${column}`);
  // Neither words nor tag: the named members' originals alone (the subscriber rule is not theirs).
  if (words === null && !tag) return named(o("user_id"));
  const hasWords =
    words === null
      ? sql`0`
      : covered
        ? sql`CASE WHEN ${covered.has(o("rowid"))} THEN 1
        WHEN NOT (${covered.full} AND ${o("rowid")} < ${covered.low}) THEN 0
        ELSE ${originalHasWordsSql(alias, words, whole)} END`
        : originalHasWordsSql(alias, words, whole);
  // CASE, so each test runs only if those before it did not decide: SQLite evaluates both sides of an
  // AND or OR in a value (an FTS5 question among them), where a WHERE clause would stop at the first.
  const byTag = tag ? sql`
    WHEN EXISTS (SELECT 1 FROM ${postHashtags} WHERE ${postHashtags.postId} = ${o("id")} AND ${postHashtags.hashtag} = ${E.tag}) THEN 1` : sql``;
  return sql`CASE WHEN ${named(o("user_id"))} THEN 1
    WHEN NOT coalesce(${subscriberRuleSql(viewer, o("user_id"), o("is_subscriber_only"), P.now)}, 0) THEN 0${byTag}
    ELSE ${hasWords} END`;
}

/**
 * The reposts a search lists beside its posts (060): those whose original it finds, newest first. The
 * statement's `originals` holds the page of posts it found (newest first, at most a page); or `found`
 * says which posts bound the walk (`walked`: the newest page of them) and whose reposts are read
 * (`all`); `walkIf`, a condition of the statement, says whether the walk runs at all. If the walk's
 * page is a whole page, no repost older than its last can be on the page, so the newer reposts are
 * walked (`posts_reposts_idx`; for the reposts of `reposters`, each one's in
 * `posts_reposts_user_idx`, or, `across`, every repost with its reposter tested by `has`: the plan
 * found fewer written since than reposters, decision 062), each original tested by `matches`. If it
 * is less, it holds every post the search finds, and the reposts are theirs (`posts_repost_unique`);
 * unless only some reposters' reposts are listed (their originals are anyone's): then the reposts of
 * the matches (`few.ids`) when there are few (`few.yes`), else all the reposters' reposts, walked.
 * With `found.all` null, there is no reading of the found posts' reposts: the walk runs whether the
 * page is whole or not, back to its oldest post, as a repost is newer than its original (For you's
 * named members, who fill a page but in a rare case: decision 063). With `words`, the walk's tests get
 * the newest matches, read once into the page's row (`CoveredWords`, decision 061). A repost is listed
 * in its reposter's audience and its original's (031).
 */
export function searchedReposts(
  { viewer, before, size }: ConditionContext,
  {
    matches,
    reposters,
    few,
    found,
    words,
    walkIf,
  }: {
    matches: (original: string, covered: CoveredWords | null) => SQL;
    reposters?: { ids: SQL; has: (userId: SQL) => SQL; across: boolean };
    few?: { yes: SQL; ids: SQL };
    found?: { walked: SQL; all: SQL | null };
    words?: SQL | Placeholder;
    walkIf?: SQL;
  },
): SQL {
  const older = olderThan(before, "r.id");
  // The reposts (`r`) the walk may test, given the page's size and oldest (`page`).
  const reposts = sql`r.reposted_from_post_id IS NOT NULL AND r.community_id IS NULL${older}`;
  const since = sql`r.id > CASE WHEN page.n >= ${size} THEN page.low ELSE '' END`;
  const only = walkIf ? sql`${walkIf} AND ` : sql``;
  // Without `all`, the walk runs whether or not the page is whole, back to its oldest post: a repost is
  // newer than its original, so when the page holds every post found, their reposts are all newer.
  const candidates = !reposters
    ? sql`${found?.all === null ? sql`` : sql`page.n >= ${size} AND `}${only}${reposts} AND r.id > page.low`
    : reposters.across
      ? sql`${only}${reposts} AND ${since} AND ${reposters.has(sql`r.user_id`)}`
      : sql`${only}r.user_id IN (${reposters.ids}) AND ${reposts} AND ${since}`;
  const index = sql.raw(reposters && !reposters.across ? "posts_reposts_user_idx" : "posts_reposts_idx");
  // Whether the walk runs at all, given the page's size (`x.n`), or `walkIf` and `few` for a walk of
  // reposters' reposts: what the newest matches are read for (a walk with `walkIf` and `found.all`
  // null is given no `words`).
  const walks = reposters ? sql`${walkIf ? sql`${walkIf} AND ` : sql``}${few ? sql`NOT ${few.yes}` : sql`1`}` : sql`x.n >= ${size}`;
  // The newest matches, as JSON (`CoveredWords`), when the walk runs. Not bounded by the walk's oldest
  // original: that bound, correlated to the page, SQLite evaluated again for every match read (280 ms
  // for the heavy member), and FTS5 read every match for a bound of NULL (70 ms). The originals a walk
  // meets are mostly recent, and FTS5 is asked about an old post cheaply (17 µs, against 130 for a
  // recent one of 'coffee'). Nor by the cursor: a post's rowid and id may disagree.
  const wordsColumn = words
    ? sql`, CASE WHEN ${walks} THEN (SELECT json_object('n', count(*), 'low', min(m.r), 'ids', ',' || group_concat(m.r, ',') || ',') FROM (
          SELECT posts_fts.rowid AS r FROM posts_fts WHERE posts_fts MATCH ${words} ORDER BY posts_fts.rowid DESC LIMIT ${n(SEARCH_REPOST_WORDS_READ)}) AS m) END AS words`
    : sql``;
  const covered: CoveredWords | null = words
    ? {
        // A list in text, searched: json_each would build a set of it for every original (18 µs each).
        has: (rowid) => sql`instr(json_extract(page.words, '$.ids'), ',' || ${rowid} || ',') > 0`,
        full: sql`json_extract(page.words, '$.n') >= ${n(SEARCH_REPOST_WORDS_READ)}`,
        low: sql`json_extract(page.words, '$.low')`,
      }
    : null;
  const original = (known: CoveredWords | null) => sql`EXISTS (SELECT 1 FROM ${posts} AS o WHERE o.id = r.reposted_from_post_id
    AND ${inAudienceSql(viewer, sql`o.user_id`)} AND ${matches("o", known)})`;
  // The page of posts, as one row: how many, and the oldest; its LIMIT keeps SQLite from copying
  // `words` into every place that reads it (flattening a subquery into a join), each reading it anew.
  const stats = found
    ? sql`(SELECT count(*) AS n, min(id) AS low FROM (${found.walked} ORDER BY id DESC LIMIT ${size}))`
    : sql`(SELECT count(*) AS n, min(id) AS low FROM originals)`;
  const page = sql`(SELECT x.n AS n, x.low AS low${wordsColumn} FROM ${stats} AS x LIMIT 1) AS page`;
  const walked = sql`SELECT id FROM (SELECT r.id AS id FROM ${page} CROSS JOIN ${posts} AS r INDEXED BY ${index}
      WHERE ${candidates}${reposters ? sql`` : sql` AND ${inAudienceSql(viewer, sql`r.user_id`)}`} AND ${original(covered)}
      ORDER BY r.id DESC LIMIT ${reposters && few ? sql`CASE WHEN ${few.yes} THEN 0 ELSE ${size} END` : size})`;
  if (reposters) {
    if (!few) return walked;
    // With few matches (`few.yes`), their reposts by the reposters, rather than every repost of theirs.
    const ofMatches = sql`SELECT id FROM (SELECT r.id AS id FROM (${few.ids}) AS m CROSS JOIN ${posts} AS r INDEXED BY posts_repost_unique
        ON r.reposted_from_post_id = m.id
      WHERE r.user_id IN (${reposters.ids}) AND r.community_id IS NULL${older} AND ${original(null)}
      ORDER BY r.id DESC LIMIT CASE WHEN ${few.yes} THEN ${size} ELSE 0 END)`;
    return sql`${walked} UNION ${ofMatches}`;
  }
  if (found?.all === null) return walked;
  // With a whole page this finds some of the walk's reposts again; with less, all of them.
  const ofOriginals = sql`SELECT id FROM (SELECT r.id AS id FROM (${found?.all ?? sql`SELECT id FROM originals`}) AS m CROSS JOIN ${posts} AS r INDEXED BY posts_repost_unique
        ON r.reposted_from_post_id = m.id
      WHERE r.community_id IS NULL${older} AND ${inAudienceSql(viewer, sql`r.user_id`)}
      ORDER BY r.id DESC LIMIT ${size})`;
  return sql`${walked} UNION ${ofOriginals}`;
}

/**
 * A search's statement for the viewer as `me`: `write` gets the context with the viewer as `me`, and
 * answers the common table expressions its body needs besides `me` and `words_query` (left out with
 * `decideWords: false`, when the words' query is bound: `searchWords`), and the body.
 */
export function withMe(
  context: ConditionContext,
  write: (context: ConditionContext) => { ctes: SQL[]; body: SQL },
  { decideWords = true, viewerIf }: { decideWords?: boolean; viewerIf?: (viewerId: SQL) => SQL } = {},
): SQL {
  const viewer = context.viewer ? viewerOnce : null;
  const { ctes, body } = write({ ...context, viewer });
  const all = [...(context.viewer ? [viewerOnceCte(context.viewer, viewerIf)] : []), ...(decideWords ? [wordsQueryCte] : []), ...ctes];
  return all.length ? sql`WITH ${sql.join(all, sql`, `)} ${body}` : body;
}

/** The tag a search names. */
export const searchTag = E.tag;

/**
 * The members a search names: those with a word beginning with each word of it in their display name
 * (016), as a common table expression `named` of their users rowids, read from names_fts (display
 * names alone, migration 0021).
 */
export const namedCte = sql`named AS MATERIALIZED (SELECT rowid AS r FROM names_fts WHERE names_fts MATCH ${E.name})`;

/**
 * `namedCte` for a search whose viewer may be no one (a way read at once for another viewer: decisions
 * 064, 111): then no one is named, and names_fts is not asked (its word beginnings are gathered term by term).
 */
export const namedForCte = (viewer: SQL | null) =>
  viewer ? sql`named AS MATERIALIZED (SELECT rowid AS r FROM names_fts WHERE ${viewer} IS NOT NULL AND names_fts MATCH ${E.name})` : namedCte;

/** The same members by id, `named_ids` (a users row read for each). */
const namedIdsCte = sql`named_ids AS MATERIALIZED (
  SELECT ${users.id} AS id FROM ${users} WHERE ${users}.rowid IN (SELECT rowid FROM names_fts WHERE names_fts MATCH ${E.name}))`;

/** Whether the member whose id is `userId` is one the search names (`named`). */
export const isNamed = (userId: SQL) => sql`(SELECT ${users}.rowid FROM ${users} WHERE ${users.id} = ${userId}) IN (SELECT r FROM named)`;

/**
 * What a stream adds for its list: `also`, a condition on each match (under its alias), e.g. "by
 * someone the viewer follows"; `visible`, the access test in place of the whole rule (`visibleAs`);
 * `words`, the FTS5 query in place of `wordsQuery` (a bound value, when it is known before the
 * statement).
 */
type StreamOptions = { also?: (alias: string) => SQL; visible?: (alias: string) => SQL; words?: SQL | Placeholder };

/**
 * A page of the posts with the search's words that the viewer may see, newest first: posts_fts in the
 * order posts were written (its rowid, which follows the id for every post Murmur writes), stopping at
 * a page, the index itself passing over community posts and reposts (0017, 0020).
 */
export function wordsPage({ viewer, before, size }: ConditionContext, { also, visible, words }: StreamOptions = {}): SQL {
  return sql`SELECT id FROM (SELECT p.id AS id FROM posts_fts CROSS JOIN ${posts} AS p ON p.rowid = posts_fts.rowid
    WHERE posts_fts MATCH ${words ?? wordsQuery} AND ${listedOriginal("p")}${olderThan(before, "p.id")}${also ? sql` AND ${also("p")}` : sql``}
      AND ${visible ? visible("p") : visibleAs(viewer, "p")}
    ORDER BY posts_fts.rowid DESC LIMIT ${size})`;
}

/**
 * A page of the reposts whose original has the search's words, newest first: reposts_fts keeps each
 * listed repost under its original's words (`listed_words`, the column posts_fts names alike, so the
 * same FTS5 query reads both) in the order reposts were written (migration 0025, decision 063). A
 * repost is listed in its reposter's audience and its original's, and its original under the
 * subscriber rule (a locked post never matches by its words, 016); `followed`: every reposter is one the
 * viewer follows (Following's search), in their audience.
 */
export function repostsWordsPage(
  { viewer, before, size }: ConditionContext,
  { also, words, followed = false }: Pick<StreamOptions, "also" | "words"> & { followed?: boolean } = {},
): SQL {
  // A reposter the viewer follows is in their audience (decision 031): `followed`, only the original's is tested.
  const reposter = followed ? sql`` : sql` AND ${inAudienceSql(viewer, sql`r.user_id`)}`;
  return sql`SELECT id FROM (SELECT r.id AS id FROM reposts_fts CROSS JOIN ${posts} AS r ON r.rowid = reposts_fts.rowid
    WHERE reposts_fts MATCH ${words ?? wordsQuery} AND r.reposted_from_post_id IS NOT NULL AND r.community_id IS NULL${olderThan(before, "r.id")}${also ? sql` AND ${also("r")}` : sql``}
      ${reposter} AND EXISTS (SELECT 1 FROM ${posts} AS o WHERE o.id = r.reposted_from_post_id AND ${visibleAs(viewer, "o")})
    ORDER BY reposts_fts.rowid DESC LIMIT ${size})`;
}

/** A page of the posts with the search's tag that the viewer may see, newest first (post_hashtags_tag_idx). */
export function tagPage({ viewer, before, size }: ConditionContext, { also, visible }: StreamOptions = {}): SQL {
  return sql`SELECT id FROM (SELECT ph.post_id AS id FROM ${postHashtags} AS ph INDEXED BY post_hashtags_tag_idx CROSS JOIN ${posts} AS t ON t.id = ph.post_id
    WHERE ph.hashtag = ${E.tag} AND ${listedOriginal("t")}${olderThan(before, "ph.post_id")}${also ? sql` AND ${also("t")}` : sql``}
      AND ${visible ? visible("t") : visibleAs(viewer, "t")}
    ORDER BY ph.post_id DESC LIMIT ${size})`;
}

/**
 * Explore's posts search (spec document 1 §7 "search by content match or hashtags containing, newest
 * first, limit 20"; docs/decisions/034-explore.md): posts (not reposts; outside communities) with every
 * word of the query, or with the hashtag its words name, that the viewer may see; a locked post never
 * matches (016). It picks its page from the indexes (`wordsPage`, `tagPage`): whole words are read
 * lazily, well under a millisecond however common; word beginnings FTS5 gathers term by term, a few
 * milliseconds for a short beginning of common words, so beginnings start at SEARCH_PREFIX_MIN_LENGTH
 * characters.
 */
export function searchedPosts(query: string): CardCondition {
  const terms = searchTermsOf(query);
  if (!terms) return matchesNothing;
  const tagged = searchedTag(terms) !== null;
  return {
    key: tagged ? "searched" : "searched:words",
    picksPage: true,
    values: { ...searchWordValues(terms), searchTag: searchedTag(terms) },
    where: (outer) =>
      sql`${posts.id} IN (${withMe(outer, (context) => ({
        ctes: [],
        body: tagged
          ? sql`SELECT id FROM (${wordsPage(context)} UNION ${tagPage(context)}) ORDER BY id DESC LIMIT ${context.size}`
          : wordsPage(context),
      }))})`,
  };
}

/**
 * The search of the home feed's For you tab (spec document 1 §2.5 "filtered by a search term matching
 * content, author display name or hashtags"; docs/decisions/060-home-search-from-the-indexes.md): posts
 * outside communities with the words or the tag that the viewer may see, or by a member it names (a
 * locked post is found by its author's name alone: 016), and the reposts of them, newest first. When
 * the tag is not asked (one ASCII word, `searchedTag`), the reposts of posts with the words come from
 * reposts_fts (`repostsWordsPage`, decision 063) and the others from `searchedReposts`; with the tag,
 * all of them from `searchedReposts`. The named members' posts come as a followed member's do in Following
 * (`authorsPageIds`): the newest posts walked when many members are named, else each one's own. When
 * it names fewer than SEARCH_NAMED_SCAN_MIN_MEMBERS members with at most SEARCH_NAMED_REPOSTS_MAX_POSTS
 * posts in all (`apart`), the reposts of their posts are read apart (each reposted post's, from
 * posts_reposted_user_idx, then posts_repost_unique: decision 112),
 * and the walk of reposts is bounded by the page of words and tag alone (without the tag, it does not
 * run): a quiet member's posts are old, and bounding by them walked every repost since (~2 000 for
 * 'maya chen', 9 ms).
 */
export function forYouSearch(query: string): CardCondition {
  const terms = searchTermsOf(query);
  if (!terms) return matchesNothing;
  // Without the tag (its words find every post with it, `searchedTag`), the statement asks only the words.
  const tagged = searchedTag(terms) !== null;
  return {
    key: tagged ? "for-you-search" : "for-you-search:words",
    picksPage: true,
    values: { ...homeWordValues(terms), searchTag: searchedTag(terms), searchName: terms.names.prefixes },
    where: (outer) =>
      sql`${posts.id} IN (${withMe(
        outer,
        (context) => {
          const byName = authorsPageIds(context, {
            many: sql`(SELECT count(*) FROM named_ids) >= ${SEARCH_NAMED_SCAN_MIN_MEMBERS}`,
            isAuthor: (userId) => sql`${userId} IN (SELECT id FROM named_ids)`,
            authors: (also) => sql`SELECT id FROM named_ids WHERE ${also}`,
            keep: (alias) => sql`${sql.raw(`${alias}.reposted_from_post_id`)} IS NULL AND ${inAudienceSql(context.viewer, sql.raw(`${alias}.user_id`))}`,
          });
          // Without the tag, the reposts of posts with the words are the words' own, from reposts_fts
          // (`repostsWordsPage`). With it, the walk tests the words too (decision 061): measured, a
          // statement with both the stream and the tag's walk prepared slower than the walk alone.
          const repostsOfWords = tagged ? sql`` : sql` UNION ALL SELECT id, 0 FROM (${repostsWordsPage(context)})`;
          // Every match the streams found (at most a page each), once, and by what: 0 words (posts, and
          // without the tag reposts), 1 tag, 2 name alone. A post found twice (its words say its tag) counted twice would end the
          // walk's page early and fill the reposts' page with the same reposts.
          const found = sql`found AS MATERIALIZED (SELECT id, min(kind) AS kind FROM (
            SELECT id, 0 AS kind FROM (${wordsPage(context)})${repostsOfWords}${tagged ? sql` UNION ALL SELECT id, 1 FROM (${tagPage(context)})` : sql``} UNION ALL SELECT id, 2 FROM (${byName})
          ) GROUP BY id)`;
          // The named members' reposted posts found apart: few members, few posts.
          const apart = sql`apart AS MATERIALIZED (
            SELECT count(*) < ${n(SEARCH_NAMED_SCAN_MIN_MEMBERS)} AND coalesce(sum(u.posts_count), 0) <= ${n(SEARCH_NAMED_REPOSTS_MAX_POSTS)} AS yes
            FROM (SELECT id FROM named_ids LIMIT ${n(SEARCH_NAMED_SCAN_MIN_MEMBERS)}) AS nm CROSS JOIN ${users} AS u ON u.id = nm.id)`;
          const isApart = sql`(SELECT yes FROM apart)`;
          const named = (userId: SQL) => sql`(NOT ${isApart} AND ${userId} IN (SELECT id FROM named_ids))`;
          const walked = sql`SELECT id FROM found WHERE kind < 2 OR NOT ${isApart}`;
          const reposts = tagged
            ? searchedReposts(context, {
                matches: (o, covered) =>
                  originalMatchesSql(o, { viewer: context.viewer, named, words: wordsQuery, whole: sql`(SELECT whole FROM words_query)`, covered, tag: true }),
                found: { walked, all: sql`SELECT id FROM found` },
                words: wordsQuery,
              })
            : // Only the named members' when not read apart: walked back to the oldest post found (`all`
              // null), as many named members make a whole page but in a rare case.
              searchedReposts(context, {
                matches: (o) => originalMatchesSql(o, { viewer: context.viewer, named, words: null, whole: false, tag: false }),
                found: { walked, all: null },
                walkIf: sql`NOT ${isApart}`,
              });
          const namedReposts = sql`SELECT id FROM (SELECT r.id AS id FROM named_ids AS nm
              CROSS JOIN ${posts} AS np INDEXED BY posts_reposted_user_idx ON np.user_id = nm.id AND np.reposts_count > 0
              CROSS JOIN ${posts} AS r INDEXED BY posts_repost_unique ON r.reposted_from_post_id = np.id
            WHERE np.reposted_from_post_id IS NULL AND ${inAudienceSql(context.viewer, sql`np.user_id`)} AND r.community_id IS NULL${olderThan(context.before, "r.id")}
              AND ${inAudienceSql(context.viewer, sql`r.user_id`)}
            ORDER BY r.id DESC LIMIT CASE WHEN ${isApart} THEN ${context.size} ELSE 0 END)`;
          const page = sql`SELECT id FROM (SELECT id FROM found ORDER BY id DESC LIMIT ${context.size})`;
          return {
            ctes: [namedIdsCte, found, apart],
            body: sql`${page} UNION ${reposts} UNION ${namedReposts} ORDER BY id DESC LIMIT ${context.size}`,
          };
        },
      )})`,
  };
}
