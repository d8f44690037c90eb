import { and, eq } from "drizzle-orm";
import { POST_MESSAGES } from "~/lib/messages";
import type { Db } from "../db/client";
import { mediaUploads, notifications, postReposts, posts } from "../db/schema";
import { deleteTrashedObjects } from "../media";
import { refuse, type Outcome } from "../outcome";
import { audienceColumns, audienceOf, type PostAudience } from "./access";

/** The member's own post or repost, found by id and owner together (null for anyone else's). */
export function findOwnPost(db: Db, userId: string, postId: string) {
  return db
    .select({ id: posts.id, repostOf: posts.repostedFromPostId, userId: posts.userId, communityId: posts.communityId, ...audienceColumns() })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .get();
}

/**
 * Only the owner deletes, checked by id and user together: a post goes with its likes, comments,
 * reposts and media files; a repost just stops being one.
 */
export async function deletePost(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  postId: string,
): Promise<Outcome<{ postId: string; repostOf: string | null; audience: PostAudience; notified: string[] }>> {
  const post = await findOwnPost(db, userId, postId);
  if (!post) return refuse(404, POST_MESSAGES.notFound);

  if (post.repostOf) {
    // The original's author was notified of the repost: that notification goes with it.
    const [original] = await db.batch([
      db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, post.repostOf)),
      db.delete(postReposts).where(and(eq(postReposts.postId, post.repostOf), eq(postReposts.userId, userId))),
      db.delete(posts).where(and(eq(posts.id, post.id), eq(posts.userId, userId))),
    ]);
    return { ok: true, postId: post.id, repostOf: post.repostOf, audience: audienceOf(post), notified: original.map((row) => row.userId) };
  }
  // One round trip, in order: its files' records (their keys go to media_trash, migration 0029), and
  // whoever has an unread notification about it (a mention, a comment, a like of it), read before the
  // post goes with them; those members are told, so their badge counts what is left.
  const [media, notified] = await db.batch([
    db.delete(mediaUploads).where(eq(mediaUploads.postId, post.id)).returning({ key: mediaUploads.key }),
    db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.relatedPostId, post.id), eq(notifications.isRead, false))),
    db.delete(posts).where(and(eq(posts.id, post.id), eq(posts.userId, userId))),
  ]);
  // The database is the truth; its files go after it (what R2 refuses now, the cron deletes later).
  await deleteTrashedObjects(
    db,
    bucket,
    media.map((row) => row.key),
  );
  return { ok: true, postId: post.id, repostOf: null, audience: audienceOf(post), notified: notified.map((row) => row.userId) };
}

