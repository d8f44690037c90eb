import { and, eq } from "drizzle-orm";
import { POST_MESSAGES } from "~/lib/messages";
import type { CommentInput } from "~/lib/schemas/post";
import { findTargetPost } from "./access";
import type { Db } from "./db/client";
import { commentLikes, comments, posts } from "./db/schema";
import { newId } from "./ids";
import { refuse, type Outcome } from "./outcome";

/** Comments on posts, replies to comments (parent_id), and comment likes. */

export async function addComment(
  db: Db,
  userId: string,
  postId: string,
  input: CommentInput,
  now = Date.now(),
): Promise<Outcome<{ commentId: string; postId: string; commentsCount: number }>> {
  const target = await findTargetPost(db, userId, postId, now);
  if (!target?.canView) return refuse(404, POST_MESSAGES.notFound);
  if (input.parentId) {
    const parent = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(comments.postId, target.id)))
      .get();
    if (!parent) return refuse(404, POST_MESSAGES.commentFailed);
  }
  const id = newId(now);
  const [, count] = await db.batch([
    db.insert(comments).values({
      id,
      postId: target.id,
      userId,
      content: input.content,
      parentId: input.parentId ?? null,
      createdAt: new Date(now),
    }),
    db.select({ comments: posts.commentsCount }).from(posts).where(eq(posts.id, target.id)),
  ]);
  return { ok: true, commentId: id, postId: target.id, commentsCount: count[0]?.comments ?? 0 };
}

export async function setCommentLike(
  db: Db,
  userId: string,
  commentId: string,
  liked: boolean,
  now = Date.now(),
): Promise<Outcome<{ commentId: string; liked: boolean; likesCount: number }>> {
  const comment = await db.select({ postId: comments.postId }).from(comments).where(eq(comments.id, commentId)).get();
  const target = comment ? await findTargetPost(db, userId, comment.postId, now) : null;
  if (!target?.canView) return refuse(404, POST_MESSAGES.notFound);
  const [, count] = await db.batch([
    liked
      ? db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing()
      : db.delete(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId))),
    db.select({ likes: comments.likesCount }).from(comments).where(eq(comments.id, commentId)),
  ]);
  return { ok: true, commentId, liked, likesCount: count[0]?.likes ?? 0 };
}
