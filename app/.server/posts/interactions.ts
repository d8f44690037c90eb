import { and, eq, sql, type SQL } from "drizzle-orm";
import { TIME } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import type { SharePlatform } from "~/lib/post-options";
import type { PostCounts } from "~/lib/types/post";
import type { Db } from "../db/client";
import { postBookmarks, postLikes, postReposts, posts, postShares, userActivity, users } from "../db/schema";
import { rawRows } from "../db/drizzle-internals";
import { newId } from "../ids";
import { refuse, type Outcome } from "../outcome";
import { actableTargetId, audienceColumns, audienceOf, inAnyBlockSql, shownPostId, targetPostQuery, toTargetPost, type PostAudience } from "./access";

/**
 * The interactions on a post. Toggles take the wanted state, so a repeated or concurrent request
 * changes nothing; counters follow by trigger (docs/decisions/003).
 */

/**
 * A post's counters (for an interaction's answer and the live feed), with the database's time of
 * reading them: a page shows whichever answer is the newest.
 */
const countColumns = {
  likes: posts.likesCount,
  reposts: posts.repostsCount,
  shares: posts.sharesCount,
  views: posts.viewsCount,
  comments: posts.commentsCount,
  at: sql<number>`unixepoch('subsec') * 1000`.as("counts_at"),
};

export function postCounts(db: Db, postId: string | SQL) {
  return db.select(countColumns).from(posts).where(eq(posts.id, postId));
}

/** The counts as the feed room would publish them, and whether its author keeps it for followers (decision 031). */
export function postCountsForRoom(db: Db, postId: string) {
  return db
    .select({
      ...countColumns,
      userId: posts.userId,
      communityId: posts.communityId,
      ...audienceColumns(),
    })
    .from(posts)
    .where(eq(posts.id, postId));
}

/**
 * Each interaction is one batch (docs/decisions/026): the post it acts on (a repost stands for its
 * original) with whether the member may see it, the write conditioned on the same rule in SQL
 * (`actableTargetId`: a post one may not see gets nothing written), and what the answer needs.
 */
function interaction(db: Db, userId: string, postId: string, now: number, { notOwn = false } = {}) {
  return { target: targetPostQuery(db, userId, postId, now), id: actableTargetId(userId, postId, now, { notOwn }), shown: shownPostId(postId) };
}

/**
 * The post the batch read, when the member may act on it: null answers 404 (and nothing was written).
 * Taking one's like, repost or bookmark back (`undoing`) needs the post only to exist: a member who
 * can no longer see it (a subscription ended, its author keeps posts for followers, decision 031)
 * still removes their own row.
 */
function actedOn(found: Parameters<typeof toTargetPost>[0][], undoing = false) {
  const post = toTargetPost(found[0]);
  return post?.canView || (undoing && post) ? post : null;
}

type MemberRelation = typeof postLikes | typeof postReposts | typeof postBookmarks;

/** The member's row in a post's likes, reposts or bookmarks: added only for an actable post (`id` not NULL). */
function addRelation(db: Db, table: MemberRelation, id: SQL, userId: string) {
  return rawRows(db, sql`INSERT INTO ${table} (post_id, user_id) SELECT ${id}, ${userId} WHERE ${id} IS NOT NULL ON CONFLICT DO NOTHING`);
}

function removeRelation(db: Db, table: MemberRelation, id: SQL, userId: string) {
  return db.delete(table).where(and(eq(table.postId, id), eq(table.userId, userId)));
}

export async function setLike(db: Db, userId: string, postId: string, liked: boolean, now = Date.now()): Promise<Outcome<{ postId: string; liked: boolean; counts?: PostCounts; audience: PostAudience }>> {
  const { target, id, shown } = interaction(db, userId, postId, now);
  const [found, , counts] = await db.batch([
    target,
    liked ? addRelation(db, postLikes, id, userId) : removeRelation(db, postLikes, shown, userId),
    postCounts(db, shown),
  ]);
  const post = actedOn(found, !liked);
  if (!post) return refuse(404, POST_MESSAGES.notFound);
  // Counts are the post's content: an undo by a member who can no longer see it gets none (decision 031).
  return { ok: true, postId: post.id, liked, counts: post.canView ? counts[0]! : undefined, audience: audienceOf(post) };
}

export async function setBookmark(db: Db, userId: string, postId: string, bookmarked: boolean, now = Date.now()): Promise<Outcome<{ postId: string; bookmarked: boolean }>> {
  const { target, id, shown } = interaction(db, userId, postId, now);
  const [found] = await db.batch([
    target,
    bookmarked ? addRelation(db, postBookmarks, id, userId) : removeRelation(db, postBookmarks, shown, userId),
  ]);
  const post = actedOn(found, !bookmarked);
  if (!post) return refuse(404, POST_MESSAGES.notFound);
  return { ok: true, postId: post.id, bookmarked };
}

