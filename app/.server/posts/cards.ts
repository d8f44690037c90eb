import { and, desc, eq, isNull, lt, SQL, sql, type Column, type Placeholder } from "drizzle-orm";
import { alias, type AnySQLiteColumn, type SelectedFields } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { compareTopLevel } from "~/lib/comments";
import { FEED_PAGE_SIZE, TOP_COMMENTS_SHOWN } from "~/lib/constants";
import type { ImageDimensions } from "~/lib/media-types";
import type { CommentPreview, FeedItem, FeedPage, PostView, VerifiedType } from "~/lib/types/post";
import { TOP_LEVEL_ORDER } from "../comments";
import type { Db } from "../db/client";
import { mapRead, param, runRead, selectRead, type Read } from "../db/reads";
import { comments, communities, memberSettings, postBookmarks, postLikes, postReposts, posts, postShares, users } from "../db/schema";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "../viewer";
import { blockWaySql, canViewSql, inAudienceSql, inCommunitySql, notBlockedWriterSql, notMutedSql, subscriberRuleSql } from "./access";
import { beforeOf } from "./cursors";

/**
 * The card builder: the one way Murmur reads posts for the interface. A card carries its author, its
 * counts, the viewer's flags, the original of a repost and its top comments, all in the same query;
 * and whether the viewer may see it, decided here by the access rule (./access.ts): a locked card
 * carries no text, media, location or comments. Lists ask for cards with conditions (which posts) and
 * a cursor; every read is prepared (docs/decisions/013-prepared-reads.md).
 */

const original = alias(posts, "original");
const originalAuthor = alias(users, "original_author");

/** The shown post's column: the original's for a repost, else the post's own. */
function shown<T>(own: AnySQLiteColumn | SQL, ofOriginal: AnySQLiteColumn | SQL): SQL<T> {
  return sql<T>`CASE WHEN ${original.id} IS NULL THEN ${own} ELSE ${ofOriginal} END`;
}

/** The id, author and gating of the post a row shows (conditions on content match these). */
export const shownId = shown<string>(posts.id, original.id);
export const shownAuthorId = shown<string>(posts.userId, original.userId);
export const shownSubscriberOnly = shown<number>(posts.isSubscriberOnly, original.isSubscriberOnly);
export const shownCommunityId = shown<string | null>(posts.communityId, original.communityId);

/**
 * What every card read binds besides the viewer (../viewer.ts): the time the access rule uses, and the
 * cursor.
 */
export const P = { now: param("now"), before: param("before") };

/**
 * Likes and reposts are found by their member-first index (user_id, post_id): a page's cards then read
 * the viewer's few leaves, not a leaf of each post's likes (decision 050). SQLite, with no statistics,
 * would take the post-first key, so the index is named.
 */
const MEMBER_FIRST = new Map<object, SQL>([
  [postLikes, sql.raw("INDEXED BY post_likes_user_idx")],
  [postReposts, sql.raw("INDEXED BY post_reposts_user_idx")],
]);

function viewerFlag(table: typeof postLikes | typeof postReposts | typeof postBookmarks | typeof postShares, viewer: SQL | null) {
  if (!viewer) return sql<number>`0`;
  const index = MEMBER_FIRST.get(table) ?? sql``;
  return sql<number>`EXISTS (SELECT 1 FROM ${table} ${index} WHERE ${table.postId} = ${shownId} AND ${table.userId} = ${viewer})`;
}

/**
 * Whom the shown post's author keeps it for, when the viewer is not among them (decision 031): their
 * followers, or signed-in members (a private profile, for a visitor). NULL when the viewer may read it.
 */
function keptForSql(viewer: SQL | null) {
  // A block says which way it goes (decision 100).
  const blockWay = viewer ? sql`CASE WHEN ${memberSettings.blocksCount} > 0 THEN ${blockWaySql(viewer, shownAuthorId)} END` : sql`NULL`;
  return sql<KeptFor | null>`CASE WHEN ${inAudienceSql(viewer, shownAuthorId)} THEN NULL ELSE (
    SELECT coalesce(${blockWay}, CASE WHEN ${memberSettings.postVisibility} = 'followers' THEN 'followers' ELSE 'members' END)
    FROM ${memberSettings} WHERE ${memberSettings.userId} = ${shownAuthorId}) END`;
}

/** Whom a post is kept for, or the block that keeps it from the viewer (decision 100). */
type KeptFor = "followers" | "members" | "blockedByYou" | "blocksYou";

