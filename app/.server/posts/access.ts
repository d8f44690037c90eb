import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { creatorSubscriptions, memberSettings, posts } from "../db/schema";

/**
 * Who may see a post's content: everyone for ordinary posts; for a subscriber-only post its author
 * and members with an active subscription to the author (status active, expiry in the future). A
 * signed-out visitor never sees the posts of a member whose profile visibility is private (decision
 * 030), wherever they are shown (a post's page, a repost on someone else's public profile).
 * Every read and every interaction decides through here, on the server.
 */
export function canViewSql(
  viewerId: string | Placeholder | SQL | null,
  authorId: SQL | typeof posts.userId,
  subscriberOnly: SQL | typeof posts.isSubscriberOnly,
  now: number | Placeholder,
): SQL<number> {
  if (!viewerId) {
    return sql<number>`(${subscriberOnly} = 0 AND NOT EXISTS (SELECT 1 FROM ${memberSettings}
      WHERE ${memberSettings.userId} = ${authorId} AND ${memberSettings.profileVisibility} = 'private'))`;
  }
  return sql<number>`(${subscriberOnly} = 0 OR ${authorId} = ${viewerId} OR EXISTS (
    SELECT 1 FROM ${creatorSubscriptions}
    WHERE ${creatorSubscriptions.subscriberId} = ${viewerId}
      AND ${creatorSubscriptions.subscribedToId} = ${authorId}
      AND ${creatorSubscriptions.status} = 'active'
      AND ${creatorSubscriptions.expiresAt} > ${now}))`;
}

/** The post an entry stands for: a repost shows (and is acted on as) its original. */
export function shownPostId(postId: string | Placeholder): SQL<string> {
  return sql<string>`coalesce((SELECT ${posts.repostedFromPostId} FROM ${posts} WHERE ${posts.id} = ${postId}), ${postId})`;
}

export type ViewablePost = { id: string; userId: string; communityId: string | null; canView: boolean };

/** The target's row as a query of its own, for a write's batch (`findTargetPost` answers it). */
export function targetPostQuery(db: Db, viewerId: string | null, postId: string, now = Date.now()) {
  return db
    .select({
      id: posts.id,
      userId: posts.userId,
      communityId: posts.communityId,
      canView: canViewSql(viewerId, posts.userId, posts.isSubscriberOnly, now),
    })
    .from(posts)
    .where(eq(posts.id, shownPostId(postId)));
}

/** A target row as read: null when the post does not exist. */
export function toTargetPost(row: { id: string; userId: string; communityId: string | null; canView: number } | undefined): ViewablePost | null {
  return row ? { ...row, canView: Boolean(row.canView) } : null;
}

/**
 * The post an interaction acts on (a repost stands for its original); null when it does not exist.
 * `canView` tells whether the viewer may see (and so like, share, comment on) its content.
 */
export async function findTargetPost(db: Db, viewerId: string | null, postId: string, now = Date.now()): Promise<ViewablePost | null> {
  return toTargetPost(await targetPostQuery(db, viewerId, postId, now).get());
}

/**
 * The id of the post an interaction acts on, only if the member may see it (and, with `notOwn`, did
 * not write it); NULL otherwise. A write conditioned on it does nothing when it is NULL, so the check
 * and the write travel in one batch (docs/decisions/026), decided by the same transaction.
 */
export function actableTargetId(memberId: string, postId: string, now: number, { notOwn = false } = {}): SQL<string | null> {
  const author = sql.raw("target.user_id");
  return sql<string | null>`(SELECT target.id FROM ${posts} AS target WHERE target.id = ${shownPostId(postId)}
    AND ${canViewSql(memberId, author, sql.raw("target.is_subscriber_only"), now)}${notOwn ? sql` AND ${author} <> ${memberId}` : sql``})`;
}
