import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { compareTopLevel } from "~/lib/comments";
import { extractMentions } from "~/lib/text";
import { COMMENT_REPLIES_PER_PAGE, COMMENTS_PAGE_SIZE, MENTIONS_NOTIFIED } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { COMMENT_DELETE_TEXTS } from "~/lib/texts/comment";
import type { CommentInput } from "~/lib/schemas/post";
import type { CommentPage, CommentView, PostCounts } from "~/lib/types/post";
import type { Db } from "./db/client";
import { batchable, rawRows } from "./db/drizzle-internals";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { commentLikes, comments, notifications, posts, users } from "./db/schema";
import { newId } from "./ids";
import { mentionedMembers, notificationInsert } from "./notifications";
import { oncePerSend, refuse, type Outcome } from "./outcome";
import { actableTargetId, audienceOf, blockedByAuthorSql, blockedPairSql, findTargetPost, inCommunitySql, notBlockedWriterSql, shownPostId, type PostAudience } from "./posts/access";
import { commentCursor, parseCommentCursor } from "./posts/cursors";
import { postCountsForRoom } from "./posts/interactions";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "./viewer";

/** Comments on posts, replies to comments (parent_id), comment likes, and a post's pages of comments. */

/** The order of top-level comments in SQL, as `compareTopLevel` (app/lib/comments.ts) has it. */
export const TOP_LEVEL_ORDER = [desc(comments.likesCount), desc(comments.id)];

/**
 * Whether a comment, or any comment above it in its thread, is hidden from the member: written by a
 * member in a block with them, or by one the post's author blocked (decision 100). A thread shows
 * nothing under a hidden comment (`selectCommentPage`), so nothing there is the member's to answer or
 * like. The comment is a bound id: a column here would name the walk's own table. UNION, not UNION
 * ALL: a cycle of parents (none can be written) would end the walk rather than loop.
 */
function hiddenThreadSql(memberId: string, commentId: string): SQL<number> {
  return sql<number>`EXISTS (WITH RECURSIVE answered(user_id, parent_id, post_id) AS (
      SELECT user_id, parent_id, post_id FROM ${comments} WHERE id = ${commentId}
      UNION
      SELECT above.user_id, above.parent_id, above.post_id FROM ${comments} AS above JOIN answered ON above.id = answered.parent_id
    ) SELECT 1 FROM answered WHERE ${blockedPairSql(memberId, sql.raw("answered.user_id"))}
      OR ${blockedByAuthorSql(sql`(SELECT answered_post.user_id FROM ${posts} AS answered_post WHERE answered_post.id = answered.post_id)`, sql.raw("answered.user_id"))})`;
}

type Added = { commentId: string; postId: string; commentsCount: number; told: { ids: string[]; usernames: string[] } };

/**
 * A comment (or a reply), once per form's send: one sent again under the same `clientId` (its answer
 * was lost) is answered as the first was, and tells no one again (decision 072). A different comment
 * under an id already used (a page the browser kept, written anew) is a comment of its own.
 */
export async function addComment(db: Db, userId: string, postId: string, input: CommentInput, now = Date.now()): Promise<Outcome<Added>> {
  return oncePerSend(
    input,
    (sent) => writeComment(db, userId, postId, sent, now),
    (clientId) =>
      db
        .select({ id: comments.id, postId: comments.postId, content: comments.content, parentId: comments.parentId, commentsCount: posts.commentsCount })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(and(eq(comments.userId, userId), eq(comments.clientId, clientId)))
        .get(),
    (sent) =>
      sent.content === input.content && sent.parentId === (input.parentId ?? null)
        ? { commentId: sent.id, postId: sent.postId, commentsCount: sent.commentsCount, told: { ids: [], usernames: [] } }
        : null,
  );
}

