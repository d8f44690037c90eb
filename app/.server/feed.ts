import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, SQL, sql, type Placeholder } from "drizzle-orm";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import {
  COMMENT_REPLIES_PER_PAGE,
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_SIZE,
  FOLLOWING_SCAN_MIN_FOLLOWS,
  FOLLOWING_SCAN_WINDOW,
  FOR_YOU,
  INTEREST_POSTS_SAMPLE,
  TIME,
  TOP_COMMENTS_SHOWN,
} from "~/lib/constants";
import { canViewSql } from "./access";
import type { Db } from "./db/client";
import { param, runPrepared } from "./db/prepared";
import {
  commentLikes,
  comments,
  follows,
  postBookmarks,
  postHashtags,
  postLikes,
  postReposts,
  posts,
  postShares,
  users,
} from "./db/schema";

/**
 * Reading posts: the card data of a feed page in one query (author, counts, the viewer's flags, the
 * original of a repost and its top comments), keyset-paged. Content a viewer may not see never leaves
 * this module: a locked card carries no text, media or comments.
 */

export type VerifiedType = "user" | "business" | null;

export type PostAuthor = {
  id: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: VerifiedType;
};

export type CommentPreview = {
  id: string;
  content: string;
  likesCount: number;
  createdAt: number;
  author: Omit<PostAuthor, "id">;
};

export type PostView = {
  id: string;
  author: PostAuthor;
  content: string;
  mediaUrls: string[];
  videoUrl: string | null;
  location: string | null;
  isSubscriberOnly: boolean;
  /** A subscriber-only post the viewer may not see: no content, media or comments were sent. */
  locked: boolean;
  communityId: string | null;
  createdAt: number;
  counts: { comments: number; reposts: number; likes: number; shares: number; views: number };
  viewer: { liked: boolean; reposted: boolean; bookmarked: boolean; shared: boolean };
  topComments: CommentPreview[];
};

/** A feed entry: a post, or someone's repost of one (shown with a 'reposted' banner). */
export type FeedItem = {
  /** The entry's own id: the post's, or the repost's. */
  id: string;
  repostedBy: { id: string; username: string; displayName: string } | null;
  post: PostView;
};

export type FeedPage = { items: FeedItem[]; nextCursor: string | null };

const original = alias(posts, "original");
const originalAuthor = alias(users, "original_author");
const mine = alias(posts, "mine");

/** The shown post: the original for a repost, else the post itself. */
function shown<T>(own: AnySQLiteColumn | SQL, ofOriginal: AnySQLiteColumn | SQL): SQL<T> {
  return sql<T>`CASE WHEN ${original.id} IS NULL THEN ${own} ELSE ${ofOriginal} END`;
}

const shownId = shown<string>(posts.id, original.id);
const shownAuthorId = shown<string>(posts.userId, original.userId);
const shownSubscriberOnly = shown<number>(posts.isSubscriberOnly, original.isSubscriberOnly);

/** A viewer's id or the time: the value itself, or the placeholder a prepared read binds it to. */
type Bound<T> = T | Placeholder;

function viewerFlag(table: typeof postLikes | typeof postReposts | typeof postBookmarks, viewerId: Bound<string> | null) {
  if (!viewerId) return sql<number>`0`;
  return sql<number>`EXISTS (SELECT 1 FROM ${table} WHERE ${table.postId} = ${shownId} AND ${table.userId} = ${viewerId})`;
}

function sharedFlag(viewerId: Bound<string> | null) {
  if (!viewerId) return sql<number>`0`;
  return sql<number>`EXISTS (SELECT 1 FROM ${postShares} WHERE ${postShares.postId} = ${shownId} AND ${postShares.userId} = ${viewerId})`;
}

/** The shown post's most-liked top-level comments (newest first among equals), as JSON. */
const topCommentsJson = sql<string>`(
  SELECT json_group_array(json_object(
    'id', c.id, 'content', c.content, 'likesCount', c.likes_count, 'createdAt', c.created_at,
    'username', u.username, 'displayName', u.display_name, 'avatarUrl', u.avatar_url, 'verifiedType', u.verified_type))
  FROM (
    SELECT ${comments.id} AS id, ${comments.content} AS content, ${comments.likesCount} AS likes_count,
           ${comments.createdAt} AS created_at, ${comments.userId} AS user_id
    FROM ${comments}
    WHERE ${comments.postId} = ${shownId} AND ${comments.parentId} IS NULL
    ORDER BY ${comments.likesCount} DESC, ${comments.id} DESC
    LIMIT ${TOP_COMMENTS_SHOWN}
  ) AS c JOIN ${users} AS u ON u.id = c.user_id)`;

