import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { creatorSubscriptions, posts } from "../db/schema";

/**
 * Who may see a post's content: everyone for ordinary posts; for a subscriber-only post its author
 * and members with an active subscription to the author (status active, expiry in the future).
 * Every read and every interaction decides through here, on the server.
 */
export function canViewSql(
  viewerId: string | Placeholder | SQL | null,
  authorId: SQL | typeof posts.userId,
  subscriberOnly: SQL | typeof posts.isSubscriberOnly,
  now: number | Placeholder,
): SQL<number> {
  if (!viewerId) return sql<number>`(${subscriberOnly} = 0)`;
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

/**
 * The post an interaction acts on (a repost stands for its original); null when it does not exist.
 * `canView` tells whether the viewer may see (and so like, share, comment on) its content.
 */
export async function findTargetPost(db: Db, viewerId: string | null, postId: string, now = Date.now()): Promise<ViewablePost | null> {
  const row = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      communityId: posts.communityId,
      canView: canViewSql(viewerId, posts.userId, posts.isSubscriberOnly, now),
    })
    .from(posts)
    .where(eq(posts.id, shownPostId(postId)))
    .get();
  return row ? { ...row, canView: Boolean(row.canView) } : null;
}
