import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { TIME } from "~/lib/constants";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";
import type { SharePlatform } from "~/lib/post-options";
import type { CreatePostInput } from "~/lib/schemas/post";
import { extractHashtags, extractMentions } from "~/lib/text";
import { findTargetPost } from "./access";
import type { Db } from "./db/client";
import {
  mediaUploads,
  postBookmarks,
  postHashtags,
  postLikes,
  postMentions,
  postReposts,
  posts,
  postShares,
  userActivity,
  users,
} from "./db/schema";
import { newId } from "./ids";
import { deleteMedia, findClaimableMedia, mediaUrl } from "./media";
import { refuse, type Outcome } from "./outcome";

/**
 * Writing posts and the interactions on them. Toggles take the wanted state, so a repeated or
 * concurrent request changes nothing; counters follow by trigger (docs/decisions/003).
 */

/** May the member mark posts subscriber-only? Only with subscriptions on offer at a price above 0. */
export function offersPaidSubscriptions(member: { offers: boolean; price: number } | undefined): boolean {
  return Boolean(member?.offers && member.price > 0);
}

export function subscriptionOffer(db: Db, userId: string) {
  return db
    .select({ offers: users.offersSubscriptions, price: users.subscriptionPriceCents })
    .from(users)
    .where(eq(users.id, userId));
}

async function canPostForSubscribers(db: Db, userId: string): Promise<boolean> {
  return offersPaidSubscriptions(await subscriptionOffer(db, userId).get());
}

export async function createPost(
  db: Db,
  authorId: string,
  input: CreatePostInput,
  { communityId = null, now = Date.now() }: { communityId?: string | null; now?: number } = {},
): Promise<Outcome<{ postId: string }>> {
  const subscriberOnly = input.visibility === "subscribers";
  if (subscriberOnly && !(await canPostForSubscribers(db, authorId))) {
    return refuse(400, POST_MESSAGES.subscribersOnlyUnavailable, "visibility");
  }

  const keys = [...input.imageKeys, ...(input.videoKey ? [input.videoKey] : [])];
  const claimable = new Map((await findClaimableMedia(db, authorId, keys)).map((media) => [media.key, media.kind]));
  const kindsMatch =
    input.imageKeys.every((key) => claimable.get(key) === "image") &&
    (!input.videoKey || claimable.get(input.videoKey) === "video");
  if (!kindsMatch) return refuse(400, UPLOAD_MESSAGES.missing, "imageKeys");

  const id = newId(now);
  const hashtags = extractHashtags(input.content);
  const mentions = extractMentions(input.content);
  const createdAt = new Date(now);
  await db.batch([
    db.insert(posts).values({
      id,
      userId: authorId,
      content: input.content,
      mediaUrls: input.imageKeys.length > 0 ? input.imageKeys.map(mediaUrl) : null,
      videoUrl: input.videoKey ? mediaUrl(input.videoKey) : null,
      location: input.location ?? null,
      isSubscriberOnly: subscriberOnly,
      hashtags,
      mentions,
      communityId,
      createdAt,
    }),
    // One row per statement: D1 binds at most 100 values per statement, and 280 characters hold ~90 tags.
    ...hashtags.map((hashtag) => db.insert(postHashtags).values({ postId: id, hashtag, createdAt })),
    ...mentions.map((username) =>
      db.insert(postMentions).values({
        postId: id,
        username,
        userId: sql`(SELECT ${users.id} FROM ${users} WHERE lower(${users.username}) = ${username})`,
      }),
    ),
    ...(keys.length > 0
      ? [
          db
            .update(mediaUploads)
            .set({ postId: id })
            .where(and(inArray(mediaUploads.key, keys), eq(mediaUploads.userId, authorId), isNull(mediaUploads.postId))),
        ]
      : []),
  ]);
  return { ok: true, postId: id };
}

/** The member's own post or repost, found by id and owner together (null for anyone else's). */
export function findOwnPost(db: Db, userId: string, postId: string) {
  return db
    .select({ id: posts.id, repostOf: posts.repostedFromPostId })
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
): Promise<Outcome<{ postId: string; repostOf: string | null }>> {
  const post = await findOwnPost(db, userId, postId);
  if (!post) return refuse(404, POST_MESSAGES.notFound);

  if (post.repostOf) {
    await db.batch([
      db.delete(postReposts).where(and(eq(postReposts.postId, post.repostOf), eq(postReposts.userId, userId))),
      db.delete(posts).where(and(eq(posts.id, post.id), eq(posts.userId, userId))),
    ]);
    return { ok: true, postId: post.id, repostOf: post.repostOf };
  }
  const media = await db.select({ key: mediaUploads.key }).from(mediaUploads).where(eq(mediaUploads.postId, post.id));
  await db.delete(posts).where(and(eq(posts.id, post.id), eq(posts.userId, userId)));
  // The database is the truth; its files go after it (a failure here leaves unclaimed files for the cron job).
  await deleteMedia(
    db,
    bucket,
    media.map((row) => row.key),
  );
  return { ok: true, postId: post.id, repostOf: null };
}

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

type Counts = { likes: number; reposts: number; shares: number; views: number; comments: number; at: number };

export async function setLike(db: Db, userId: string, postId: string, liked: boolean, now = Date.now()): Promise<Outcome<{ postId: string; liked: boolean; counts: Counts }>> {
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
): Promise<Outcome<{ postId: string; reposted: boolean; counts: Counts; repostId: string | null }>> {
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

/** Every share is recorded with where it went and adds one to shares_count. */
export async function sharePost(db: Db, userId: string, postId: string, platform: SharePlatform, now = Date.now()): Promise<Outcome<{ postId: string; counts: Counts }>> {
  const target = await interactable(db, userId, postId, now);
  if (!target) return refuse(404, POST_MESSAGES.notFound);
  const [, counts] = await db.batch([
    db.insert(postShares).values({ id: newId(now), postId: target.id, userId, platform, createdAt: new Date(now) }),
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
