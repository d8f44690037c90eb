import { and, or, sql } from "drizzle-orm";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/constants";
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
 */
export type SearchTerms = { prefixes: string; tag: string };

export function searchTermsOf(query: string): SearchTerms | null {
  const words = query.normalize("NFC").match(/[\p{L}\p{M}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return null;
  return { prefixes: words.map((word) => `"${word}"*`).join(" "), tag: words.join("").toLowerCase() };
}

/** An FTS5 query on `users_fts` for members whose `columns` have words beginning with the terms'. */
export function namesMatch(terms: SearchTerms, columns: ("display_name" | "username")[]): string {
  return `{${columns.join(" ")}}: (${terms.prefixes})`;
}

export function matching(query: string): CardCondition {
  const terms = searchTermsOf(query);
  if (!terms) return matchesNothing;
  return {
    key: "search",
    values: {
      searchWords: terms.prefixes,
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
      const visible = canViewSql(viewer, shownAuthorId, shownSubscriberOnly, P.now);
      return or(and(or(byWords, byHashtag), visible), byAuthor)!;
    },
  };
}