async function writeComment(db: Db, userId: string, postId: string, input: CommentInput, now: number): Promise<Outcome<Added>> {
  const target = await findTargetPost(db, userId, postId, now);
  if (!target?.canView) return refuse(404, POST_MESSAGES.notFound);
  let parentAuthorId: string | null = null;
  if (input.parentId) {
    const parent = await db
      .select({ id: comments.id, userId: comments.userId, hidden: hiddenThreadSql(userId, input.parentId).as("parent_hidden") })
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(comments.postId, target.id)))
      .get();
    // A comment by a member in a block with this one, or whom the post's author blocked, is not shown
    // to them, nor anything under it (decision 100): not there to answer.
    if (!parent || parent.hidden) return refuse(404, POST_MESSAGES.commentFailed);
    parentAuthorId = parent.userId;
  }
  const id = newId(now);
  // Members the comment mentions hear of it (the triggers tell the post's author and, for a reply, the
  // answered comment's author already: they are not told twice).
  const told = [target.userId, ...(parentAuthorId ? [parentAuthorId] : [])];
  // Its first MENTIONS_NOTIFIED names: those notified, and those whose rooms are then told to read their count.
  const mentions = extractMentions(input.content).slice(0, MENTIONS_NOTIFIED);
  // Written only if, as it is written, the post still exists and the member may still see it (a
  // delete, a leave, a subscription ended meanwhile) and the answered comment is still there.
  const actable = actableTargetId(userId, target.id, now);
  const parent = input.parentId
    ? sql` AND EXISTS (SELECT 1 FROM ${comments} WHERE ${comments.id} = ${input.parentId} AND ${comments.postId} = ${target.id})`
    : sql``;
  const [inserted, count] = await db.batch([
    rawRows<{ id: string }>(
      db,
      sql`INSERT INTO ${comments} (id, post_id, user_id, content, parent_id, client_id, created_at)
        SELECT ${id}, ${target.id}, ${userId}, ${input.content}, ${input.parentId ?? null}, ${input.clientId ?? null}, ${now}
        WHERE ${actable} IS NOT NULL${parent} ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id`,
    ),
    db.select({ comments: posts.commentsCount }).from(posts).where(eq(posts.id, target.id)),
    ...(mentions.length > 0
      ? [
          notificationInsert(db, {
            kind: "mention",
            // Only with the comment, and in a private community only its members (decision 035), as a post's mentions.
            recipients: sql`SELECT named.id FROM (${mentionedMembers(mentions, told)}) AS named
              WHERE EXISTS (SELECT 1 FROM ${comments} WHERE ${comments.id} = ${id})
              AND ${inCommunitySql(sql`named.id`, sql`${target.communityId}`)}`,
            actorId: userId,
            postId: target.id,
            content: input.content,
          }),
          // A writer's unread mentions of a member in comments under one post are one item, the newest
          // (decision 108, as their comments are): older ones go once a newer one is there. A post's
          // own mention (no words) stays. Found by the writer, the named and the post
          // (notifications_actor_idx, decision 114), not among a popular post's every mention.
          batchable(db.$client, db.run(sql`DELETE FROM ${notifications} WHERE ${notifications.relatedUserId} = ${userId} AND ${notifications.type} = 'mention'
            AND ${notifications.userId} IN (${mentionedMembers(mentions, told)})
            AND ${notifications.relatedPostId} = ${target.id} AND ${notifications.isRead} = 0 AND ${notifications.content} <> ''
            AND EXISTS (SELECT 1 FROM ${notifications} AS newer WHERE newer.related_user_id = ${userId} AND newer.user_id = ${notifications.userId}
              AND newer.type = 'mention' AND newer.related_post_id = ${target.id} AND newer.is_read = 0 AND newer.content <> ''
              AND newer.id > ${notifications.id})`)),
        ]
      : []),
  ]);
  // Not written: the post went (or turned invisible) meanwhile, or the comment answered did.
  if (inserted.length === 0) {
    const still = input.parentId ? (await findTargetPost(db, userId, target.id, now))?.canView : false;
    return refuse(404, still ? POST_MESSAGES.commentFailed : POST_MESSAGES.notFound);
  }
  return { ok: true, commentId: id, postId: target.id, commentsCount: count[0]?.comments ?? 0, told: { ids: told, usernames: mentions } };
}

export async function setCommentLike(
  db: Db,
  userId: string,
  commentId: string,
  liked: boolean,
  now = Date.now(),
): Promise<Outcome<{ commentId: string; liked: boolean; likesCount: number }>> {
  const comment = await db
    .select({ postId: comments.postId, hidden: hiddenThreadSql(userId, commentId).as("comment_hidden") })
    .from(comments)
    .where(eq(comments.id, commentId))
    .get();
  const target = comment ? await findTargetPost(db, userId, comment.postId, now) : null;
  // A comment by a member in a block with this one, or whom the post's author blocked, is not shown to
  // them, nor anything under it (decision 100); unliking stays.
  if (!comment || !target?.canView || (liked && comment.hidden)) return refuse(404, POST_MESSAGES.notFound);
  const [, count, mine] = await db.batch([
    // A like only for a comment still there on a post the member may still see (deleted meanwhile: nothing).
    liked
      ? rawRows(
          db,
          sql`INSERT INTO ${commentLikes} (comment_id, user_id, created_at) SELECT ${comments.id}, ${userId}, ${now} FROM ${comments}
            WHERE ${comments.id} = ${commentId} AND ${comments.postId} = ${actableTargetId(userId, comment.postId, now)} ON CONFLICT DO NOTHING`,
        )
      : db.delete(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId))),
    db.select({ likes: comments.likesCount }).from(comments).where(eq(comments.id, commentId)),
    db.select({ one: sql<number>`1` }).from(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId))),
  ]);
  // Liked, yet no like of theirs (the comment or its post went, or turned invisible, meanwhile).
  if (liked && mine.length === 0) return refuse(404, POST_MESSAGES.notFound);
  return { ok: true, commentId, liked, likesCount: count[0]?.likes ?? 0 };
}

