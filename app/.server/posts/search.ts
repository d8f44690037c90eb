import { and, or, sql } from "drizzle-orm";
import { SEARCH_PREFIX_MIN_LENGTH, SEARCH_QUERY_MAX_LENGTH } from "~/lib/constants";
import { param } from "../db/reads";
import { postHashtags, posts, users } from "../db/schema";
import { canViewSql } from "./access";
import { P, shownAuthorId, shownId, shownSubscriberOnly, type CardCondition } from "./cards";

/**
 * Searching the feed (spec document 1 §2.5): the shown post's words, its author's display name or one
 * of its hashtags, case-insensitively. Words and names match by word beginnings through the FTS5
 * indexes (docs/decisions/016-search-matching.md); every value is bound, so any text a person can type
 * runs the same prepared read, however long or in whatever script.
 */

/** A query as searched: trimmed and cut to SEARCH_QUERY_MAX_LENGTH characters; null when empty. */
export function searchQueryOf(raw: string | null | undefined): string | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  return Array.from(trimmed).slice(0, SEARCH_QUERY_MAX_LENGTH).join("").trim();
}

const S = { words: param("searchWords"), name: param("searchName"), tag: param("searchTag") };

/** Nothing searchable (only punctuation): nothing matches, rather than everything. */
const matchesNothing: CardCondition = { key: "search-nothing", where: () => sql`0` };

/**
 * What a query looks for: every word as a required FTS5 prefix (`"word"*`), and the one hashtag it
 * could name (its words joined, lower-case). Null when nothing in it is searchable (only punctuation).
 * Explore (decision 034) also uses `whole`, every word as a whole word, and `beginnings`, every word of
 * SEARCH_PREFIX_MIN_LENGTH characters or more as a prefix and shorter ones whole.
 */
export type SearchTerms = { prefixes: string; tag: string; whole: string; beginnings: string };

export function searchTermsOf(query: string): SearchTerms | null {
  // A word starts with a letter, digit or underscore: a mark alone (an emoji's variation selector) is none.
  const words = query.normalize("NFC").match(/[\p{L}\p{N}_][\p{L}\p{M}\p{N}_]*/gu) ?? [];
  if (words.length === 0) return null;
  const beginning = (word: string) => (Array.from(word).length >= SEARCH_PREFIX_MIN_LENGTH ? `"${word}"*` : `"${word}"`);
  return {
    prefixes: words.map((word) => `"${word}"*`).join(" "),
    tag: words.join("").toLowerCase(),
    whole: words.map((word) => `"${word}"`).join(" "),
    beginnings: words.map(beginning).join(" "),
  };
}

/** An FTS5 query on `users_fts` for members whose `columns` have words beginning with the terms'. */
export function namesMatch(terms: SearchTerms, columns: ("display_name" | "username")[]): string {
  return `{${columns.join(" ")}}: (${terms.prefixes})`;
}

/**
 * An FTS5 query on `posts_fts` for posts whose words hold the terms; "listed" only in posts that lists
 * show, outside communities and not reposts. posts_fts keeps those posts' words in a column of their
 * own and every other post's in a second one (migration 0020), so "listed" passes over the others by
 * column: no row read, and no walk of other posts' entries (docs/decisions/058-posts-words-by-list.md).
 * "any" reads both columns, so it names none. Every term is letters, marks, digits or underscores only
 * (`searchTermsOf`) and quoted, so nothing a person types reaches FTS5's syntax (a quote, colon or brace).
 */
export function postWordsMatch(terms: string, scope: "any" | "listed" = "any"): string {
  return scope === "listed" ? `{listed_words}: (${terms})` : `(${terms})`;
}