/**
 * A repost is a post with empty content pointing at the original, plus the member's post_reposts row
 * that counts it. Reposting a repost reposts its original; one's own posts cannot be reposted.
 */
export async function setRepost(
  db: Db,
  userId: string,
  postId: string,
  reposted: boolean,
  now = Date.now(),
): Promise<Outcome<{ postId: string; reposted: boolean; counts?: PostCounts; repostId: string | null; audience: PostAudience; repostAudience: PostAudience; reposterInBlock: boolean }>> {
  // Written only for a post the member may see and did not write.
  const { target, id, shown } = interaction(db, userId, postId, now, { notOwn: true });
  const writes = reposted
    ? ([
        addRelation(db, postReposts, id, userId),
        rawRows<{ id: string }>(db, sql`INSERT INTO ${posts} (id, user_id, content, reposted_from_post_id, community_id)
          SELECT ${newId(now)}, ${userId}, '', original.id, original.community_id FROM ${posts} AS original WHERE original.id = ${id}
          ON CONFLICT DO NOTHING RETURNING id`),
      ] as const)
    : ([
        removeRelation(db, postReposts, shown, userId),
        rawRows<{ id: string }>(db, sql`DELETE FROM ${posts} WHERE reposted_from_post_id = ${shown} AND user_id = ${userId} RETURNING id`),
      ] as const);
  // Whether the reposter is in a block: the feed rooms then leave the members in one with them out of
  // the repost's announcement (decision 100). Nothing is announced of a repost taken back.
  const reposter = db.select({ inBlock: reposted ? inAnyBlockSql(users.id) : sql<number>`0` }).from(users).where(eq(users.id, userId));
  const [found, , changed, counts, reposterRow] = await db.batch([target, ...writes, postCounts(db, shown), reposter]);
  const post = actedOn(found, !reposted);
  if (!post) return refuse(404, POST_MESSAGES.notFound);
  if (post.userId === userId) return refuse(403, POST_MESSAGES.ownRepost);
  // Un-reposting by the repost's own id deletes the row the counts were looked up through: read them by the original's.
  const postCountsNow = !post.canView ? undefined : (counts[0] ?? (await postCounts(db, post.id))[0]!);
  return {
    ok: true,
    postId: post.id,
    reposted,
    counts: postCountsNow,
    repostId: changed[0]?.id ?? null,
    audience: audienceOf(post),
    // The repost is the reposter's and shows the original: kept if either keeps their posts, in the
    // original's community if it has one (decisions 031, 035).
    repostAudience: { authorId: userId, communityId: post.communityId, authorKeeps: post.authorKeeps || post.viewerKept, privateCommunity: post.privateCommunity },
    reposterInBlock: Boolean(reposterRow[0]?.inBlock),
  };
}

/** A share is recorded with where it went and adds one to shares_count, once per member, post and platform. */
export async function sharePost(db: Db, userId: string, postId: string, platform: SharePlatform, now = Date.now()): Promise<Outcome<{ postId: string; counts: PostCounts; audience: PostAudience }>> {
  const { target, id, shown } = interaction(db, userId, postId, now);
  const [found, , counts] = await db.batch([
    target,
    rawRows(db, sql`INSERT INTO ${postShares} (id, post_id, user_id, platform, created_at)
      SELECT ${newId(now)}, ${id}, ${userId}, ${platform}, ${now} WHERE ${id} IS NOT NULL ON CONFLICT DO NOTHING`),
    postCounts(db, shown),
  ]);
  const post = actedOn(found);
  if (!post) return refuse(404, POST_MESSAGES.notFound);
  return { ok: true, postId: post.id, counts: counts[0]!, audience: audienceOf(post) };
}

/**
 * A view by a signed-in member who is not the author, at most once per viewer, post and UTC day, so
 * reloading cannot inflate the count (the user_activity trigger adds it to views_count).
 */
export async function recordView(
  db: Db,
  viewerId: string,
  postId: string,
  now = Date.now(),
): Promise<Outcome<{ postId: string; counted: boolean }>> {
  // Counted only for a post the viewer may see and did not write.
  const { target, id } = interaction(db, viewerId, postId, now, { notOwn: true });
  const [found, inserted] = await db.batch([
    target,
    rawRows<{ id: string }>(db, sql`INSERT INTO ${userActivity} (id, user_id, post_id, action_type, weight, day, created_at)
      SELECT ${newId(now)}, ${viewerId}, ${id}, 'view', 1, ${Math.floor(now / TIME.DAY)}, ${now} WHERE ${id} IS NOT NULL
      ON CONFLICT DO NOTHING RETURNING id`),
  ]);
  const post = actedOn(found);
  if (!post) return refuse(404, POST_MESSAGES.notFound);
  return { ok: true, postId: post.id, counted: inserted.length > 0 };
}