// ───────────────────────────── deleting ─────────────────────────────

/**
 * A comment the member may delete (decision 094): its writer, or the author of the post it is on, and
 * only while they may still see that post (a subscription ended, a private community left: as any
 * interaction, decision 031). A comment of another post, or one they may not see, is not found; one
 * they may see but neither wrote nor own the post of is refused.
 */
export async function commentToDelete(
  db: Db,
  memberId: string,
  postId: string,
  commentId: string,
  now = Date.now(),
): Promise<Outcome<{ commentId: string; postId: string; writer: string }>> {
  const comment = await db
    .select({ postId: comments.postId, userId: comments.userId, writer: users.displayName })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .get();
  const target = comment ? await findTargetPost(db, memberId, comment.postId, now) : null;
  if (!comment || !target?.canView || target.id !== comment.postId) return refuse(404, COMMENT_DELETE_TEXTS.notFound);
  if (comment.userId !== memberId && target.userId !== memberId) return refuse(403, COMMENT_DELETE_TEXTS.forbidden);
  return { ok: true, commentId, postId: comment.postId, writer: comment.writer };
}

type Deleted = { commentId: string; postId: string; counts: PostCounts; audience: PostAudience; notified: string[] };

/**
 * Deletes a comment with its thread: the replies under it, at any depth, go with it (an answer to
 * nothing reads as nonsense, and a troll's thread goes whole), and with them their likes (cascade)
 * and the notifications that quote them. The rule is checked again in the write's own statements
 * (`actableTargetId`), so a post deleted or turned invisible meanwhile deletes nothing. The counter
 * triggers take one off comments_count for each comment deleted (decision 003).
 */
export async function deleteComment(db: Db, memberId: string, postId: string, commentId: string, now = Date.now()): Promise<Outcome<Deleted>> {
  const allowed = await commentToDelete(db, memberId, postId, commentId, now);
  if (!allowed.ok) return allowed;
  const mayDelete = sql`EXISTS (SELECT 1 FROM ${comments} AS doomed JOIN ${posts} AS on_post ON on_post.id = doomed.post_id
    WHERE doomed.id = ${commentId} AND on_post.id = ${actableTargetId(memberId, allowed.postId, now)}
    AND (doomed.user_id = ${memberId} OR on_post.user_id = ${memberId}))`;
  const thread = sql`WITH RECURSIVE thread(id) AS (
      SELECT ${commentId}
      UNION ALL
      SELECT reply.id FROM ${comments} AS reply JOIN thread ON reply.parent_id = thread.id
    ) SELECT id FROM thread`;
  // A notification names no comment: a comment's (to the post's author, to the answered comment's
  // author) and its mentions' carry its words, its writer and its post (migration 0026, writeComment).
  // Comments are never edited, so those three find them; a twin (the same words by the same writer
  // under the same post) loses its notifications too, which quote words still there.
  // Found by the post and the two types (notifications_post_type_idx), never among the post's likes;
  // the thread's writers and words are read once, not for each notification (by a writer's every
  // comment, as a correlated subquery read them: decision 114). Named with their table: drizzle may
  // write a single table's columns bare, and a bare `content` in the subquery would be the comment's own.
  const quoting = sql`notifications.related_post_id = ${allowed.postId} AND notifications.type IN ('comment', 'mention')
    AND (notifications.related_user_id, notifications.content) IN (SELECT quoted.user_id, quoted.content FROM ${comments} AS quoted WHERE quoted.id IN (${thread}))`;
  const [notified, , deleted, counts] = await db.batch([
    // Read before they go: whoever had one unread is told, so their badge counts what is left.
    db.selectDistinct({ userId: notifications.userId }).from(notifications).where(and(quoting, eq(notifications.isRead, false), mayDelete)),
    db.delete(notifications).where(and(quoting, mayDelete)),
    rawRows<{ id: string }>(db, sql`DELETE FROM ${comments} WHERE ${comments.id} IN (${thread}) AND ${mayDelete} RETURNING id`),
    postCountsForRoom(db, allowed.postId),
  ]);
  const row = counts[0];
  // Nothing deleted: the comment or its post went (or turned invisible) meanwhile.
  if (deleted.length === 0 || !row) return refuse(404, COMMENT_DELETE_TEXTS.notFound);
  const { userId, communityId, authorKeeps, privateCommunity, ...current } = row;
  return {
    ok: true,
    commentId,
    postId: allowed.postId,
    counts: current,
    audience: audienceOf({ userId, communityId, authorKeeps, privateCommunity }),
    notified: notified.map((one) => one.userId),
  };
}