export function matching(query: string): CardCondition {
  const terms = searchTermsOf(query);
  if (!terms) return matchesNothing;
  return {
    key: "search",
    values: {
      searchWords: postWordsMatch(terms.prefixes),
      searchName: namesMatch(terms, ["display_name"]),
      searchTag: terms.tag,
    },
    where: ({ viewer }) => {
      const byWords = sql`${shownId} IN (
        SELECT ${posts.id} FROM posts_fts JOIN ${posts} ON ${posts}.rowid = posts_fts.rowid WHERE posts_fts MATCH ${S.words})`;
      const byHashtag = sql`${shownId} IN (SELECT ${postHashtags.postId} FROM ${postHashtags} WHERE ${postHashtags.hashtag} = ${S.tag})`;
      const byAuthor = sql`${shownAuthorId} IN (
        SELECT ${users.id} FROM ${users} WHERE ${users}.rowid IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${S.name}))`;
      // Words and hashtags are content: a locked post matches neither (its author's name still finds it).
      const visible = canViewSql(viewer, shownAuthorId, shownSubscriberOnly, P.now, null);
      return or(and(or(byWords, byHashtag), visible), byAuthor)!;
    },
  };
}

const E = { whole: param("searchWhole"), beginnings: param("searchBeginnings"), tag: param("searchTag") };

/**
 * Explore's posts search (spec document 1 §7 "search by content match or hashtags containing, newest
 * first, limit 20"; docs/decisions/034-explore.md): posts (not reposts; outside communities) with every
 * word of the query, or with the hashtag its words name, that the viewer may see; a locked post never
 * matches (016). Unlike `matching`, which walks the newest posts and tests each against every match
 * (a common word: 135 ms at a million posts, a rare one 3 s), it picks its page from the indexes:
 * posts_fts in the order posts were written (its rowid, which follows the id for every post Murmur
 * writes), stopping at a page, the index itself passing over community posts and reposts (0017,
 * 0020), and post_hashtags_tag_idx newest first. Whole words when a post the viewer may see has them
 * all (a term is read lazily: well under a millisecond however common), else word beginnings ('hap'
 * still finds 'happy'), which FTS5 gathers term by term: a few milliseconds for a short beginning of
 * common words, so beginnings start at SEARCH_PREFIX_MIN_LENGTH characters.
 */
export function searchedPosts(query: string): CardCondition {
  const terms = searchTermsOf(query);
  if (!terms) return matchesNothing;
  return {
    key: "searched",
    picksPage: true,
    values: {
      searchWhole: postWordsMatch(terms.whole, "listed"),
      searchBeginnings: postWordsMatch(terms.beginnings, "listed"),
      searchTag: terms.tag,
    },
    where: ({ viewer, before, size }) => {
      const listed = (alias: string) => sql.raw(`${alias}.community_id IS NULL AND ${alias}.reposted_from_post_id IS NULL`);
      const visible = (alias: string) => canViewSql(viewer, sql.raw(`${alias}.user_id`), sql.raw(`${alias}.is_subscriber_only`), P.now, null);
      const older = (column: string) => (before ? sql` AND ${sql.raw(column)} < ${before}` : sql``);
      // Decided over what the viewer may see, so the choice says nothing about posts they may not.
      const wholeFound = sql`EXISTS (SELECT 1 FROM posts_fts CROSS JOIN ${posts} AS w ON w.rowid = posts_fts.rowid
        WHERE posts_fts MATCH ${E.whole} AND ${listed("w")} AND ${visible("w")})`;
      const byWords = sql`SELECT id FROM (SELECT p.id AS id FROM posts_fts CROSS JOIN ${posts} AS p ON p.rowid = posts_fts.rowid
        WHERE posts_fts MATCH (CASE WHEN ${wholeFound} THEN ${E.whole} ELSE ${E.beginnings} END) AND ${listed("p")}${older("p.id")} AND ${visible("p")}
        ORDER BY posts_fts.rowid DESC LIMIT ${size})`;
      const byTag = sql`SELECT id FROM (SELECT ph.post_id AS id FROM ${postHashtags} AS ph INDEXED BY post_hashtags_tag_idx CROSS JOIN ${posts} AS t ON t.id = ph.post_id
        WHERE ph.hashtag = ${E.tag} AND ${listed("t")}${older("ph.post_id")} AND ${visible("t")}
        ORDER BY ph.post_id DESC LIMIT ${size})`;
      return sql`${posts.id} IN (SELECT id FROM (${byWords} UNION ${byTag}) ORDER BY id DESC LIMIT ${size})`;
    },
  };
}
