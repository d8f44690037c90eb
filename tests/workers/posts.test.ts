import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment, setCommentLike } from "~/.server/comments";
import { createCommunity } from "~/.server/communities";
import {
  commentLikes,
  comments,
  communityMembers,
  mediaTrash,
  mediaUploads,
  postBookmarks,
  postHashtags,
  postLikes,
  postMentions,
  posts,
  postShares,
  reports,
  userActivity,
  users,
} from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { deleteOldViews } from "~/.server/maintenance";
import { deleteAbandonedUploads, emptyMediaTrash, storeMedia } from "~/.server/media";
import { createPost } from "~/.server/posts/create";
import { deletePost } from "~/.server/posts/delete";
import { recordView, setBookmark, setLike, setRepost, sharePost } from "~/.server/posts/interactions";
import { IMAGE_TYPES, VIDEO_TYPES, type MediaKind } from "~/lib/media-types";
import { reportPost } from "~/.server/reports";
import { MENTIONS_NOTIFIED, TIME, UNCLAIMED_UPLOAD_TTL_MS } from "~/lib/constants";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";
import type { CreatePostInput } from "~/lib/schemas/post";
import { createPost as insertPost, createUser, db, TINY_MP4, TINY_PNG } from "./helpers";

const input = (overrides: Partial<CreatePostInput> = {}): CreatePostInput => ({
  content: "Hello #World from @someone",
  location: undefined,
  visibility: "everyone",
  imageKeys: [],
  ...overrides,
});

/** The real bucket, except that it refuses to put or delete (R2 failing for a while). */
function refusingBucket(): R2Bucket {
  const refuse = () => Promise.reject(new Error("R2 is unavailable"));
  return new Proxy(env.MEDIA, { get: (bucket, name) => (name === "put" || name === "delete" ? refuse : Reflect.get(bucket, name).bind(bucket)) });
}

const trashed = async (key: string) => (await db().select().from(mediaTrash).where(eq(mediaTrash.key, key)).get()) !== undefined;

async function postRow(id: string) {
  return (await db().select().from(posts).where(eq(posts.id, id)).get())!;
}

/** An upload as /uploads stores it once its bytes were checked (the check itself is tested in tests/unit/media.test.ts). */
async function upload(userId: string, kind: MediaKind = "image", now = Date.now()) {
  const type = kind === "image" ? IMAGE_TYPES.png : VIDEO_TYPES.mp4;
  return storeMedia(db(), env.MEDIA, userId, new File([kind === "image" ? TINY_PNG : TINY_MP4], `a.${type.extension}`), type, "posts", now);
}

