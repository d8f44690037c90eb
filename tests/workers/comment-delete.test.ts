import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment, deleteComment, setCommentLike } from "~/.server/comments";
import { getDb } from "~/.server/db/client";
import { commentLikes, comments, creatorSubscriptions, notifications, posts } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { subjects } from "~/.server/limits";
import { setLike } from "~/.server/posts/interactions";
import { RATE_LIMITS } from "~/lib/constants";
import { COMMENT_DELETE_TEXTS } from "~/lib/texts/comment";
import { capturingD1, createPost, createUser, db, fetchWorker, formPost, get, limiter, member, planOf, toastOf } from "./helpers";

/** A comment written as the comment form writes it (its notifications by the same triggers and mentions). */
async function comment(userId: string, postId: string, content: string, parentId?: string) {
  const added = await addComment(db(), userId, postId, { content, ...(parentId ? { parentId } : {}) });
  if (!added.ok) throw new Error(added.message ?? "comment refused");
  return added.commentId;
}

/** The post's counter beside its rows: the two must agree (decision 003). */
async function countsOf(postId: string) {
  const row = await db().select({ counter: posts.commentsCount }).from(posts).where(eq(posts.id, postId)).get();
  const rows = await db().select({ n: count() }).from(comments).where(eq(comments.postId, postId)).get();
  return { counter: row!.counter, rows: rows!.n };
}

const deletePath = (postId: string, commentId: string) => `/post/${postId}/comments/${commentId}/delete`;

/** Without JavaScript: the confirmation page's form, back to the post's comments. */
function deleteWithoutJs(postId: string, commentId: string, cookie: string) {
  return fetchWorker(formPost(deletePath(postId, commentId), { intent: "comment-delete", returnTo: `/post/${postId}#comments` }, { Cookie: cookie }));
}

/** With JavaScript: the dialog's fetcher, answered as data. */
function deleteWithJs(postId: string, commentId: string, cookie: string) {
  return fetchWorker(formPost(`${deletePath(postId, commentId)}.data`, { intent: "comment-delete" }, { Cookie: cookie }));
}