/**
 * The audience rule as a list applies it (decision 031): the viewer is in the audience of the shown
 * post's author and, for a repost, of the member who reposted it; and a post in a private community
 * is listed only for its members (035).
 */
export function listedSql(viewer: SQL | null): SQL {
  return sql`(${inAudienceSql(viewer, shownAuthorId)} AND (${original.id} IS NULL OR ${inAudienceSql(viewer, posts.userId)})
    AND ${inCommunitySql(viewer, shownCommunityId)})`;
}

/**
 * A top comment's author field from the copy the comment carries; from the users row only for a
 * comment without copies (made while its author's row was missing, as a bulk load without foreign
 * keys could), so that one never blanks its card's previews.
 */
const authorCopy = (column: "username" | "display_name" | "avatar_url" | "verified_type") =>
  sql.raw(`CASE WHEN c.username IS NULL THEN (SELECT a.${column} FROM users AS a WHERE a.id = c.user_id) ELSE c.${column} END`);

/**
 * The shown post's first top-level comments, as JSON, with their authors from the copies each comment
 * carries (kept by triggers, migration 0018): no users row read per comment (decision 049). None by a
 * member in a block with the viewer or with the post's author (decision 100).
 */
const topCommentsJson = (viewer: SQL | null) => sql<string>`(
  SELECT json_group_array(json_object(
    'id', c.id, 'content', c.content, 'likesCount', c.likes_count, 'createdAt', c.created_at, 'authorId', c.user_id,
    'username', ${authorCopy("username")}, 'displayName', ${authorCopy("display_name")},
    'avatarUrl', ${authorCopy("avatar_url")}, 'verifiedType', ${authorCopy("verified_type")}))
  FROM (
    SELECT ${comments.id} AS id, ${comments.content} AS content, ${comments.likesCount} AS likes_count,
           ${comments.createdAt} AS created_at, ${comments.userId} AS user_id, ${comments.authorUsername} AS username,
           ${comments.authorDisplayName} AS display_name, ${comments.authorAvatarUrl} AS avatar_url,
           ${comments.authorVerifiedType} AS verified_type
    FROM ${comments}
    WHERE ${comments.postId} = ${shownId} AND ${comments.parentId} IS NULL AND ${notBlockedWriterSql(viewer, comments.userId, shownAuthorId)}
    ORDER BY ${sql.join(TOP_LEVEL_ORDER, sql`, `)}
    LIMIT ${TOP_COMMENTS_SHOWN}
  ) AS c)`;

/**
 * Every computed column gets a name of its own: D1 answers batched rows as objects keyed by column
 * name, so two unnamed `0`s (a visitor's flags), or a computed `username` beside the table's, would
 * collapse (docs/decisions/008).
 */
function named<T extends Record<string, unknown>>(columns: T) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, column instanceof SQL ? column.as(`card_${key}`) : column]),
  ) as { [K in keyof T]: T[K] extends SQL<infer V> ? SQL.Aliased<V> : T[K] };
}

/**
 * What a card says of the viewer's access: whether they may see it, whom its author keeps it for,
 * whether a repost's reposter has them in their audience, and whether its community lets them in.
 * `listed`: the statement keeps only rows the list rule lets through (`listedSql` in its WHERE, or For
 * you's pool: posts outside communities, not reposts, in their author's audience). Every row it answers
 * is then in the viewer's audience and community, so the columns that would decide those again are
 * constants, and whether the viewer may see the post is the subscriber rule alone: the same values,
 * without a second look-up of the author's settings, follows and community per card (decision 051).
 */
function accessColumns(viewer: SQL | null, listed: boolean) {
  if (listed) {
    return {
      communityVisible: sql<number>`1`,
      canView: subscriberRuleSql(viewer, shownAuthorId, shownSubscriberOnly, P.now),
      keptFor: sql<KeptFor | null>`NULL`,
      reposterInAudience: sql<number>`1`,
    };
  }
  return {
    communityVisible: inCommunitySql(viewer, shownCommunityId),
    canView: canViewSql(viewer, shownAuthorId, shownSubscriberOnly, P.now, shownCommunityId),
    keptFor: keptForSql(viewer),
    reposterInAudience: sql<number>`CASE WHEN ${original.id} IS NULL THEN 1 ELSE ${inAudienceSql(viewer, posts.userId)} END`,
  };
}

