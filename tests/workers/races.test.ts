import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment, setCommentLike } from "~/.server/comments";
import { createCommunity, deleteCommunity, leaveCommunity, updateCommunity } from "~/.server/communities";
import { commentLikes, comments, communities, communityMembers, creatorSubscriptions, mediaUploads, payments, posts, reports } from "~/.server/db/schema";
import { createLoadContext } from "~/.server/context";
import { subscribeToCreator } from "~/.server/subscriptions";
import { discardUpload, storeMedia } from "~/.server/media";
import { createPost as writePost } from "~/.server/posts/create";
import { deletePost } from "~/.server/posts/delete";
import { reportPost } from "~/.server/reports";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import { unique } from "../fixtures/factories";
import { createPost, createUser, db, member, ORIGIN, TINY_PNG } from "./helpers";

/**
 * Writes that race the change they depend on (found by a review that fired them at once): each write
 * checks its rule again in the statement that writes it, so whatever order they land in, nothing breaks
 * a rule, loses a file, or answers 500. Some cases are the end state of a race (the rule changed between
 * the check and the write); others send the writes at once, as members do.
 */

const png = (name = "photo.png") => new File([TINY_PNG], name, { type: "image/png" });
const imageType = { kind: "image", extension: "png", contentType: "image/png" } as const;
const bucket = () => env.MEDIA;
const post = (text: string) => ({ content: text, location: undefined, visibility: "everyone" as const, imageKeys: [] as string[] });

async function upload(userId: string, purpose: "posts" | "communities" = "posts") {
  return storeMedia(db(), bucket(), userId, png(), imageType, purpose);
}

async function community(creatorId: string, isPrivate: boolean) {
  const outcome = await createCommunity(db(), creatorId, { name: unique("Race club"), description: undefined, isPrivate });
  if (!outcome.ok) throw new Error(outcome.message ?? "no community");
  return outcome.communityId;
}

describe("a post is written only while its rules hold as it is written", () => {
  it("not into a community its author has left (403), nor one deleted (404): nothing written, no upload claimed", async () => {
    const owner = await createUser();
    const author = await createUser();
    const club = await community(owner.id, true);
    await db().insert(communityMembers).values({ id: unique("m"), communityId: club, userId: author.id, role: "member" }).onConflictDoNothing();
    expect((await leaveCommunity(db(), author.id, club)).ok).toBe(true);

    const stored = await upload(author.id);
    const left = await writePost(db(), author.id, { ...post("after leaving"), imageKeys: [stored.key] }, { communityId: club });
    expect(left).toMatchObject({ ok: false, status: 403, message: COMMUNITY_MESSAGES.membersOnlyPost });

    expect((await deleteCommunity(db(), bucket(), owner.id, club)).ok).toBe(true);
    const gone = await writePost(db(), owner.id, post("into a deleted community"), { communityId: club });
    expect(gone).toMatchObject({ ok: false, status: 404, message: COMMUNITY_MESSAGES.notFound });

    expect(await db().select().from(posts).where(inArray(posts.userId, [author.id, owner.id]))).toHaveLength(0);
    const [row] = await db().select().from(mediaUploads).where(eq(mediaUploads.key, stored.key));
    expect(row?.postId).toBeNull();
  });

  it("one upload sent with eight posts at once goes to one of them; the others are refused", async () => {
    const author = await createUser();
    const stored = await upload(author.id);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => writePost(db(), author.id, { ...post(`twin ${i}`), imageKeys: [stored.key] })),
    );
    const made = outcomes.filter((outcome) => outcome.ok);
    expect(made).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => !outcome.ok)) expect(outcome).toMatchObject({ status: 400, message: UPLOAD_MESSAGES.missing });
    expect(await db().select().from(posts).where(eq(posts.userId, author.id))).toHaveLength(1);
    const [row] = await db().select().from(mediaUploads).where(eq(mediaUploads.key, stored.key));
    expect(row?.postId).toBe(made[0]!.ok ? made[0]!.postId : null);
  });

  it("an upload discarded as it is posted: either the post keeps it or the post is refused, never a post without its file", async () => {
    for (let round = 0; round < 4; round++) {
      const author = await createUser();
      const stored = await upload(author.id);
      const [created, discarded] = await Promise.all([
        writePost(db(), author.id, { ...post("posted as discarded"), imageKeys: [stored.key] }),
        discardUpload(db(), bucket(), author.id, stored.key),
      ]);
      expect(created.ok).toBe(!discarded);
      const object = await bucket().head(stored.key);
      expect(object !== null).toBe(created.ok);
    }
  });
});

describe("a post deleted while others act on it", () => {
  it("comments, replies, comment likes and reports sent as it goes answer 404 or land before it, never 500", async () => {
    const author = await createUser();
    const others = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const target = await createPost(author.id, { content: "going away" });
    const first = await addComment(db(), others[0]!.id, target.id, { content: "first" });
    if (!first.ok) throw new Error("no comment");
    const acts = others.flatMap((other) => [
      addComment(db(), other.id, target.id, { content: "late" }),
      addComment(db(), other.id, target.id, { content: "late reply", parentId: first.commentId }),
      setCommentLike(db(), other.id, first.commentId, true),
      reportPost(db(), other.id, target.id, { reason: "spam" }),
    ]);
    const [deleted, ...outcomes] = await Promise.all([deletePost(db(), bucket(), author.id, target.id), ...acts]);
    expect(deleted.ok).toBe(true);
    for (const outcome of outcomes) {
      if (!outcome.ok) expect(outcome).toMatchObject({ status: 404, message: POST_MESSAGES.notFound });
    }
    expect(await db().select().from(comments).where(eq(comments.postId, target.id))).toHaveLength(0);
  });
});