describe("a comment can be deleted by its writer and by the post's author (decision 094)", () => {
  it("its writer deletes it: 'Comment deleted', gone from the post's page, the count drops, its notification and likes go", async () => {
    const author = await member();
    const writer = await member();
    const post = await createPost(author.user.id);
    const kept = await comment(author.user.id, post.id, "The author’s own word");
    const mine = await comment(writer.user.id, post.id, "I take this back");
    await setCommentLike(db(), author.user.id, mine, true);
    expect(await db().select().from(notifications).where(and(eq(notifications.userId, author.user.id), eq(notifications.type, "comment"))).all()).toHaveLength(1);
    expect(await countsOf(post.id)).toEqual({ counter: 2, rows: 2 });

    const response = await deleteWithoutJs(post.id, mine, writer.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/post/${post.id}#comments`);
    expect(toastOf(response)).toBe(COMMENT_DELETE_TEXTS.deleted);
    expect(await db().select().from(comments).where(eq(comments.id, mine)).get()).toBeUndefined();
    expect(await db().select().from(comments).where(eq(comments.id, kept)).get()).toBeDefined();
    expect(await countsOf(post.id)).toEqual({ counter: 1, rows: 1 });
    expect(await db().select().from(commentLikes).where(eq(commentLikes.commentId, mine)).all()).toEqual([]);
    // The words leave the author's notifications too.
    const left = await db().select().from(notifications).where(eq(notifications.userId, author.user.id)).all();
    expect(left.map((row) => row.content)).not.toContain("I take this back");
    const page = await (await get(`/post/${post.id}`, { Cookie: author.cookie })).text();
    expect(page).not.toContain("I take this back");
    expect(page).toContain("The author’s own word");
  });

  it("the post's author deletes a troll's comment (with JavaScript: the post's counts in the answer); its replies and the notifications quoting any of them go", async () => {
    const author = await member();
    const troll = await member();
    const friend = await member();
    const post = await createPost(author.user.id);
    const abuse = await comment(troll.user.id, post.id, `Abuse, and you @${friend.user.username}`);
    const reply = await comment(friend.user.id, post.id, "Ignore them", abuse);
    const deeper = await comment(troll.user.id, post.id, "No", reply);
    const other = await comment(friend.user.id, post.id, "Lovely post");
    expect(await countsOf(post.id)).toEqual({ counter: 4, rows: 4 });
    // The troll's mention of the friend, the friend's reply to the troll, the troll's answer: all notify.
    expect(await db().select().from(notifications).where(eq(notifications.userId, friend.user.id)).all()).toHaveLength(2);

    const response = await deleteWithJs(post.id, abuse, author.cookie);
    expect(response.status).toBe(200);
    // Remix's data answer (turbo-stream): the toast's text and the post's counts, the comments' now 1.
    const answer = await response.text();
    expect(answer).toContain(COMMENT_DELETE_TEXTS.deleted);
    expect(answer).toMatch(/"comments",1,/);
    expect((await db().select({ id: comments.id }).from(comments).where(eq(comments.postId, post.id)).all()).map((row) => row.id)).toEqual([other]);
    expect(await db().select().from(comments).where(inArray(comments.id, [abuse, reply, deeper])).all()).toEqual([]);
    expect(await countsOf(post.id)).toEqual({ counter: 1, rows: 1 });
    // What quoted the thread is gone from everyone's list; what quotes the comment still there stays.
    const quoting = await db().select({ content: notifications.content, userId: notifications.userId }).from(notifications).where(eq(notifications.relatedPostId, post.id)).all();
    expect(quoting).toEqual([{ content: "Lovely post", userId: author.user.id }]);
  });

  it("a writer deleting a reply takes its replies, not the comment it answers", async () => {
    const author = await createUser();
    const writer = await member();
    const post = await createPost(author.id);
    const top = await comment(author.id, post.id, "Question?");
    const answer = await comment(writer.user.id, post.id, "Wrong answer", top);
    await comment(author.id, post.id, "Hm?", answer);
    expect((await deleteWithJs(post.id, answer, writer.cookie)).status).toBe(200);
    expect((await db().select({ id: comments.id }).from(comments).where(eq(comments.postId, post.id)).all()).map((row) => row.id)).toEqual([top]);
    expect(await countsOf(post.id)).toEqual({ counter: 1, rows: 1 });
  });

  it("finds what quotes the thread by the post and the two types, never among its likes, and reads the thread's writers and words once (decision 114)", async () => {
    const author = await createUser();
    const writer = await createUser();
    const named = await createUser();
    const post = await createPost(author.id);
    const elsewhere = await createPost(author.id);
    for (const liker of [await createUser(), await createUser()]) expect((await setLike(db(), liker.id, post.id, true)).ok).toBe(true);
    const said = await comment(writer.id, post.id, `Same words @${named.username}`);
    await comment(writer.id, elsewhere.id, `Same words @${named.username}`);
    const rowsOf = async (postId: string) =>
      (await db().select({ type: notifications.type }).from(notifications).where(eq(notifications.relatedPostId, postId)).all())
        .map((row) => row.type)
        .sort();
    expect(await rowsOf(post.id)).toEqual(["comment", "like", "like", "mention"]);

    const { spy, captured } = capturingD1();
    const deleted = await deleteComment(getDb(spy), writer.id, post.id, said);
    expect(deleted.ok && deleted.notified.sort()).toEqual([author.id, named.id].sort());
    // The same words under another post, and the post's likes, stay.
    expect(await rowsOf(post.id)).toEqual(["like", "like"]);
    expect(await rowsOf(elsewhere.id)).toEqual(["comment", "mention"]);
    const quoting = captured.filter((statement) => /^(select distinct|delete) .*from "notifications"/i.test(statement.sql));
    expect(quoting).toHaveLength(2);
    for (const statement of quoting) {
      const plan = (await planOf(statement)).join(" | ");
      expect(plan).toContain("SEARCH notifications USING INDEX notifications_post_type_idx (related_post_id=? AND type=?)");
      // Once: a list the statement builds, by the thread's comments' ids; never a writer's every comment.
      expect(plan).toMatch(/LIST SUBQUERY \d+ \| SEARCH quoted USING INDEX sqlite_autoindex_comments_1 \(id=\?\)/);
      expect(plan).not.toContain("comments_user_idx");
    }
  });

  it("a third member is refused (403 with a clear message, no confirmation page) and nothing changes", async () => {
    const author = await createUser();
    const writer = await createUser();
    const stranger = await member();
    const post = await createPost(author.id);
    const theirs = await comment(writer.id, post.id, "Not yours to delete");
    const fetcher = await deleteWithJs(post.id, theirs, stranger.cookie);
    expect(fetcher.status).toBe(403);
    expect(await fetcher.text()).toContain(COMMENT_DELETE_TEXTS.forbidden);
    const noJs = await deleteWithoutJs(post.id, theirs, stranger.cookie);
    expect(noJs.status).toBe(302);
    expect(toastOf(noJs)).toBe(COMMENT_DELETE_TEXTS.forbidden);
    const page = await get(deletePath(post.id, theirs), { Cookie: stranger.cookie });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(COMMENT_DELETE_TEXTS.forbidden);
    expect(await db().select().from(comments).where(eq(comments.id, theirs)).get()).toBeDefined();
    expect(await countsOf(post.id)).toEqual({ counter: 1, rows: 1 });
    expect(await db().select().from(notifications).where(eq(notifications.userId, author.id)).all()).toHaveLength(1);
  });

  it("a comment under another post's address, or one that is gone, is not found (404), never a 500", async () => {
    const author = await member();
    const post = await createPost(author.user.id);
    const elsewhere = await createPost(author.user.id);
    const mine = await comment(author.user.id, post.id, "Here");
    expect((await deleteWithJs(elsewhere.id, mine, author.cookie)).status).toBe(404);
    expect((await deleteWithJs(post.id, newId(), author.cookie)).status).toBe(404);
    expect((await get(deletePath(post.id, newId()), { Cookie: author.cookie })).status).toBe(404);
    expect(await countsOf(post.id)).toEqual({ counter: 1, rows: 1 });
  });

  it("on a subscriber-only post the rule holds only while the member may see the post: a lapsed subscriber's own comment stays theirs to see, not to delete", async () => {
    const creator = await member();
    const fan = await member();
    const post = await createPost(creator.user.id, { isSubscriberOnly: true });
    const subscription = newId();
    await db().insert(creatorSubscriptions).values({ id: subscription, subscriberId: fan.user.id, subscribedToId: creator.user.id, amountCents: 499, expiresAt: new Date(Date.now() + 86_400_000) });
    const said = await comment(fan.user.id, post.id, "Worth it");
    await db().update(creatorSubscriptions).set({ expiresAt: new Date(Date.now() - 1000), status: "cancelled" }).where(eq(creatorSubscriptions.id, subscription));
    expect((await deleteWithJs(post.id, said, fan.cookie)).status).toBe(404);
    expect((await get(deletePath(post.id, said), { Cookie: fan.cookie })).status).toBe(404);
    expect(await countsOf(post.id)).toEqual({ counter: 1, rows: 1 });
    // The post's author always sees their post, and may remove it.
    expect((await deleteWithJs(post.id, said, creator.cookie)).status).toBe(200);
    expect(await countsOf(post.id)).toEqual({ counter: 0, rows: 0 });
  });

  it("the confirmation page is the writer's and the post author's (without JavaScript)", async () => {
    const author = await member();
    const writer = await member();
    const post = await createPost(author.user.id);
    const said = await comment(writer.user.id, post.id, "Hello");
    for (const cookie of [author.cookie, writer.cookie]) {
      const page = await get(`${deletePath(post.id, said)}?returnTo=${encodeURIComponent(`/post/${post.id}#comments`)}`, { Cookie: cookie });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(COMMENT_DELETE_TEXTS.confirm);
      expect(html).toContain(`name="returnTo" value="/post/${post.id}#comments"`);
    }
    // A visitor goes to sign in.
    expect((await get(deletePath(post.id, said))).status).toBe(302);
  });

  it("shares the 'delete' limit: 429 with Retry-After once spent, and nothing changes", async () => {
    const author = await member();
    const post = await createPost(author.user.id);
    const said = await comment(author.user.id, post.id, "Stays");
    expect(await limiter().hit([subjects.member(author.user.id)], "delete", { count: RATE_LIMITS.delete.max })).toEqual({ allowed: true });
    const fetcher = await deleteWithJs(post.id, said, author.cookie);
    expect(fetcher.status).toBe(429);
    expect(Number(fetcher.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await fetcher.text()).toContain("You're doing that too often. Please wait");
    expect(await countsOf(post.id)).toEqual({ counter: 1, rows: 1 });
  });
});