/**
 * Every computed column gets a name of its own: D1 returns rows by position and merges columns that
 * share a name, so two unnamed `0`s (a visitor's flags), or a computed `username` beside the table's,
 * would shift every column after them.
 */
function named<T extends Record<string, unknown>>(columns: T) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, column instanceof SQL ? column.as(`card_${key}`) : column]),
  ) as { [K in keyof T]: T[K] extends SQL<infer V> ? SQL.Aliased<V> : T[K] };
}

function cardColumns(viewerId: Bound<string> | null, now: Bound<number>) {
  return named({
    id: posts.id,
    repostOf: posts.repostedFromPostId,
    itemUserId: posts.userId,
    itemUsername: users.username,
    itemDisplayName: users.displayName,
    postId: shownId,
    authorId: shownAuthorId,
    username: shown<string>(users.username, originalAuthor.username),
    displayName: shown<string>(users.displayName, originalAuthor.displayName),
    avatarUrl: shown<string | null>(users.avatarUrl, originalAuthor.avatarUrl),
    verifiedType: shown<VerifiedType>(users.verifiedType, originalAuthor.verifiedType),
    content: shown<string>(posts.content, original.content),
    mediaUrls: shown<string | null>(posts.mediaUrls, original.mediaUrls),
    videoUrl: shown<string | null>(posts.videoUrl, original.videoUrl),
    location: shown<string | null>(posts.location, original.location),
    isSubscriberOnly: shownSubscriberOnly,
    communityId: shown<string | null>(posts.communityId, original.communityId),
    createdAt: shown<number>(posts.createdAt, original.createdAt),
    commentsCount: shown<number>(posts.commentsCount, original.commentsCount),
    repostsCount: shown<number>(posts.repostsCount, original.repostsCount),
    likesCount: shown<number>(posts.likesCount, original.likesCount),
    sharesCount: shown<number>(posts.sharesCount, original.sharesCount),
    viewsCount: shown<number>(posts.viewsCount, original.viewsCount),
    liked: viewerFlag(postLikes, viewerId),
    reposted: viewerFlag(postReposts, viewerId),
    bookmarked: viewerFlag(postBookmarks, viewerId),
    shared: sharedFlag(viewerId),
    canView: canViewSql(viewerId, shownAuthorId, shownSubscriberOnly, now),
    topComments: topCommentsJson,
  });
}

type CardColumns = ReturnType<typeof cardColumns>;

function selectFrom(db: Db, fields: CardColumns) {
  return db
    .select(fields)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(original, eq(original.id, posts.repostedFromPostId))
    .leftJoin(originalAuthor, eq(originalAuthor.id, original.userId));
}