describe("creating a post", () => {
  it("stores the text, and its hashtags and mentions as rows, resolving mentioned members", async () => {
    const mentioned = await createUser();
    const author = await createUser();
    const result = await createPost(db(), author.id, input({ content: `Hi @${mentioned.username.toUpperCase()} #Coffee #coffee #tea`, location: "Lisbon" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const row = await postRow(result.postId);
    expect(row).toMatchObject({
      content: `Hi @${mentioned.username.toUpperCase()} #Coffee #coffee #tea`,
      location: "Lisbon",
      mediaUrls: null,
      videoUrl: null,
      isSubscriberOnly: false,
    });
    const tags = await db().select().from(postHashtags).where(eq(postHashtags.postId, result.postId));
    expect(tags.map((t) => t.hashtag).sort()).toEqual(["coffee", "tea"]);
    const mentions = await db().select().from(postMentions).where(eq(postMentions.postId, result.postId));
    expect(mentions).toEqual([{ postId: result.postId, username: mentioned.username.toLowerCase(), userId: mentioned.id }]);
    expect((await db().select().from(users).where(eq(users.id, author.id)).get())?.postsCount).toBe(1);
  });

  it("names the members its mentions found: one for a name in two cases, not the author, an unknown name or a private community's outsider", async () => {
    // With an image and hashtags too, so the mentions' answers are told from the batch's others.
    const [friend, insider, outsider, author] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const image = await upload(author.id);
    const content = `#tag @${friend.username} @${friend.username.toUpperCase()} @${author.username} @nobody_${Date.now().toString(36)} #more`;
    const open = await createPost(db(), author.id, input({ content, imageKeys: [image.key] }));
    expect(open.ok && open.mentionedIds).toEqual([friend.id]);

    const circle = await createCommunity(db(), author.id, { name: `Quiet ${Date.now().toString(36)}`, description: undefined, isPrivate: true });
    if (!circle.ok) throw new Error(circle.message ?? "community refused");
    await db().insert(communityMembers).values({ id: newId(), communityId: circle.communityId, userId: insider.id, role: "member" });
    const inside = await createPost(db(), author.id, input({ content: `#club @${outsider.username} @${insider.username}` }), { communityId: circle.communityId });
    expect(inside.ok && inside.mentionedIds).toEqual([insider.id]);
  });

  it("a post of nothing but hashtags and mentions (more than D1 binds in one statement) is stored whole", async () => {
    const author = await createUser();
    // 45 hashtags and 15 mentions in 279 characters: 135 values for the hashtag rows alone.
    const tags = Array.from({ length: 45 }, (_, i) => `#t${i}`).join(" ");
    const names = Array.from({ length: 15 }, (_, i) => `@n${i}`).join(" ");
    const content = `${tags} ${names}`;
    expect(content.length).toBeLessThanOrEqual(280);
    const result = await createPost(db(), author.id, input({ content }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const stored = await db().select().from(postHashtags).where(eq(postHashtags.postId, result.postId));
    expect(stored.length).toBe(45);
    // Its first MENTIONS_NOTIFIED names, each a row that notifies (the rest are words).
    const mentioned = await db().select().from(postMentions).where(eq(postMentions.postId, result.postId));
    expect(mentioned.length).toBe(MENTIONS_NOTIFIED);
  });

  it("subscriber-only needs subscriptions on offer at a price above 0, by a verified member", async () => {
    const author = await createUser();
    const refused = await createPost(db(), author.id, input({ visibility: "subscribers" }));
    expect(refused).toEqual({ ok: false, status: 400, message: POST_MESSAGES.subscribersOnlyUnavailable, field: "visibility" });
    await db().update(users).set({ offersSubscriptions: true, subscriptionPriceCents: 499 }).where(eq(users.id, author.id));
    // A lapsed badge pauses the offering (decision 037).
    expect(await createPost(db(), author.id, input({ visibility: "subscribers" }))).toMatchObject({ ok: false, status: 400 });
    await db().update(users).set({ verifiedType: "user" }).where(eq(users.id, author.id));
    const allowed = await createPost(db(), author.id, input({ visibility: "subscribers" }));
    expect(allowed.ok && (await postRow(allowed.postId)).isSubscriberOnly).toBe(true);
  });

  it("attaches the member's own unclaimed uploads, once", async () => {
    const author = await createUser();
    const other = await createUser();
    const image = await upload(author.id);
    const video = await upload(author.id, "video");
    const theirs = await upload(other.id);

    expect(await createPost(db(), author.id, input({ imageKeys: [theirs.key] }))).toMatchObject({ ok: false, message: UPLOAD_MESSAGES.missing });
    expect(await createPost(db(), author.id, input({ imageKeys: [video.key] }))).toMatchObject({ ok: false });

    const created = await createPost(db(), author.id, input({ imageKeys: [image.key] }));
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect((await postRow(created.postId)).mediaUrls).toEqual([`/media/${image.key}`]);
    const claimed = await db().select().from(mediaUploads).where(eq(mediaUploads.key, image.key)).get();
    expect(claimed?.postId).toBe(created.postId);
    // Already claimed: a second post cannot take it.
    expect(await createPost(db(), author.id, input({ imageKeys: [image.key] }))).toMatchObject({ ok: false });

    const withVideo = await createPost(db(), author.id, input({ videoKey: video.key }));
    expect(withVideo.ok && (await postRow(withVideo.postId)).videoUrl).toBe(`/media/${video.key}`);
  });

  it("an uploaded image is stored with its dimensions, a video without", async () => {
    const author = await createUser();
    const image = await upload(author.id);
    const video = await upload(author.id, "video");
    const row = (key: string) => db().select({ width: mediaUploads.width, height: mediaUploads.height }).from(mediaUploads).where(eq(mediaUploads.key, key)).get();
    expect(await row(image.key)).toEqual({ width: 1, height: 1 });
    expect(await row(video.key)).toEqual({ width: null, height: null });
  });

  it("uploads nobody claimed within a day are deleted with their files", async () => {
    const author = await createUser();
    const old = await upload(author.id, "image", Date.now() - UNCLAIMED_UPLOAD_TTL_MS - TIME.MINUTE);
    const fresh = await upload(author.id);
    await deleteAbandonedUploads(db(), env.MEDIA);
    expect(await env.MEDIA.head(old.key)).toBeNull();
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.key, old.key)).get()).toBeUndefined();
    expect(await env.MEDIA.head(fresh.key)).not.toBeNull();
  });
});

describe("deleting", () => {
  it("only the owner deletes; the post goes with its likes, comments, reposts and media files", async () => {
    const author = await createUser();
    const fan = await createUser();
    const image = await upload(author.id);
    const created = await createPost(db(), author.id, input({ imageKeys: [image.key] }));
    if (!created.ok) throw new Error("not created");
    await setLike(db(), fan.id, created.postId, true);
    await addComment(db(), fan.id, created.postId, { content: "nice" });
    await setRepost(db(), fan.id, created.postId, true);

    expect(await deletePost(db(), env.MEDIA, fan.id, created.postId)).toEqual({ ok: false, status: 404, message: POST_MESSAGES.notFound });
    expect(await postRow(created.postId)).toBeDefined();
    expect(await env.MEDIA.head(image.key)).not.toBeNull();

    expect(await deletePost(db(), env.MEDIA, author.id, created.postId)).toMatchObject({ ok: true });
    expect(await db().select().from(posts).where(eq(posts.id, created.postId)).get()).toBeUndefined();
    expect(await db().select().from(posts).where(eq(posts.repostedFromPostId, created.postId)).all()).toEqual([]);
    expect(await db().select().from(postLikes).where(eq(postLikes.postId, created.postId)).all()).toEqual([]);
    expect(await db().select().from(comments).where(eq(comments.postId, created.postId)).all()).toEqual([]);
    expect(await env.MEDIA.head(image.key)).toBeNull();
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.key, image.key)).get()).toBeUndefined();
    expect(await trashed(image.key)).toBe(false);
  });

  it("a post whose files R2 will not delete now is still deleted; the cron deletes the files later", async () => {
    const author = await createUser();
    const image = await upload(author.id);
    const created = await createPost(db(), author.id, input({ imageKeys: [image.key] }));
    if (!created.ok) throw new Error("not created");
    expect(await deletePost(db(), refusingBucket(), author.id, created.postId)).toMatchObject({ ok: true });
    expect(await db().select().from(posts).where(eq(posts.id, created.postId)).get()).toBeUndefined();
    expect(await env.MEDIA.head(image.key)).not.toBeNull();
    expect(await trashed(image.key)).toBe(true);
    expect(await emptyMediaTrash(db(), env.MEDIA)).toBeGreaterThanOrEqual(1);
    expect(await env.MEDIA.head(image.key)).toBeNull();
    expect(await trashed(image.key)).toBe(false);
  });

  it("an upload R2 does not store leaves no record, and any media record deleted, however, leaves its key for the cron", async () => {
    const author = await createUser();
    await expect(
      storeMedia(db(), refusingBucket(), author.id, new File([TINY_PNG], "a.png"), IMAGE_TYPES.png, "posts"),
    ).rejects.toThrow();
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.userId, author.id)).all()).toEqual([]);
    // An account's cascade deletes its uploads' records with no code of ours around it.
    const image = await upload(author.id);
    await db().delete(users).where(eq(users.id, author.id));
    expect(await trashed(image.key)).toBe(true);
    await emptyMediaTrash(db(), env.MEDIA);
    expect(await env.MEDIA.head(image.key)).toBeNull();
  });
});