// ───────────────────────────── reading ─────────────────────────────

const C = { post: param("post"), likes: param("likes"), after: param("after") };

/**
 * One page of a post's comments (prepared, docs/decisions/013): up to COMMENTS_PAGE_SIZE top-level
 * comments in TOP_LEVEL_ORDER, each with its whole thread of replies (at most COMMENT_REPLIES_PER_PAGE
 * replies in all), plus one more top-level comment to know whether there is a next page. A comment by a
 * member in a block with the viewer or with the post's author is left out, with the replies under it
 * (decision 100).
 */
function selectCommentPage(db: Db, viewer: SQL | null, paging: boolean) {
  const keyset = paging
    ? sql`AND (${comments.likesCount} < ${C.likes} OR (${comments.likesCount} = ${C.likes} AND ${comments.id} < ${C.after}))`
    : sql``;
  const thread = sql`WITH RECURSIVE top AS (
      SELECT ${comments.id} AS id FROM ${comments}
      WHERE ${comments.postId} = ${shownPostId(C.post)} AND ${comments.parentId} IS NULL ${keyset}
        AND ${notBlockedWriterSql(viewer, comments.userId, sql`(SELECT commented.user_id FROM ${posts} AS commented WHERE commented.id = ${comments.postId})`)}
      ORDER BY ${sql.join(TOP_LEVEL_ORDER, sql`, `)} LIMIT ${COMMENTS_PAGE_SIZE + 1}
    ), thread(id) AS (
      SELECT id FROM top
      UNION ALL
      SELECT reply.id FROM ${comments} AS reply JOIN thread ON reply.parent_id = thread.id
      WHERE ${notBlockedWriterSql(viewer, sql.raw("reply.user_id"), sql`(SELECT commented.user_id FROM ${posts} AS commented WHERE commented.id = reply.post_id)`)}
    )
    SELECT id FROM thread LIMIT ${COMMENTS_PAGE_SIZE + 1 + COMMENT_REPLIES_PER_PAGE}`;
  const liked = viewer
    ? sql<number>`EXISTS (SELECT 1 FROM ${commentLikes} WHERE ${commentLikes.commentId} = ${comments.id} AND ${commentLikes.userId} = ${viewer})`
    : sql<number>`0`;
  const fields = {
    id: comments.id,
    parentId: comments.parentId,
    content: comments.content,
    likesCount: comments.likesCount,
    createdAt: comments.createdAt,
    liked: liked.as("comment_liked"),
    // Every column needs a name of its own (docs/decisions/008): the author's id is not the comment's.
    authorId: sql<string>`${users.id}`.as("author_id"),
    username: users.username,
    displayName: users.displayName,
    avatarUrl: users.avatarUrl,
    verifiedType: users.verifiedType,
  };
  const query = db
    .select(fields)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(sql`${comments.id} IN (${thread})`);
  return { query, fields };
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectCommentPage>["query"]["all"]>>[number];

function toCommentPage(rows: CommentRow[]): CommentPage {
  const views: CommentView[] = rows.map(({ authorId, username, displayName, avatarUrl, verifiedType, createdAt, liked, ...comment }) => ({
    ...comment,
    createdAt: createdAt.getTime(),
    liked: Boolean(liked),
    author: { id: authorId, username, displayName, avatarUrl, verifiedType },
  }));
  const top = views.filter((comment) => comment.parentId === null).sort(compareTopLevel);
  const shown = new Set(top.slice(0, COMMENTS_PAGE_SIZE).map((comment) => comment.id));
  const last = top[COMMENTS_PAGE_SIZE - 1];
  // Replies of the extra top-level comment (read to know there is more) wait for the next page.
  const byId = new Map(views.map((comment) => [comment.id, comment]));
  const rootOf = (comment: CommentView): string => {
    let current = comment;
    while (current.parentId && byId.has(current.parentId)) current = byId.get(current.parentId)!;
    return current.id;
  };
  return {
    comments: views.filter((comment) => shown.has(rootOf(comment))),
    nextCursor: top.length > COMMENTS_PAGE_SIZE && last ? commentCursor({ likes: last.likesCount, id: last.id }) : null,
  };
}

/** A page of the comments of the post `postId` shows (its original, for a repost). */
export function commentPageRead(db: Db, viewer: Viewer, postId: string, cursor: string | null = null): Read<CommentPage> {
  const after = parseCommentCursor(cursor);
  const read = selectRead<CommentRow>(
    db,
    `comments:${viewerKey(viewer)}:${after ? "after" : "first"}`,
    () => selectCommentPage(db, viewerSql(viewer), after !== null),
    { post: postId, ...viewerValues(viewer), likes: after?.likes, after: after?.id },
  );
  return mapRead(read, toCommentPage);
}