function selectCards(db: Db, viewerId: string | null, now: number) {
  return selectFrom(db, cardColumns(viewerId, now));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>["all"]>>[number];

/**
 * The placeholders of the prepared feed reads (docs/decisions/013-prepared-reads.md): the same SQL
 * text serves every viewer and page; the key of each read names what changes its text.
 */
const P = {
  viewer: param("viewer"),
  now: param("now"),
  before: param("before"),
  community: param("community"),
  poolTop: param("poolTop"),
  score: param("score"),
  after: param("after"),
};

/** A prepared read of cards: the shared columns (for a member or a visitor) filtered, newest first. */
function preparedCards(db: Db, signedIn: boolean, where: SQL | undefined, limit: number) {
  const fields = cardColumns(signedIn ? P.viewer : null, P.now);
  return { fields, query: selectFrom(db, fields).where(where).orderBy(desc(posts.id)).limit(limit) };
}

const CommentPreviewRow = z.object({
  id: z.string(),
  content: z.string(),
  likesCount: z.number(),
  createdAt: z.number(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  verifiedType: z.enum(["user", "business"]).nullable(),
});

function parseTopComments(json: string | null): CommentPreview[] {
  const rows = z.array(CommentPreviewRow).safeParse(JSON.parse(json ?? "[]"));
  if (!rows.success) return [];
  return rows.data
    .sort((a, b) => b.likesCount - a.likesCount || (a.id < b.id ? 1 : -1))
    .map(({ username, displayName, avatarUrl, verifiedType, ...comment }) => ({
      ...comment,
      author: { username, displayName, avatarUrl, verifiedType },
    }));
}

/** Stored media lists may hold blanks from older clients; they are dropped (spec document 1 §5). */
function parseMediaUrls(value: unknown): string[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.filter((url): url is string => typeof url === "string" && url.trim() !== "") : [];
}

/** The author fields every selected post or comment row carries. */
function toAuthor(row: Omit<PostAuthor, "id"> & { authorId: string }): PostAuthor {
  return {
    id: row.authorId,
    username: row.username,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    verifiedType: row.verifiedType,
  };
}

function toFeedItem(row: CardRow): FeedItem {
  const locked = !row.canView;
  const post: PostView = {
    id: row.postId,
    author: toAuthor(row),
    content: locked ? "" : row.content,
    mediaUrls: locked ? [] : parseMediaUrls(row.mediaUrls),
    videoUrl: locked || !row.videoUrl?.trim() ? null : row.videoUrl,
    location: locked ? null : row.location,
    isSubscriberOnly: Boolean(row.isSubscriberOnly),
    locked,
    communityId: row.communityId,
    createdAt: Number(row.createdAt),
    counts: {
      comments: row.commentsCount ?? 0,
      reposts: row.repostsCount ?? 0,
      likes: row.likesCount ?? 0,
      shares: row.sharesCount ?? 0,
      views: row.viewsCount ?? 0,
    },
    viewer: {
      liked: Boolean(row.liked),
      reposted: Boolean(row.reposted),
      bookmarked: Boolean(row.bookmarked),
      shared: Boolean(row.shared),
    },
    topComments: locked ? [] : parseTopComments(row.topComments),
  };
  return {
    id: row.id,
    repostedBy: row.repostOf ? { id: row.itemUserId, username: row.itemUsername, displayName: row.itemDisplayName } : null,
    post,
  };
}

// ───────────────────────────── cursors ─────────────────────────────

/**
 * Time-ordered lists page by the last entry's id. 'For you' pages through a ranked pool and then on
 * through older posts in time order; its cursor pins the ranking time and the pool so pages neither
 * repeat nor skip posts while new ones arrive.
 */
type Cursor =
  | { kind: "time"; before: string }
  | { kind: "ranked"; now: number; top: string; score: number; id: string };

const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function parseCursor(value: string | null): Cursor | null {
  if (!value) return null;
  if (ID.test(value)) return { kind: "time", before: value };
  const [tag, now, top, score, id] = value.split("~");
  if (tag !== "r" || !now || !top || !score || !id || !ID.test(top) || !ID.test(id)) return null;
  const numbers = [Number(now), Number(score)];
  if (numbers.some((n) => !Number.isFinite(n))) return null;
  return { kind: "ranked", now: numbers[0]!, top, score: numbers[1]!, id };
}

function rankedCursor(now: number, top: string, score: number, id: string) {
  return ["r", now, top, score, id].join("~");
}

// ───────────────────────────── feeds ─────────────────────────────

export type Viewer = { id: string } | null;

export type FeedOptions = { cursor?: string | null; query?: string | null; now?: number; limit?: number };

/** Posts outside communities, unless a community is given (spec document 1 §5). */
function inScope(communityId?: string | null) {
  return communityId ? eq(posts.communityId, communityId) : isNull(posts.communityId);
}

function timePage(rows: CardRow[], limit: number): FeedPage {
  const items = rows.slice(0, limit).map(toFeedItem);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** The time cursor's id, if the cursor is one. */
function beforeId(cursor: Cursor | null) {
  return cursor?.kind === "time" ? cursor.before : null;
}

/**
 * The search filter of the home feed: the shown post's words (full-text, word prefixes), its author's
 * display name, or one of its hashtags, case-insensitively. Locked posts never match by their words or hashtags.
 */
export function searchCondition(query: string, viewerId: string | null, now: number): SQL {
  const words = query.match(/[\p{L}\p{N}_]+/gu) ?? [];
  // Nothing searchable (only punctuation): nothing matches, rather than everything.
  if (words.length === 0) return sql`0`;
  const ftsQuery = words.map((word) => `"${word}"*`).join(" ");
  const phrase = words.join(" ").toLowerCase();
  const like = `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byWords = sql`${shownId} IN (
      SELECT ${posts.id} FROM posts_fts JOIN ${posts} ON ${posts}.rowid = posts_fts.rowid WHERE posts_fts MATCH ${ftsQuery})`;
  const byAuthor = sql`${shownAuthorId} IN (SELECT ${users.id} FROM ${users} WHERE lower(${users.displayName}) LIKE ${like} ESCAPE '\\')`;
  const byHashtag = sql`${shownId} IN (SELECT ${postHashtags.postId} FROM ${postHashtags} WHERE ${postHashtags.hashtag} = ${phrase.replace(/\s+/g, "")})`;
  // Words and hashtags are content: a locked post matches neither (its author's name still finds it).
  const byContent = and(or(byWords, byHashtag), canViewSql(viewerId, shownAuthorId, shownSubscriberOnly, now));
  return or(byContent, byAuthor)!;
}

/**
 * The ids of a Following page (docs/decisions/010-following-feed.md). Two ways to the same answer, in
 * one statement: among the newest FOLLOWING_SCAN_WINDOW posts, those by followed members (fast when one
 * follows many active people; skipped below FOLLOWING_SCAN_MIN_FOLLOWS); only if that finds less than a
 * page, each followed member's own newest posts through posts_user_idx (fast when one follows few).
 * Either is bounded.
 */
function followingPageIds(viewerId: Bound<string>, before: Bound<string> | null, size: number) {
  const older = (id: AnySQLiteColumn | SQL) => (before ? sql`AND ${id} < ${before}` : sql``);
  const followed = sql`SELECT ${follows.followingId} FROM ${follows} WHERE ${follows.followerId} = ${viewerId}`;
  const scanned = sql`CASE WHEN (SELECT ${users.followingCount} FROM ${users} WHERE ${users.id} = ${viewerId}) >= ${FOLLOWING_SCAN_MIN_FOLLOWS}
    THEN ${FOLLOWING_SCAN_WINDOW} ELSE 0 END`;
  return sql`WITH recent AS MATERIALIZED (
      SELECT id FROM (
        SELECT ${posts.id} AS id, ${posts.userId} AS user_id FROM ${posts}
        WHERE ${posts.communityId} IS NULL ${older(posts.id)}
        ORDER BY ${posts.id} DESC LIMIT ${scanned}
      ) WHERE user_id IN (${followed})
      ORDER BY id DESC LIMIT ${size}
    )
    SELECT id FROM recent
    UNION
    SELECT walked.id FROM ${follows} AS f JOIN ${posts} AS walked ON walked.id IN (
      SELECT own.id FROM ${posts} AS own
      WHERE own.user_id = f.following_id AND own.community_id IS NULL ${older(sql.raw("own.id"))}
      ORDER BY own.id DESC LIMIT ${size}
    )
    WHERE f.follower_id = ${viewerId} AND (SELECT count(*) FROM recent) < ${size}
    ORDER BY id DESC LIMIT ${size}`;
}

/** Following: posts and reposts by the people the viewer follows, newest first (never the viewer's own). */
export async function getFollowingFeed(db: Db, viewerId: string, options: FeedOptions = {}): Promise<FeedPage> {
  const now = options.now ?? Date.now();
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const before = beforeId(parseCursor(options.cursor ?? null));
  // A search has to look at every followed member's posts (the page-id shortcut stops at a page before
  // matching), and its text depends on its words: it is built for each request (key null).
  const query = options.query;
  const rows = await runPrepared<CardRow>(
    db,
    query ? null : `following:${before ? "older" : "newest"}:${limit}`,
    () => {
      const where = query
        ? and(
            inScope(),
            inArray(posts.userId, db.select({ id: follows.followingId }).from(follows).where(eq(follows.followerId, P.viewer))),
            before ? lt(posts.id, P.before) : undefined,
            searchCondition(query, viewerId, now),
          )
        : sql`${posts.id} IN (${followingPageIds(P.viewer, before ? P.before : null, limit + 1)})`;
      return preparedCards(db, true, where, limit + 1);
    },
    { viewer: viewerId, now, before },
  );
  return timePage(rows, limit);
}

/** Every post (and repost) in scope, newest first: the searched home feed, and the base of other lists. */
export async function getLatestFeed(
  db: Db,
  viewerId: string | null,
  options: FeedOptions & { videosOnly?: boolean; communityId?: string | null } = {},
): Promise<FeedPage> {
  const now = options.now ?? Date.now();
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const before = beforeId(parseCursor(options.cursor ?? null));
  const community = options.communityId ?? null;
  // A search's text depends on its words: it is built for each request (key null).
  const search = options.query ? searchCondition(options.query, viewerId, now) : undefined;
  const key = search
    ? null
    : [
        "latest",
        options.videosOnly ? "videos" : "all",
        community ? "community" : "home",
        before ? "older" : "newest",
        viewerId ? "member" : "visitor",
        limit,
      ].join(":");
  const rows = await runPrepared<CardRow>(
    db,
    key,
    () =>
      preparedCards(
        db,
        Boolean(viewerId),
        and(
          community ? eq(posts.communityId, P.community) : isNull(posts.communityId),
          options.videosOnly ? isNotNull(posts.videoUrl) : undefined,
          before ? lt(posts.id, P.before) : undefined,
          search,
        ),
        limit + 1,
      ),
    { viewer: viewerId, now, before, community },
  );
  return timePage(rows, limit);
}

/** /videos: posts with a video, newest first. */
export function getVideoFeed(db: Db, viewerId: string | null, options: FeedOptions = {}) {
  return getLatestFeed(db, viewerId, { ...options, query: null, videosOnly: true });
}

/**
 * The 'For you' score of a post (docs/decisions/006-for-you-ranking.md):
 *   (1 + ln(1 + likes·1 + reposts·2 + comments·3 + views·0.05))
 *   × (1 + 0.5 · min(hashtags shared with the viewer's last 50 posts, 3))
 *   ÷ (age in hours + 2) ^ 1.5
 */
function forYouScore(viewerId: Bound<string>, now: Bound<number>) {
  const w = FOR_YOU;
  const interests = sql`(SELECT ${postHashtags.hashtag} FROM ${postHashtags} WHERE ${postHashtags.postId} IN (
      SELECT ${mine.id} FROM ${posts} AS mine WHERE ${mine.userId} = ${viewerId} ORDER BY ${mine.id} DESC LIMIT ${INTEREST_POSTS_SAMPLE}))`;
  const matches = sql`(SELECT count(*) FROM ${postHashtags} AS ph WHERE ph.post_id = ${posts.id} AND ph.hashtag IN ${interests})`;
  const engagement = sql`(${posts.likesCount} * ${w.likeWeight} + ${posts.repostsCount} * ${w.repostWeight}
    + ${posts.commentsCount} * ${w.commentWeight} + ${posts.viewsCount} * ${w.viewWeight})`;
  const ageHours = sql`((${now} - ${posts.createdAt}) / (${TIME.HOUR} * 1.0))`;
  return sql<number>`((1.0 + ln(1.0 + ${engagement})) * (1.0 + ${w.interestBoost} * min(${matches}, ${w.maxInterestMatches}))
    / pow(max(${ageHours}, 0) + ${w.ageOffsetHours}, ${w.gravity}))`;
}

/**
 * A page of the ranked pool (prepared): the pool is the newest FOR_YOU.poolSize posts up to the
 * cursor's pinned top; the page is the next `size` by score after the cursor's (score, id).
 */
function rankedCards(db: Db, paging: boolean, size: number) {
  const pool = db.$with("pool").as(
    db
      .select({ poolId: sql<string>`${posts.id}`.as("pool_id"), score: forYouScore(P.viewer, P.now).as("score") })
      .from(posts)
      .where(and(inScope(), isNull(posts.repostedFromPostId), paging ? lte(posts.id, P.poolTop) : undefined))
      .orderBy(desc(posts.id))
      .limit(FOR_YOU.poolSize),
  );
  // The page's ids first: card columns (flags, comments, access) are then computed for them alone,
  // not for every ranked post of the pool before the sort.
  const ranked = db.$with("ranked").as(
    db
      .select({ rankedId: sql<string>`${pool.poolId}`.as("ranked_id"), rankedScore: sql<number>`${pool.score}`.as("ranked_score") })
      .from(pool)
      .where(
        paging ? sql`(${pool.score} < ${P.score} OR (${pool.score} = ${P.score} AND ${pool.poolId} < ${P.after}))` : undefined,
      )
      .orderBy(desc(pool.score), desc(pool.poolId))
      .limit(size),
  );
  const fields = {
    ...cardColumns(P.viewer, P.now),
    score: ranked.rankedScore,
    poolTop: sql<string>`(SELECT max(${pool.poolId}) FROM ${pool})`.as("pool_top"),
    poolBottom: sql<string>`(SELECT min(${pool.poolId}) FROM ${pool})`.as("pool_bottom"),
    poolCount: sql<number>`(SELECT count(*) FROM ${pool})`.as("pool_count"),
  };
  const query = db
    .with(pool, ranked)
    .select(fields)
    .from(ranked)
    .innerJoin(posts, eq(posts.id, ranked.rankedId))
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(original, eq(original.id, posts.repostedFromPostId))
    .leftJoin(originalAuthor, eq(originalAuthor.id, original.userId))
    .orderBy(desc(ranked.rankedScore), desc(posts.id));
  return { fields, query };
}

/**
 * For you: the newest posts (not reposts) in a pool ranked by score, then every older post newest
 * first. The first page pins the time and the pool's newest id into the cursor.
 */
export async function getForYouFeed(db: Db, viewerId: string, options: FeedOptions = {}): Promise<FeedPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  if (options.query) return getLatestFeed(db, viewerId, options);
  const cursor = parseCursor(options.cursor ?? null);
  if (cursor?.kind === "time") {
    const rows = await runPrepared<CardRow>(
      db,
      `forYou:older:${limit}`,
      () => preparedCards(db, true, and(inScope(), isNull(posts.repostedFromPostId), lt(posts.id, P.before)), limit + 1),
      { viewer: viewerId, now: options.now ?? Date.now(), before: cursor.before },
    );
    return timePage(rows, limit);
  }

  const now = cursor?.now ?? options.now ?? Date.now();
  const rows = await runPrepared<CardRow & { score: number; poolTop: string; poolBottom: string; poolCount: number }>(
    db,
    `forYou:ranked:${cursor ? "next" : "first"}:${limit}`,
    () => rankedCards(db, cursor !== null, limit + 1),
    cursor ? { viewer: viewerId, now, poolTop: cursor.top, score: cursor.score, after: cursor.id } : { viewer: viewerId, now },
  );

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > limit && last) nextCursor = rankedCursor(now, last.poolTop, last.score, last.id);
  // The pool is used up: older posts follow in time order, if the pool did not already hold them all.
  else if (last && last.poolCount >= FOR_YOU.poolSize) nextCursor = last.poolBottom;
  return { items: page.map(toFeedItem), nextCursor };
}

// ───────────────────────────── one post ─────────────────────────────

export type CommentView = {
  id: string;
  parentId: string | null;
  content: string;
  likesCount: number;
  createdAt: number;
  liked: boolean;
  author: Omit<PostAuthor, "id"> & { id: string };
};

export type CommentPage = { comments: CommentView[]; nextCursor: string | null };

/** Top-level comments page by (likes, id), most liked first: the cursor is the last one's. */
function parseCommentCursor(value: string | null): { likes: number; id: string } | null {
  const [tag, likes, id] = (value ?? "").split("~");
  if (tag !== "c" || !likes || !id || !ID.test(id) || !Number.isInteger(Number(likes))) return null;
  return { likes: Number(likes), id };
}

/**
 * One page of a post's comments: up to COMMENTS_PAGE_SIZE top-level comments, most liked first (then
 * newest), each with its whole thread of replies (at most COMMENT_REPLIES_PER_PAGE replies in all).
 */
function selectCommentPage(db: Db, viewerId: string | null, postId: SQL, cursor: string | null) {
  const after = parseCommentCursor(cursor);
  const keyset = after
    ? sql`AND (${comments.likesCount} < ${after.likes} OR (${comments.likesCount} = ${after.likes} AND ${comments.id} < ${after.id}))`
    : sql``;
  const thread = sql`WITH RECURSIVE top AS (
      SELECT ${comments.id} AS id FROM ${comments}
      WHERE ${comments.postId} = ${postId} AND ${comments.parentId} IS NULL ${keyset}
      ORDER BY ${comments.likesCount} DESC, ${comments.id} DESC LIMIT ${COMMENTS_PAGE_SIZE + 1}
    ), thread(id) AS (
      SELECT id FROM top
      UNION ALL
      SELECT reply.id FROM ${comments} AS reply JOIN thread ON reply.parent_id = thread.id
    )
    SELECT id FROM thread LIMIT ${COMMENTS_PAGE_SIZE + 1 + COMMENT_REPLIES_PER_PAGE}`;
  const liked = viewerId
    ? sql<number>`EXISTS (SELECT 1 FROM ${commentLikes} WHERE ${commentLikes.commentId} = ${comments.id} AND ${commentLikes.userId} = ${viewerId})`
    : sql<number>`0`;
  return db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      content: comments.content,
      likesCount: comments.likesCount,
      createdAt: comments.createdAt,
      liked: liked.as("comment_liked"),
      // D1 merges same-named columns (docs/decisions/008): the author's id needs its own name.
      authorId: sql<string>`${users.id}`.as("author_id"),
      username: users.username,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      verifiedType: users.verifiedType,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(sql`${comments.id} IN (${thread})`);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectCommentPage>["all"]>>[number];

function toCommentPage(rows: CommentRow[]): CommentPage {
  const views: CommentView[] = rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    content: row.content,
    likesCount: row.likesCount,
    createdAt: row.createdAt.getTime(),
    liked: Boolean(row.liked),
    author: toAuthor(row),
  }));
  const top = views
    .filter((comment) => comment.parentId === null)
    .sort((a, b) => b.likesCount - a.likesCount || (a.id < b.id ? 1 : -1));
  const shown = new Set(top.slice(0, COMMENTS_PAGE_SIZE).map((comment) => comment.id));
  const last = top[COMMENTS_PAGE_SIZE - 1];
  // Replies of the extra top-level comment (fetched to know there is more) wait for the next page.
  const byId = new Map(views.map((comment) => [comment.id, comment]));
  const rootOf = (comment: CommentView): string => {
    let current = comment;
    while (current.parentId && byId.has(current.parentId)) current = byId.get(current.parentId)!;
    return current.id;
  };
  return {
    comments: views.filter((comment) => shown.has(rootOf(comment))),
    nextCursor: top.length > COMMENTS_PAGE_SIZE && last ? `c~${last.likesCount}~${last.id}` : null,
  };
}

const shownPostId = (postId: string) =>
  sql`coalesce((SELECT ${posts.repostedFromPostId} FROM ${posts} WHERE ${posts.id} = ${postId}), ${postId})`;

/** A post as its page shows it, with its first page of comments, in one round trip. Null if it does not exist. */
export async function getPostPage(
  db: Db,
  viewerId: string | null,
  postId: string,
  { now = Date.now(), commentsCursor = null }: { now?: number; commentsCursor?: string | null } = {},
): Promise<({ item: FeedItem } & CommentPage) | null> {
  const [cards, commentRows] = await db.batch([
    selectCards(db, viewerId, now).where(eq(posts.id, postId)),
    selectCommentPage(db, viewerId, shownPostId(postId), commentsCursor),
  ]);
  const card = cards[0];
  if (!card) return null;
  const item = toFeedItem(card);
  if (item.post.locked) return { item, comments: [], nextCursor: null };
  return { item, ...toCommentPage(commentRows) };
}

/** The card of one post (e.g. the post a reply answers). */
export async function getFeedItem(db: Db, viewerId: string | null, postId: string, now = Date.now()): Promise<FeedItem | null> {
  const row = await selectCards(db, viewerId, now).where(eq(posts.id, postId)).get();
  return row ? toFeedItem(row) : null;
}