describe("likes", () => {
  it("a like toggles and the count changes by one; repeating a state changes nothing", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    expect(await setLike(db(), fan.id, post.id, true)).toMatchObject({ ok: true, liked: true, counts: { likes: 1 } });
    expect(await setLike(db(), fan.id, post.id, true)).toMatchObject({ ok: true, counts: { likes: 1 } });
    expect(await setLike(db(), fan.id, post.id, false)).toMatchObject({ ok: true, liked: false, counts: { likes: 0 } });
    expect(await setLike(db(), fan.id, post.id, false)).toMatchObject({ counts: { likes: 0 } });
  });

  it("100 concurrent identical like requests leave one like", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    await Promise.all(Array.from({ length: 100 }, () => setLike(db(), fan.id, post.id, true)));
    const [likes] = await db().select({ n: count() }).from(postLikes).where(eq(postLikes.postId, post.id));
    expect(likes?.n).toBe(1);
    expect((await postRow(post.id)).likesCount).toBe(1);
  });
});

describe("reposts", () => {
  it("create a post with empty content pointing at the original; again deletes it", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    expect(await setRepost(db(), fan.id, post.id, true)).toMatchObject({ ok: true, reposted: true, counts: { reposts: 1 } });
    const repost = await db().select().from(posts).where(and(eq(posts.repostedFromPostId, post.id), eq(posts.userId, fan.id))).get();
    expect(repost).toMatchObject({ content: "", userId: fan.id });
    // Reposting the repost reposts the original (once).
    expect(await setRepost(db(), fan.id, repost!.id, true)).toMatchObject({ ok: true, postId: post.id, counts: { reposts: 1 } });
    expect(await setRepost(db(), fan.id, post.id, false)).toMatchObject({ ok: true, counts: { reposts: 0 } });
    expect(await db().select().from(posts).where(eq(posts.repostedFromPostId, post.id)).all()).toEqual([]);
  });

  it("one's own post: 'You can't repost your own posts', and nothing changes", async () => {
    const author = await createUser();
    const post = await insertPost(author.id);
    expect(await setRepost(db(), author.id, post.id, true)).toEqual({ ok: false, status: 403, message: "You can't repost your own posts" });
    expect((await postRow(post.id)).repostsCount).toBe(0);
    expect(await db().select().from(posts).where(eq(posts.repostedFromPostId, post.id)).all()).toEqual([]);
  });

  it("answers the repost's own id, made and undone in the interaction's one batch, even when undone by that id", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    const made = await setRepost(db(), fan.id, post.id, true);
    if (!made.ok) throw new Error("not reposted");
    const row = await db().select().from(posts).where(eq(posts.repostedFromPostId, post.id)).get();
    expect(made).toMatchObject({ postId: post.id, reposted: true, repostId: row!.id, counts: { reposts: 1 } });
    // Undone through the repost itself (it stands for its original): the same row goes, and the counts come back.
    expect(await setRepost(db(), fan.id, row!.id, false)).toMatchObject({ ok: true, postId: post.id, repostId: row!.id, counts: { reposts: 0 } });
    expect(await db().select().from(posts).where(eq(posts.repostedFromPostId, post.id)).all()).toEqual([]);
  });

  it("a repost is deleted by its owner as a repost, leaving the original", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    await setRepost(db(), fan.id, post.id, true);
    const repost = (await db().select().from(posts).where(eq(posts.repostedFromPostId, post.id)).get())!;
    expect(await deletePost(db(), env.MEDIA, author.id, repost.id)).toMatchObject({ ok: false, status: 404 });
    expect(await deletePost(db(), env.MEDIA, fan.id, repost.id)).toMatchObject({ ok: true });
    expect(await postRow(post.id)).toMatchObject({ repostsCount: 0 });
  });
});

