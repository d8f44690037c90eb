import { and, count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  commentLikes,
  comments,
  communities,
  communityMembers,
  creatorSubscriptions,
  follows,
  postBookmarks,
  postLikes,
  postReposts,
  posts,
  postShares,
  userActivity,
  users,
  verifiedSubscriptions,
} from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { setBookmark, setLike, setRepost } from "~/.server/posts/interactions";
import { createPost, createUser, db, sqliteError } from "./helpers";

async function post(id: string) {
  return (await db().select().from(posts).where(eq(posts.id, id)).get())!;
}
async function user(id: string) {
  return (await db().select().from(users).where(eq(users.id, id)).get())!;
}

describe("counters kept by triggers", () => {
  it("likes: insert adds one, a duplicate changes nothing, delete removes one", async () => {
    const author = await createUser();
    const fan = await createUser();
    const { id } = await createPost(author.id);

    await db().insert(postLikes).values({ postId: id, userId: fan.id });
    expect((await post(id)).likesCount).toBe(1);
    await db().insert(postLikes).values({ postId: id, userId: fan.id }).onConflictDoNothing();
    expect((await post(id)).likesCount).toBe(1);
    expect(await sqliteError(db().insert(postLikes).values({ postId: id, userId: fan.id }))).toMatch(/UNIQUE|PRIMARY/);
    await db().delete(postLikes).where(and(eq(postLikes.postId, id), eq(postLikes.userId, fan.id)));
    expect((await post(id)).likesCount).toBe(0);
  });

  it("a counter never goes below 0", async () => {
    const author = await createUser();
    const fan = await createUser();
    const { id } = await createPost(author.id);
    await db().insert(postLikes).values({ postId: id, userId: fan.id });
    // Someone (e.g. a reconciliation bug) zeroed the counter; deleting the row must not make it -1.
    await db().update(posts).set({ likesCount: 0 }).where(eq(posts.id, id));
    await db().delete(postLikes).where(eq(postLikes.postId, id));
    expect((await post(id)).likesCount).toBe(0);
    expect(await sqliteError(db().update(posts).set({ likesCount: -1 }).where(eq(posts.id, id)))).toMatch(/CHECK/);
  });

  it("reposts, bookmarks-free shares, comments and views count their rows", async () => {
    const author = await createUser();
    const fans = [await createUser(), await createUser(), await createUser()];
    const { id } = await createPost(author.id);

    for (const fan of fans) {
      await db().insert(postReposts).values({ postId: id, userId: fan.id });
      await db().insert(postShares).values({ id: newId(), postId: id, userId: fan.id, platform: "copy" });
      await db().insert(comments).values({ id: newId(), postId: id, userId: fan.id, content: "nice" });
      await db().insert(userActivity).values({ id: newId(), postId: id, userId: fan.id, actionType: "view", day: 1 });
    }
    await db().insert(postBookmarks).values({ postId: id, userId: fans[0]!.id });
    let row = await post(id);
    expect([row.repostsCount, row.sharesCount, row.commentsCount, row.viewsCount]).toEqual([3, 3, 3, 3]);
    expect(row.likesCount).toBe(0);

    await db().delete(postReposts).where(eq(postReposts.userId, fans[0]!.id));
    await db().delete(comments).where(eq(comments.userId, fans[1]!.id));
    row = await post(id);
    expect([row.repostsCount, row.commentsCount]).toEqual([2, 2]);
  });

  it("comment likes count per comment", async () => {
    const author = await createUser();
    const fan = await createUser();
    const { id } = await createPost(author.id);
    const commentId = newId();
    await db().insert(comments).values({ id: commentId, postId: id, userId: author.id, content: "first" });
    await db().insert(commentLikes).values({ commentId, userId: fan.id });
    await db().insert(commentLikes).values({ commentId, userId: fan.id }).onConflictDoNothing();
    const comment = await db().select().from(comments).where(eq(comments.id, commentId)).get();
    expect(comment?.likesCount).toBe(1);
  });

  it("follows keep followers_count and following_count; following yourself is refused", async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    await db().insert(follows).values({ id: newId(), followerId: a.id, followingId: b.id });
    await db().insert(follows).values({ id: newId(), followerId: c.id, followingId: b.id });
    await db().insert(follows).values({ id: newId(), followerId: a.id, followingId: b.id }).onConflictDoNothing();
    expect((await user(b.id)).followersCount).toBe(2);
    expect((await user(a.id)).followingCount).toBe(1);
    expect(await sqliteError(db().insert(follows).values({ id: newId(), followerId: a.id, followingId: a.id }))).toMatch(/CHECK/);

    await db().delete(follows).where(eq(follows.followerId, a.id));
    expect((await user(b.id)).followersCount).toBe(1);
    expect((await user(a.id)).followingCount).toBe(0);
  });

  it("posts_count counts a member's own posts, not their reposts", async () => {
    const author = await createUser();
    const other = await createUser();
    const original = await createPost(other.id);
    const mine = await createPost(author.id);
    await createPost(author.id, { content: "", repostedFromPostId: original.id });
    expect((await user(author.id)).postsCount).toBe(1);
    await db().delete(posts).where(eq(posts.id, mine.id));
    expect((await user(author.id)).postsCount).toBe(0);
  });

  it("member_count follows community_members, and deleting a post cascades its likes", async () => {
    const creator = await createUser();
    const joiner = await createUser();
    const communityId = newId();
    await db().insert(communities).values({ id: communityId, name: `Club ${communityId}`, creatorId: creator.id });
    await db().insert(communityMembers).values({ id: newId(), communityId, userId: creator.id, role: "creator" });
    await db().insert(communityMembers).values({ id: newId(), communityId, userId: joiner.id });
    await db().insert(communityMembers).values({ id: newId(), communityId, userId: joiner.id }).onConflictDoNothing();
    const community = await db().select().from(communities).where(eq(communities.id, communityId)).get();
    expect(community?.memberCount).toBe(2);

    const { id } = await createPost(creator.id);
    await db().insert(postLikes).values({ postId: id, userId: joiner.id });
    await db().delete(posts).where(eq(posts.id, id));
    const left = await db().select({ n: sql<number>`count(*)` }).from(postLikes).where(eq(postLikes.postId, id)).get();
    expect(left?.n).toBe(0);
  });
});

