import { and, eq, sql } from "drizzle-orm";
import { TIME } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import type { SharePlatform } from "~/lib/post-options";
import type { PostCounts } from "~/lib/types/post";
import type { Db } from "../db/client";
import { postBookmarks, postLikes, postReposts, posts, postShares, userActivity } from "../db/schema";
import { newId } from "../ids";
import { refuse, type Outcome } from "../outcome";
import { findTargetPost } from "./access";

/**
 * The interactions on a post. Toggles take the wanted state, so a repeated or concurrent request
 * changes nothing; counters follow by trigger (docs/decisions/003).
 */

/** The post an interaction may act on: it exists and the member may see it. */
async function interactable(db: Db, userId: string, postId: string, now: number) {
  const target = await findTargetPost(db, userId, postId, now);
  return target?.canView ? target : null;
}

/**
 * A post's counters (for an interaction's answer and the live feed), with the database's time of
 * reading them: a page shows whichever answer is the newest.
 */
export function postCounts(db: Db, postId: string) {
  return db
    .select({
      likes: posts.likesCount,
      reposts: posts.repostsCount,
      shares: posts.sharesCount,
      views: posts.viewsCount,
      comments: posts.commentsCount,
      at: sql<number>`unixepoch('subsec') * 1000`.as("counts_at"),
    })
    .from(posts)
    .where(eq(posts.id, postId));
}

export async function setLike(db: Db, userId: string, postId: string, liked: boolean, now = Date.now()): Promise<Outcome<{ postId: string; liked: boolean; counts: PostCounts }>> {
  const target = await interactable(db, userId, postId, now);
  if (!target) return refuse(404, POST_MESSAGES.notFound);
  const row = { postId: target.id, userId };
  const [, counts] = await db.batch([
    liked
      ? db.insert(postLikes).values(row).onConflictDoNothing()
      : db.delete(postLikes).where(and(eq(postLikes.postId, target.id), eq(postLikes.userId, userId))),
    postCounts(db, target.id),
  ]);
  return { ok: true, postId: target.id, liked, counts: counts[0]! };
}

export async function setBookmark(db: Db, userId: string, postId: string, bookmarked: boolean, now = Date.now()): Promise<Outcome<{ postId: string; bookmarked: boolean }>> {
  const target = await interactable(db, userId, postId, now);
  if (!target) return refuse(404, POST_MESSAGES.notFound);
  await (bookmarked
    ? db.insert(postBookmarks).values({ postId: target.id, userId }).onConflictDoNothing()
    : db.delete(postBookmarks).where(and(eq(postBookmarks.postId, target.id), eq(postBookmarks.userId, userId))));
  return { ok: true, postId: target.id, bookmarked };
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
): Promise<Outcome<{ postId: string; reposted: boolean; counts: PostCounts; repostId: string | null }>> {
  const target = await interactable(db, userId, postId, now);
  if (!target) return refuse(404, POST_MESSAGES.notFound);
  if (target.userId === userId) return refuse(403, POST_MESSAGES.ownRepost);
  const writes = reposted
    ? ([
        db.insert(postReposts).values({ postId: target.id, userId }).onConflictDoNothing(),
        db
          .insert(posts)
          .values({ id: newId(now), userId, content: "", repostedFromPostId: target.id, communityId: target.communityId })
          .onConflictDoNothing()
          .returning({ id: posts.id }),
      ] as const)
    : ([
        db.delete(postReposts).where(and(eq(postReposts.postId, target.id), eq(postReposts.userId, userId))),
        db
          .delete(posts)
          .where(and(eq(posts.repostedFromPostId, target.id), eq(posts.userId, userId)))
          .returning({ id: posts.id }),
      ] as const);
  const [, changed, counts] = await db.batch([...writes, postCounts(db, target.id)]);
  return { ok: true, postId: target.id, reposted, counts: counts[0]!, repostId: changed[0]?.id ?? null };
}

/** A share is recorded with where it went and adds one to shares_count, once per member, post and platform. */
export async function sharePost(db: Db, userId: string, postId: string, platform: SharePlatform, now = Date.now()): Promise<Outcome<{ postId: string; counts: PostCounts }>> {
  const target = await interactable(db, userId, postId, now);
  if (!target) return refuse(404, POST_MESSAGES.notFound);
  const [, counts] = await db.batch([
    db.insert(postShares).values({ id: newId(now), postId: target.id, userId, platform, createdAt: new Date(now) }).onConflictDoNothing(),
    postCounts(db, target.id),
  ]);
  return { ok: true, postId: target.id, counts: counts[0]! };
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
  const target = await interactable(db, viewerId, postId, now);
  if (!target) return refuse(404, POST_MESSAGES.notFound);
  if (target.userId === viewerId) return { ok: true, postId: target.id, counted: false };
  const inserted = await db
    .insert(userActivity)
    .values({
      id: newId(now),
      userId: viewerId,
      postId: target.id,
      actionType: "view",
      weight: 1,
      day: Math.floor(now / TIME.DAY),
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: userActivity.id });
  return { ok: true, postId: target.id, counted: inserted.length > 0 };
}