describe("a post turning invisible while others act on it", () => {
  it("every comment, comment like and report answered as done was written; the rest are 404", async () => {
    // The lock lands after 0 to 3 round trips of the others' (each queued behind theirs), so that it falls
    // between some check and its write.
    for (const hops of [0, 1, 2, 3]) {
      const author = await createUser();
      const others = await Promise.all(Array.from({ length: 3 }, () => createUser()));
      const target = await createPost(author.id, { content: "soon for subscribers only" });
      const first = await addComment(db(), author.id, target.id, { content: "first" });
      if (!first.ok) throw new Error("no comment");
      const acting = others.map((other) => ({
        other,
        pending: Promise.all([
          addComment(db(), other.id, target.id, { content: "late" }),
          setCommentLike(db(), other.id, first.commentId, true),
          reportPost(db(), other.id, target.id, { reason: "spam" }),
        ]),
      }));
      // The author locks it for subscribers (none of these is one) as the others act.
      for (let hop = 0; hop < hops; hop++) await db().select({ id: posts.id }).from(posts).where(eq(posts.id, target.id));
      await db().update(posts).set({ isSubscriberOnly: true }).where(eq(posts.id, target.id));
      for (const { other, pending } of acting) {
        const [comment, like, report] = await pending;
        const wrote = {
          comment: (await db().select().from(comments).where(and(eq(comments.postId, target.id), eq(comments.userId, other.id)))).length > 0,
          like: (await db().select().from(commentLikes).where(and(eq(commentLikes.commentId, first.commentId), eq(commentLikes.userId, other.id)))).length > 0,
          report: (await db().select().from(reports).where(and(eq(reports.postId, target.id), eq(reports.reportedBy, other.id)))).length > 0,
        };
        expect({ comment: comment.ok, like: like.ok, report: report.ok }, `lock after ${hops} round trips`).toEqual(wrote);
        for (const outcome of [comment, like, report]) if (!outcome.ok) expect(outcome.status).toBe(404);
      }
    }
  });
});

describe("communities changed at once", () => {
  it("three edits with a new image each: the image shown is stored, the others are gone from storage and records", async () => {
    const owner = await createUser();
    const club = await community(owner.id, false);
    const images = await Promise.all([upload(owner.id, "communities"), upload(owner.id, "communities"), upload(owner.id, "communities")]);
    // With them, edits without an image, which must keep whichever is shown.
    const edits = await Promise.all([
      ...images.map((image, i) => updateCommunity(db(), bucket(), owner.id, club, { name: unique(`Renamed ${i}`), description: undefined, removeImage: false }, { imageKey: image.key })),
      ...[0, 1].map((i) => updateCommunity(db(), bucket(), owner.id, club, { name: unique(`Plain ${i}`), description: undefined, removeImage: false })),
    ]);
    expect(edits.every((edit) => edit.ok)).toBe(true);
    const [shown] = await db().select({ imageUrl: communities.imageUrl }).from(communities).where(eq(communities.id, club));
    const kept = images.filter((image) => shown?.imageUrl === image.url);
    expect(kept).toHaveLength(1);
    for (const image of images) expect(await bucket().head(image.key) !== null, image.key).toBe(image === kept[0]);
    const rows = await db().select().from(mediaUploads).where(and(eq(mediaUploads.userId, owner.id), eq(mediaUploads.purpose, "communities")));
    expect(rows.map((row) => row.key)).toEqual([kept[0]!.key]);
  });

  it("deleted twice at once: one deletes it, the other finds it gone (404), never 'only the creator'", async () => {
    const owner = await createUser();
    const club = await community(owner.id, false);
    const outcomes = await Promise.all([deleteCommunity(db(), bucket(), owner.id, club), deleteCommunity(db(), bucket(), owner.id, club)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ status: 404, message: COMMUNITY_MESSAGES.notFound });
  });
});

describe("a subscription sent several times at once", () => {
  it("one subscribes; the others are told the member is already subscribed, and one period is paid for", async () => {
    const maker = await member({ verifiedType: "user", offersSubscriptions: true, subscriptionPriceCents: 499 });
    const fan = await member();
    const context = createLoadContext(new Request(`${ORIGIN}/profile/${maker.user.username}`), env, createExecutionContext());
    const acting = { context, memberId: fan.user.id, origin: ORIGIN };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => subscribeToCreator(acting, maker.user.username, "monthly", 499)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => !outcome.ok)) {
      expect(outcome).toMatchObject({ status: 409, message: SUBSCRIPTION_MESSAGES.alreadySubscribed(maker.user.displayName) });
    }
    expect(await db().select().from(creatorSubscriptions).where(eq(creatorSubscriptions.subscriberId, fan.user.id))).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(1);
  });
});