describe("bookmarks, shares, views and reports", () => {
  it("a bookmark toggles, one row per member and post", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    await setBookmark(db(), fan.id, post.id, true);
    await setBookmark(db(), fan.id, post.id, true);
    expect(await db().select().from(postBookmarks).where(eq(postBookmarks.postId, post.id)).all()).toHaveLength(1);
    await setBookmark(db(), fan.id, post.id, false);
    expect(await db().select().from(postBookmarks).where(eq(postBookmarks.postId, post.id)).all()).toHaveLength(0);
  });

  it("each share records its platform and adds one to shares_count", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    await sharePost(db(), fan.id, post.id, "twitter");
    expect(await sharePost(db(), fan.id, post.id, "copy")).toMatchObject({ ok: true, counts: { shares: 2 } });
    const shares = await db().select().from(postShares).where(eq(postShares.postId, post.id));
    expect(shares.map((s) => s.platform).sort()).toEqual(["copy", "twitter"]);
  });

  it("a view counts once per viewer, post and day, never for the author", async () => {
    const author = await createUser();
    const viewer = await createUser();
    const post = await insertPost(author.id);
    const day = Date.now();
    expect(await recordView(db(), author.id, post.id, day)).toEqual({ ok: true, postId: post.id, counted: false });
    expect(await recordView(db(), viewer.id, post.id, day)).toEqual({ ok: true, postId: post.id, counted: true });
    expect(await recordView(db(), viewer.id, post.id, day + 1000)).toEqual({ ok: true, postId: post.id, counted: false });
    expect(await recordView(db(), viewer.id, post.id, day + TIME.DAY)).toEqual({ ok: true, postId: post.id, counted: true });
    expect((await postRow(post.id)).viewsCount).toBe(2);
    const activity = await db().select().from(userActivity).where(eq(userActivity.postId, post.id));
    expect(activity.every((row) => row.actionType === "view" && row.weight === 1 && row.userId === viewer.id)).toBe(true);
  });

  it("the cron forgets views of days before yesterday; the count keeps them, and today's still count once", async () => {
    const author = await createUser();
    const viewer = await createUser();
    const post = await insertPost(author.id);
    const now = Date.now();
    for (const daysAgo of [3, 2, 1, 0]) await recordView(db(), viewer.id, post.id, now - daysAgo * TIME.DAY);
    await deleteOldViews(db(), now);
    const days = await db().select({ day: userActivity.day }).from(userActivity).where(eq(userActivity.postId, post.id));
    const today = Math.floor(now / TIME.DAY);
    expect(days.map((row) => row.day).sort()).toEqual([today - 1, today]);
    expect((await postRow(post.id)).viewsCount).toBe(4);
    expect(await recordView(db(), viewer.id, post.id, now)).toMatchObject({ counted: false });
  });

  it("a report is stored with its reason and trimmed information, one open report per member and post", async () => {
    const author = await createUser();
    const reporter = await createUser();
    const post = await insertPost(author.id);
    const first = await reportPost(db(), reporter.id, post.id, { reason: "spam", additionalInfo: "buy now" });
    expect(first.ok).toBe(true);
    expect(await reportPost(db(), reporter.id, post.id, { reason: "hate" })).toEqual({
      ok: false,
      status: 409,
      message: POST_MESSAGES.alreadyReported,
    });
    const stored = await db().select().from(reports).where(eq(reports.postId, post.id));
    expect(stored).toEqual([expect.objectContaining({ reportedBy: reporter.id, reason: "spam", additionalInfo: "buy now", status: "open" })]);
  });
});