describe("one subscription per relation", () => {
  it("a member subscribes to a creator once, and holds one verified subscription", async () => {
    const creator = await createUser();
    const fan = await createUser();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const subscription = () => ({ id: newId(), subscriberId: fan.id, subscribedToId: creator.id, amountCents: 499, expiresAt });
    await db().insert(creatorSubscriptions).values(subscription());
    expect(await sqliteError(db().insert(creatorSubscriptions).values(subscription()))).toMatch(/UNIQUE/);
    const verified = () => ({ id: newId(), userId: fan.id, amountCents: 999, expiresAt });
    await db().insert(verifiedSubscriptions).values(verified());
    expect(await sqliteError(db().insert(verifiedSubscriptions).values(verified()))).toMatch(/UNIQUE/);
  });
});

describe("counters under random toggles (docs/decisions/003)", () => {
  it("after 1,000 random like, repost, bookmark and follow toggles by several members, every counter equals its rows", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const targets = await Promise.all(members.slice(0, 3).map((author) => createPost(author.id)));
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    // Ten at a time, so toggles of the same pair also race each other.
    for (let round = 0; round < 100; round++) {
      await Promise.all(
        Array.from({ length: 10 }, () => {
          const member = pick(members);
          const on = random() < 0.5;
          switch (Math.floor(random() * 4)) {
            case 0:
              return setLike(db(), member.id, pick(targets).id, on);
            case 1:
              return setRepost(db(), member.id, pick(targets).id, on);
            case 2:
              return setBookmark(db(), member.id, pick(targets).id, on);
            default:
              return setFollow(db(), member.id, pick(members).id, on);
          }
        }),
      );
    }
    for (const target of targets) {
      const row = await post(target.id);
      const [likes] = await db().select({ n: count() }).from(postLikes).where(eq(postLikes.postId, target.id));
      const [reposts] = await db().select({ n: count() }).from(postReposts).where(eq(postReposts.postId, target.id));
      const [repostPosts] = await db().select({ n: count() }).from(posts).where(eq(posts.repostedFromPostId, target.id));
      expect(row.likesCount).toBe(likes!.n);
      expect(row.repostsCount).toBe(reposts!.n);
      expect(repostPosts!.n).toBe(reposts!.n);
    }
    const ids = members.map((member) => member.id);
    for (const member of members) {
      const row = await user(member.id);
      const [followers] = await db().select({ n: count() }).from(follows).where(eq(follows.followingId, member.id));
      const [following] = await db().select({ n: count() }).from(follows).where(eq(follows.followerId, member.id));
      const [own] = await db()
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.userId, member.id), sql`${posts.repostedFromPostId} IS NULL`));
      expect([row.followersCount, row.followingCount, row.postsCount]).toEqual([followers!.n, following!.n, own!.n]);
    }
    // The toggles did happen: the rows are not all gone.
    const [bookmarks] = await db().select({ n: count() }).from(postBookmarks).where(inArray(postBookmarks.userId, ids));
    const [followRows] = await db().select({ n: count() }).from(follows).where(inArray(follows.followerId, ids));
    expect(bookmarks!.n).toBeGreaterThan(0);
    expect(followRows!.n).toBeGreaterThan(0);
  });
});
