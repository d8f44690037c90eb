import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { FEED_PAGE_SIZE } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import type { Db } from "./db/client";
import { param, runReads, selectRead, type Read } from "./db/reads";
import { postBookmarks, postHashtags, posts, users } from "./db/schema";
import { loadFeedPage } from "./feed-load";
import { canViewSql, inAudienceSql, inCommunitySql } from "./posts/access";
import { cardsRead, P, type CardCondition } from "./posts/cards";
import { bookmarkCursor, parseBookmarkCursor, type BookmarkCursor } from "./posts/cursors";
import { namesMatch, postWordsMatch, searchTermsOf, type SearchTerms } from "./posts/search";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * The bookmarks page (spec document 2 §2 "Bookmarks", §7 post_bookmarks): the member's bookmarked
 * posts, newest bookmark first, keyset-paged by the bookmark (its time, then its post: two bookmarks
 * of one millisecond neither repeat nor vanish), optionally narrowed by a search (docs/decisions/029).
 *
 * A page is two prepared reads in one round trip (with the session's, 026): the page's bookmarks
 * (their order and where the next page starts), and their cards from the one card builder, with a
 * condition that picks the same page. The card builder orders by post; the bookmarks' order is put
 * back here. Both statements run in one D1 batch, one transaction, so they see the same bookmarks.
 */

const B = {
  at: param("bookmarkAt"),
  post: param("bookmarkPost"),
  words: param("bookmarkWords"),
  name: param("bookmarkName"),
  tag: param("bookmarkTag"),
};

/** What a search narrows the page to: terms, nothing at all (only punctuation typed), or no search. */
type Search = SearchTerms | "nothing" | null;

function searchOf(query: string | null | undefined): Search {
  if (!query) return null;
  return searchTermsOf(query) ?? "nothing";
}

const searchKey = (search: Search) => (search === null ? "all" : search === "nothing" ? "nothing" : "search");

function pageValues(after: BookmarkCursor | null, search: Search): Record<string, unknown> {
  return {
    ...(after ? { bookmarkAt: after.at, bookmarkPost: after.postId } : {}),
    ...(search && search !== "nothing"
      ? { bookmarkWords: postWordsMatch(search.prefixes), bookmarkName: namesMatch(search.names.prefixes, ["display_name", "username"]), bookmarkTag: search.tag }
      : {}),
  };
}

/**
 * A bookmark matches a search as the feed's search matches a post (decision 016), tested on this one
 * post instead of listing every match: its words by FTS5 prefix, one of its hashtags exactly, or its
 * author's display name or username by word beginnings. A post the member may no longer see (a
 * subscription that ended) matches by neither its words nor its hashtags, only by its author.
 */
function bookmarkMatchesSql(viewer: SQL): SQL {
  const byWords = sql`EXISTS (SELECT 1 FROM posts_fts WHERE posts_fts.rowid = bp.rowid AND posts_fts MATCH ${B.words})`;
  const byHashtag = sql`EXISTS (SELECT 1 FROM ${postHashtags} WHERE ${postHashtags.postId} = b.post_id AND ${postHashtags.hashtag} = ${B.tag})`;
  const byAuthor = sql`EXISTS (SELECT 1 FROM ${users} AS author CROSS JOIN users_fts ON users_fts.rowid = author.rowid
    WHERE author.id = bp.user_id AND users_fts MATCH ${B.name})`;
  const visible = canViewSql(viewer, sql.raw("bp.user_id"), sql.raw("bp.is_subscriber_only"), P.now, null);
  return sql`(((${byWords} OR ${byHashtag}) AND ${visible}) OR ${byAuthor})`;
}

/**
 * One page of the member's bookmarks as SQL, newest first: a range of post_bookmarks_user_idx
 * (user_id, created_at, post_id), migration 0009. The index and the join order are named, so the
 * plan holds without statistics. A post whose author no longer shares it with the member (decision
 * 031), or in a private community the member has left (035), is left out, bookmark kept.
 */
function bookmarkPageSql(viewer: SQL, { after, search, size, columns }: { after: boolean; search: Search; size: number; columns: SQL }): SQL {
  const continues = after ? sql` AND (b.created_at, b.post_id) < (${B.at}, ${B.post})` : sql``;
  const matches = search === null ? sql`` : search === "nothing" ? sql` AND 0` : sql` AND ${bookmarkMatchesSql(viewer)}`;
  return sql`SELECT ${columns} FROM ${postBookmarks} AS b INDEXED BY post_bookmarks_user_idx CROSS JOIN ${posts} AS bp ON bp.id = b.post_id
    WHERE b.user_id = ${viewer} AND ${inAudienceSql(viewer, sql.raw("bp.user_id"))} AND ${inCommunitySql(viewer, sql.raw("bp.community_id"))}${continues}${matches}
    ORDER BY b.created_at DESC, b.post_id DESC LIMIT ${size}`;
}

type BookmarkKey = { postId: string; at: number };

/** The page's bookmarks, one more than shown (to know whether another page follows). */
function bookmarkKeysRead(db: Db, viewer: NonNullable<Viewer>, after: BookmarkCursor | null, search: Search, limit: number, now: number): Read<BookmarkKey[]> {
  return selectRead<BookmarkKey>(
    db,
    ["bookmark-keys", viewerKey(viewer), after ? "older" : "newest", searchKey(search), limit].join(":"),
    () => {
      // Named columns: a batch answers rows keyed by column name (008).
      const fields = { postId: sql<string>`page.post_id`.as("bookmark_post_id"), at: sql<number>`page.at`.as("bookmark_at") };
      const page = bookmarkPageSql(viewerSql(viewer)!, { after: Boolean(after), search, size: limit + 1, columns: sql`b.post_id AS post_id, b.created_at AS at` });
      return { fields, query: db.select(fields).from(sql`(${page}) AS page`) };
    },
    { ...viewerValues(viewer), now, ...pageValues(after, search) },
  );
}

/** The cards of the page's bookmarks (exactly the page: the extra one stays out). */
function bookmarkedPage(after: BookmarkCursor | null, search: Search, limit: number): CardCondition {
  return {
    key: ["bookmarked", after ? "older" : "newest", searchKey(search)].join("-"),
    picksPage: true,
    values: pageValues(after, search),
    where: ({ viewer }) => sql`${posts.id} IN (${bookmarkPageSql(viewer!, { after: Boolean(after), search, size: limit, columns: sql`b.post_id` })})`,
  };
}

export type BookmarksOptions = { cursor?: string | null; query?: string | null; limit?: number; now?: number };

/** The two reads of a bookmarks page; `toBookmarksPage` makes the page of their answers. */
export function bookmarksReads(db: Db, viewer: NonNullable<Viewer>, options: BookmarksOptions = {}) {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const now = options.now ?? Date.now();
  const after = parseBookmarkCursor(options.cursor);
  const search = searchOf(options.query);
  return [bookmarkKeysRead(db, viewer, after, search, limit, now), cardsRead(db, viewer, [bookmarkedPage(after, search, limit)], { limit, now })] as const;
}

/** The cards in bookmark order, and the cursor after the last bookmark shown if more follow. */
export function toBookmarksPage([keys, cards]: readonly [BookmarkKey[], FeedPage], limit = FEED_PAGE_SIZE): FeedPage {
  const byPost = new Map(cards.items.map((item) => [item.id, item]));
  const shown = keys.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.flatMap((key) => byPost.get(key.postId) ?? []),
    nextCursor: keys.length > limit && last ? bookmarkCursor({ at: last.at, postId: last.postId }) : null,
  };
}

/** A page of a member's bookmarks, read on its own (tests, and any caller outside a page). */
export async function listBookmarks(db: Db, memberId: string, options: BookmarksOptions = {}): Promise<FeedPage> {
  return toBookmarksPage(await runReads(db, bookmarksReads(db, memberId, options)), options.limit);
}

/**
 * The bookmarks page's reads, handed to the session's round trip (026): call before awaiting anything,
 * then `requireUser`. A failed read is the feed's message with the cursor kept (015).
 */
export function loadBookmarksPage(context: AppLoadContext, options: { cursor: string | null; query: string | null }) {
  return loadFeedPage(async () => {
    const answers = await context.readAsMember((viewer) => bookmarksReads(context.db, viewer, options));
    return answers ? toBookmarksPage(answers) : { items: [], nextCursor: options.cursor };
  }, options.cursor);
}