describe("comments", () => {
  it("comments and replies count on the post; a reply's parent must be on the same post", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    const other = await insertPost(author.id);
    const first = await addComment(db(), fan.id, post.id, { content: "first" });
    if (!first.ok) throw new Error("no comment");
    expect(await addComment(db(), author.id, post.id, { content: "thanks", parentId: first.commentId })).toMatchObject({
      ok: true,
      commentsCount: 2,
    });
    expect(await addComment(db(), author.id, other.id, { content: "wrong", parentId: first.commentId })).toMatchObject({ ok: false });
    expect((await postRow(other.id)).commentsCount).toBe(0);
  });

  it("comment likes toggle with their count", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await insertPost(author.id);
    const comment = await addComment(db(), author.id, post.id, { content: "hello" });
    if (!comment.ok) throw new Error("no comment");
    expect(await setCommentLike(db(), fan.id, comment.commentId, true)).toMatchObject({ ok: true, likesCount: 1 });
    expect(await setCommentLike(db(), fan.id, comment.commentId, true)).toMatchObject({ likesCount: 1 });
    expect(await setCommentLike(db(), fan.id, comment.commentId, false)).toMatchObject({ likesCount: 0 });
    expect(await db().select().from(commentLikes).where(eq(commentLikes.commentId, comment.commentId)).all()).toEqual([]);
  });
});

describe("subscriber-only posts refuse interactions from those who may not see them", () => {
  it("like, repost, share, comment and view answer not found", async () => {
    const author = await createUser();
    const stranger = await createUser();
    const post = await insertPost(author.id, { isSubscriberOnly: true });
    for (const outcome of [
      await setLike(db(), stranger.id, post.id, true),
      await setRepost(db(), stranger.id, post.id, true),
      await sharePost(db(), stranger.id, post.id, "copy"),
      await addComment(db(), stranger.id, post.id, { content: "peek" }),
      await recordView(db(), stranger.id, post.id),
    ]) {
      expect(outcome).toMatchObject({ ok: false, status: 404 });
    }
    expect(await setBookmark(db(), stranger.id, post.id, true)).toMatchObject({ ok: false, status: 404 });
    const row = await postRow(post.id);
    expect([row.likesCount, row.repostsCount, row.sharesCount, row.commentsCount, row.viewsCount]).toEqual([0, 0, 0, 0, 0]);
    expect(await db().select().from(postBookmarks).where(eq(postBookmarks.postId, post.id)).all()).toEqual([]);
  });

  it("one's own post is neither reposted nor counted as viewed: the write's own condition refuses it", async () => {
    const author = await createUser();
    const post = await insertPost(author.id);
    expect(await setRepost(db(), author.id, post.id, true)).toMatchObject({ ok: false, status: 403 });
    expect(await recordView(db(), author.id, post.id)).toMatchObject({ ok: true, counted: false });
    const row = await postRow(post.id);
    expect([row.repostsCount, row.viewsCount]).toEqual([0, 0]);
    expect(await db().select().from(posts).where(eq(posts.repostedFromPostId, post.id)).all()).toEqual([]);
  });
});
