import { and, eq, sql, type SQL } from "drizzle-orm";
import { POST_MESSAGES } from "~/lib/messages";
import type { Db } from "../db/client";
import { rawRows } from "../db/drizzle-internals";
import { deleteInParts, partOf } from "../db/parts";
import { comments, mediaUploads, notifications, postBookmarks, postLikes, postReposts, posts, postShares, userActivity } from "../db/schema";
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

/**
 * Many posts (an account's, a community's: decisions 074, 114), `batch.posts` at a time. A part whose
 * counters (likes, reposts, comments, shares, views) add up to more than `batch.rows` has its own rows
 * deleted first, a part of them a statement: others' likes, views, reposts, bookmarks, shares and
 * comments of those posts and the notifications about them; then the posts go with what is left (their
 * tags and mentions, at most a few each). A post with a million likes no longer goes in one statement
 * past D1's 30 s, failing every time (decision 123); a part of light posts is still one statement.
 * `where` is tested in every statement (a creator deleting a community is checked in each); `keysOf`,
 * given a part's rowids, reads its files' keys before the posts go. Answers those keys.
 */
export async function deletePostsInParts(
  db: Db,
  where: SQL,
  batch: { rows: number; posts: number },
  keysOf?: (rowids: SQL) => SQL,
): Promise<string[]> {
  const keys: string[] = [];
  for (;;) {
    const part = await db.all<{ id: string; weight: number }>(
      sql`SELECT id, likes_count + reposts_count + comments_count + shares_count + views_count AS weight FROM ${posts} WHERE ${where} LIMIT ${sql.raw(String(batch.posts))}`,
    );
    if (part.length === 0) return keys;
    const these = sql`(SELECT ${posts.id} FROM ${posts} WHERE ${posts.id} IN (SELECT value FROM json_each(${JSON.stringify(part.map((post) => post.id))})) AND ${where})`;
    const weight = part.reduce((sum, post) => sum + post.weight, 0);
    if (weight > batch.rows) await deleteInParts(db, [
      partOf(db, postLikes, sql`${postLikes.postId} IN ${these}`, batch.rows),
      partOf(db, userActivity, sql`${userActivity.postId} IN ${these}`, batch.rows),
      partOf(db, postReposts, sql`${postReposts.postId} IN ${these}`, batch.rows),
      partOf(db, postBookmarks, sql`${postBookmarks.postId} IN ${these}`, batch.rows),
      partOf(db, postShares, sql`${postShares.postId} IN ${these}`, batch.rows),
      // Each takes its replies (of the same posts) and its likes with it: counted just before, a part may
      // take more than its size. A part of rows, not of posts: 100 000 comments in parts of 20 would
      // outrun a Worker's 1 000 queries.
      partOf(db, comments, sql`${comments.postId} IN ${these}`, batch.rows),
      partOf(db, notifications, sql`${notifications.relatedPostId} IN ${these}`, batch.rows),
      // Others' reposts of them (posts_repost_unique), as their own deletes would take them.
      partOf(db, posts, sql`${posts.repostedFromPostId} IN ${these}`, batch.rows),
    ]);
    // Then the posts, their files' keys read just before in the same batch.
    const gone = rawRows<{ gone: number }>(db, sql`DELETE FROM ${posts} WHERE ${posts.id} IN ${these} RETURNING 1 AS gone`);
    let deleted: number;
    if (keysOf) {
      const [found, went] = await db.batch([rawRows<{ key: string }>(db, keysOf(sql`SELECT rowid FROM ${posts} WHERE ${posts.id} IN ${these}`)), gone]);
      keys.push(...found.map((row) => row.key));
      deleted = went.length;
    } else deleted = (await db.batch([gone]))[0].length;
    // The last part, or one that could not shrink (asked again, it would be read forever).
    if (part.length < batch.posts || deleted === 0) return keys;
  }
}