/**
 * The columns of a card, for a member (`viewer`: their id in SQL, ../viewer.ts) or a visitor (null);
 * `listed` as `accessColumns` says.
 */
export function cardFields(viewer: SQL | null, { listed = false }: { listed?: boolean } = {}) {
  const access = accessColumns(viewer, listed);
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
    mediaDimensions: shown<string | null>(posts.mediaDimensions, original.mediaDimensions),
    mediaDescriptions: shown<string | null>(posts.mediaDescriptions, original.mediaDescriptions),
    videoUrl: shown<string | null>(posts.videoUrl, original.videoUrl),
    location: shown<string | null>(posts.location, original.location),
    isSubscriberOnly: shownSubscriberOnly,
    communityId: shownCommunityId,
    communityName: sql<string | null>`(SELECT ${communities.name} FROM ${communities} WHERE ${communities.id} = ${shownCommunityId})`,
    communityVisible: access.communityVisible,
    createdAt: shown<number>(posts.createdAt, original.createdAt),
    commentsCount: shown<number>(posts.commentsCount, original.commentsCount),
    repostsCount: shown<number>(posts.repostsCount, original.repostsCount),
    likesCount: shown<number>(posts.likesCount, original.likesCount),
    sharesCount: shown<number>(posts.sharesCount, original.sharesCount),
    viewsCount: shown<number>(posts.viewsCount, original.viewsCount),
    countsAt: sql<number>`unixepoch('subsec') * 1000`,
    liked: viewerFlag(postLikes, viewer),
    reposted: viewerFlag(postReposts, viewer),
    bookmarked: viewerFlag(postBookmarks, viewer),
    shared: viewerFlag(postShares, viewer),
    canView: access.canView,
    // Whether a visitor may read it: only then does a share carry its words (a subscriber's share of a
    // paid post must not put them in a public tweet).
    forEveryone: canViewSql(null, shownAuthorId, shownSubscriberOnly, P.now, shownCommunityId),
    keptFor: access.keptFor,
    reposterInAudience: access.reposterInAudience,
    topComments: topCommentsJson(viewer),
  });
}

export type CardFields = ReturnType<typeof cardFields>;

/** Cards' columns over posts with their authors and, for reposts, the original and its author. */
export function selectCards(source: Pick<Db, "select">, fields: SelectedFields) {
  return source
    .select(fields)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(original, eq(original.id, posts.repostedFromPostId))
    .leftJoin(originalAuthor, eq(originalAuthor.id, original.userId));
}

/** A card's row as its fields decode (`selectRead` maps rows to the selection's keys). */
export type CardRow = { [K in keyof CardFields]: CardFields[K] extends SQL.Aliased<infer V> ? V : CardFields[K] extends Column ? CardFields[K]["_"]["notNull"] extends true ? CardFields[K]["_"]["data"] : CardFields[K]["_"]["data"] | null : never };

const CommentPreviewRow = z.object({
  id: z.string(),
  content: z.string(),
  likesCount: z.number(),
  createdAt: z.number(),
  authorId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  verifiedType: z.enum(["user", "business"]).nullable(),
});
/** Built once: a schema made per card cost a feed page ~3% of its worker time (decision 050). */
const CommentPreviewRows = z.array(CommentPreviewRow);

function parseTopComments(json: string | null): CommentPreview[] {
  const rows = CommentPreviewRows.safeParse(JSON.parse(json ?? "[]"));
  if (!rows.success) return [];
  return rows.data
    .sort(compareTopLevel)
    .map(({ authorId, username, displayName, avatarUrl, verifiedType, ...comment }) => ({
      ...comment,
      author: { id: authorId, username, displayName, avatarUrl, verifiedType },
    }));
}

/** Stored media lists may hold blanks from older clients; they are dropped (spec document 1 §5). */
export function parseMediaUrls(value: unknown): string[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.filter((url): url is string => typeof url === "string" && url.trim() !== "") : [];
}

/** Stored image sizes, kept only when there is one positive width and height for each shown URL. */
function parseMediaDimensions(value: unknown, urls: string[]): ImageDimensions[] | null {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list) || urls.length === 0 || list.length !== urls.length) return null;
  const sizes = list.map((size: unknown) => {
    const { width, height } = (size ?? {}) as Partial<ImageDimensions>;
    return Number.isInteger(width) && Number.isInteger(height) && width! > 0 && height! > 0 ? { width: width!, height: height! } : null;
  });
  return sizes.every((size) => size !== null) ? sizes : null;
}

/**
 * Stored descriptions, one for each shown URL (null for an image without one): read beside the stored
 * URLs, so that a blank URL dropped by parseMediaUrls takes its description with it (decision 092).
 */
export function parseMediaDescriptions(descriptions: unknown, urls: unknown): (string | null)[] {
  const list = typeof descriptions === "string" ? (JSON.parse(descriptions) as unknown) : descriptions;
  const stored = typeof urls === "string" ? (JSON.parse(urls) as unknown) : urls;
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((url: unknown, index) => {
    if (typeof url !== "string" || url.trim() === "") return [];
    const description: unknown = Array.isArray(list) ? list[index] : null;
    return [typeof description === "string" && description.trim() !== "" ? description : null];
  });
}

/** A card row as the interface shows it: what a locked card may not show is left out here. */
export function toFeedItem(row: CardRow): FeedItem {
  const locked = !row.canView;
  // Kept by its author from this viewer: nothing of it shows, its counts included.
  const kept = locked && row.keptFor !== null;
  const mediaUrls = locked ? [] : parseMediaUrls(row.mediaUrls);
  const post: PostView = {
    id: row.postId,
    author: {
      id: row.authorId,
      username: row.username,
      displayName: row.displayName,
      avatarUrl: row.avatarUrl,
      verifiedType: row.verifiedType,
    },
    content: locked ? "" : row.content,
    mediaUrls,
    mediaDimensions: parseMediaDimensions(row.mediaDimensions, mediaUrls),
    // A locked post's descriptions say what its images show: they go where its images go, nowhere.
    mediaDescriptions: locked ? [] : parseMediaDescriptions(row.mediaDescriptions, row.mediaUrls),
    videoUrl: locked || !row.videoUrl?.trim() ? null : row.videoUrl,
    location: locked ? null : row.location,
    isSubscriberOnly: Boolean(row.isSubscriberOnly),
    forEveryone: Boolean(row.forEveryone),
    locked,
    lockedFor: !locked ? null : (row.keptFor ?? "subscribers"),
    communityId: row.communityId,
    community: row.communityId && row.communityName ? { id: row.communityId, name: row.communityName } : null,
    createdAt: Number(row.createdAt),
    counts: {
      comments: kept ? 0 : (row.commentsCount ?? 0),
      reposts: kept ? 0 : (row.repostsCount ?? 0),
      likes: kept ? 0 : (row.likesCount ?? 0),
      shares: kept ? 0 : (row.sharesCount ?? 0),
      views: kept ? 0 : (row.viewsCount ?? 0),
      at: Number(row.countsAt),
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
    // A repost by a member who keeps their posts from the viewer shows as its original alone (a link to it).
    repostedBy: row.repostOf && row.reposterInAudience ? { id: row.itemUserId, username: row.itemUsername, displayName: row.itemDisplayName } : null,
    post,
  };
}

// ───────────────────────────── lists ─────────────────────────────

/**
 * What a condition's SQL may use besides the card placeholders: the reader's id in SQL (null for a
 * visitor), the cursor's placeholder if there is one, and the page size (one more than shown).
 */
export type ConditionContext = { viewer: SQL | null; before: Placeholder | null; size: number };

/**
 * Which posts a list shows (`listCards` takes every condition at once). Its SQL is written with
 * placeholders, so the read can be prepared: `key` names the SQL text (never the values, which go in
 * `values`, bound under the condition's own placeholder names).
 */
export type CardCondition = {
  key: string;
  where: (context: ConditionContext) => SQL;
  values?: Record<string, unknown>;
  /**
   * The condition picks the page's ids itself (cursor and size included, e.g. Following): the list
   * adds nothing to it but the audience check, so the planner takes the ids from it rather than
   * scanning posts. It must leave out posts outside the viewer's audience itself (decision 031), or
   * the page comes out short, and it is the list's only condition (`cardsRead` refuses another).
   */
  picksPage?: boolean;
};

/**
 * Posts with a video (/videos), newest first, outside communities: the page's ids from
 * posts_video_idx, which holds only those (about one post in a hundred on the benchmark's set). Left
 * to itself, SQLite walked posts_community_idx instead (its equality on community_id looks cheaper
 * without statistics) and read every newer post's row until it met twenty videos: 220 pages against
 * some twenty (decision 049). A repost never carries a video of its own, so the author's audience is
 * the whole listed rule here (031). Nor by a member the viewer muted (107).
 */
export const withVideo: CardCondition = {
  key: "video",
  picksPage: true,
  where: ({ viewer, before, size }) => sql`${posts.id} IN (
    SELECT v.id FROM ${posts} AS v INDEXED BY posts_video_idx
    WHERE v.video_url IS NOT NULL AND v.community_id IS NULL ${before ? sql`AND v.id < ${before}` : sql``}
      AND ${inAudienceSql(viewer, sql`v.user_id`)} AND ${notMutedSql(viewer, sql`v.user_id`)}
    ORDER BY v.id DESC LIMIT ${size})`,
};

/** Posts, not reposts ('For you'). */
export const originalsOnly: CardCondition = { key: "originals", where: () => isNull(posts.repostedFromPostId) };

/** Posts by no one the viewer muted ('For you' past its ranked pool, of originals only; decision 107). */
export const unmuted: CardCondition = { key: "unmuted", where: ({ viewer }) => notMutedSql(viewer, posts.userId) };

/** ` AND column < before` on a later page (a condition's cursor), nothing on the first. */
export const olderThan = (before: Placeholder | null, column: string) => (before ? sql` AND ${sql.raw(column)} < ${before}` : sql``);

export type ListOptions = { cursor?: string | null; limit?: number; now?: number };

function timePage(rows: CardRow[], limit: number): FeedPage {
  const items = rows.slice(0, limit).map(toFeedItem);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * Cards newest first, one keyset page after `cursor`, of the posts that meet every condition, outside
 * communities (spec document 1 §5: a feed shows posts with no community unless one is given) unless
 * a condition picks its page itself (a community's page, a profile's, a hashtag's).
 */
export function cardsRead(db: Db, viewer: Viewer, conditions: CardCondition[], options: ListOptions = {}): Read<FeedPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  // A condition that picks its page has already cut it to a page: another condition would filter
  // after that cut, and the page would come out short with "Load more" gone.
  const picksPage = conditions.some((condition) => condition.picksPage);
  if (picksPage && conditions.length > 1) throw new Error(`a condition that picks its page is the list's only one (${conditions.map((c) => c.key).join(", ")})`);
  const before = beforeOf(options.cursor);
  const key = ["cards", viewerKey(viewer), before ? "older" : "newest", limit, ...conditions.map((c) => c.key)].join(":");
  const read = selectRead<CardRow>(
    db,
    key,
    () => {
      const context: ConditionContext = { viewer: viewerSql(viewer), before: before ? P.before : null, size: limit + 1 };
      // `listedSql` is always in the WHERE below, so the card's own access columns need not decide it again.
      const fields = cardFields(context.viewer, { listed: true });
      // A post outside the viewer's audience is left out of every list, not shown locked (decision 031).
      // A condition that picks its page checks it there too (or its page would come out short).
      const own = [viewerPresentSql(viewer), ...conditions.map((condition) => condition.where(context)), listedSql(context.viewer)];
      const where = picksPage
        ? and(...own)
        : and(isNull(posts.communityId), before ? lt(posts.id, P.before) : undefined, ...own);
      return { fields, query: selectCards(db, fields).where(where).orderBy(desc(posts.id)).limit(limit + 1) };
    },
    Object.assign({ ...viewerValues(viewer), now: options.now ?? Date.now(), before }, ...conditions.map((c) => c.values ?? {})),
  );
  return mapRead(read, (rows) => timePage(rows, limit));
}

export function listCards(db: Db, viewer: Viewer, conditions: CardCondition[], options: ListOptions = {}): Promise<FeedPage> {
  return runRead(cardsRead(db, viewer, conditions, options));
}

/** The card of one post or repost by its id; null when it does not exist, or is in a private community the viewer is not in (035). */
export function cardRead(db: Db, viewer: Viewer, postId: string, now = Date.now()): Read<FeedItem | null> {
  const read = selectRead<CardRow>(
    db,
    `card:${viewerKey(viewer)}`,
    () => {
      const fields = cardFields(viewerSql(viewer));
      return { fields, query: selectCards(db, fields).where(eq(posts.id, param("post"))) };
    },
    { ...viewerValues(viewer), now, post: postId },
  );
  return mapRead(read, (rows) => (rows[0]?.communityVisible ? toFeedItem(rows[0]) : null));
}

export function getCard(db: Db, viewer: Viewer, postId: string, now = Date.now()): Promise<FeedItem | null> {
  return runRead(cardRead(db, viewer, postId, now));
}
