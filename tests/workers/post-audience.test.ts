import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listBookmarks } from "~/.server/bookmarks";
import { addComment } from "~/.server/comments";
import { runRead } from "~/.server/db/reads";
import { createSession, generateSessionToken, hashToken } from "~/.server/auth/session";
import { createCommunity } from "~/.server/communities";
import { communityMembers, creatorSubscriptions, follows, mediaUploads, memberSettings, postBookmarks, postHashtags, postLikes, sessions } from "~/.server/db/schema";
import { hashtagPostsRead } from "~/.server/hashtags";
import { newId } from "~/.server/ids";
import { findTargetPost, inAudienceSql, subscriberRuleSql, viewerOnce, viewerOnceCte } from "~/.server/posts/access";
import { getCard, listCards, withVideo } from "~/.server/posts/cards";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { recordView, setBookmark, setLike, setRepost, sharePost } from "~/.server/posts/interactions";
import { profilePostsRead } from "~/.server/profiles";
import { FOLLOWING_SCAN_MIN_FOLLOWS, SESSION_RENEW_BEFORE_MS, TIME } from "~/lib/constants";
import { POST_LOCK_MESSAGES } from "~/lib/texts/post-lock";
import { PUBLIC_PROFILE_MESSAGES } from "~/lib/texts/public-profile";
import type { FeedItem, FeedPage } from "~/lib/types/post";
import worker from "../../workers/app";
import { unique, uniqueLetters } from "../fixtures/factories";
import { allPages, createPost, createUser, db, member, ORIGIN, sessionCookieFor, sessionViewerOf, TINY_PNG } from "./helpers";

/**
 * Post audiences (docs/decisions/031): a member whose postVisibility is 'followers' shares their posts
 * with their followers (and themselves) only. Everyone else finds them in no list (a page stays full),
 * sees them locked behind a link, and cannot act on them; a repost of one follows its original.
 */

let year = 0;
/**
 * Times after every other test's posts, so this test's posts are the newest (For you reads the newest).
 * Years of its own in the shared database: 201 on (home-search.test.ts has 101–112, blocks 301 on,
 * search-words 401 on), so no other file's posts fall among these.
 */
function futureClock() {
  year += 1;
  let at = Date.now() + (200 + year) * 365 * TIME.DAY;
  return { now: () => at, next: (step = TIME.MINUTE) => (at += step) };
}

async function follow(followerId: string, followingId: string) {
  await db().insert(follows).values({ id: newId(), followerId, followingId });
}

async function keepForFollowers(userId: string) {
  await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, userId));
}

const ids = (page: FeedPage) => page.items.map((item) => item.id);

async function visit(path: string, cookie?: string, method = "GET") {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { Host: new URL(ORIGIN).host, ...(cookie ? { Cookie: cookie } : {}) };
  const request = new Request(`${ORIGIN}${path}`, { method, headers, redirect: "manual" });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, html };
}

/** An author who keeps posts for followers, one follower and one stranger (a member who does not follow). */
async function circle() {
  const author = await createUser();
  const follower = await createUser();
  const stranger = await createUser();
  await follow(follower.id, author.id);
  await keepForFollowers(author.id);
  return { author, follower, stranger };
}

describe("a member who keeps their posts for followers", () => {
  it("is read by followers and themselves in every list, by no one else, and pages stay full", async () => {
    const clock = futureClock();
    const { author, follower, stranger } = await circle();
    const open = await createUser();
    const word = uniqueLetters("audienceword");
    const tag = `${word}tag`;
    const visible = await createPost(open.id, { content: `open ${word}`, createdAt: new Date(clock.next()), videoUrl: "/media/videos/open.mp4" });
    await db().insert(postHashtags).values({ postId: visible.id, hashtag: tag });
    const kept: string[] = [];
    // More kept posts than a page, all newer than the visible one: a list that filtered after picking its page would miss it.
    for (let i = 0; i < 25; i++) {
      const post = await createPost(author.id, { content: `kept ${word} ${i}`, createdAt: new Date(clock.next()), videoUrl: "/media/videos/kept.mp4" });
      await db().insert(postHashtags).values({ postId: post.id, hashtag: tag });
      kept.push(post.id);
    }
    const now = clock.next();

    const forYou = await getForYouFeed(db(), stranger.id, { now });
    expect(ids(forYou)).toContain(visible.id);
    expect(ids(forYou).some((id) => kept.includes(id))).toBe(false);
    // The follower's first page is full, of kept posts but for any newer than all of them: another
    // file's far-future posts share this database when its tests ran first, and outrank these.
    const followersFirst = ids(await getForYouFeed(db(), follower.id, { now }));
    const newestKept = kept[kept.length - 1]!;
    expect(followersFirst).toHaveLength(20);
    expect(followersFirst.filter((id) => !kept.includes(id) && id < newestKept)).toEqual([]);
    expect(followersFirst.filter((id) => kept.includes(id)).length).toBeGreaterThan(0);

    for (const [list, read] of [
      ["search", (viewer: string) => getForYouFeed(db(), viewer, { query: word, now })],
      ["hashtag", (viewer: string) => runRead(hashtagPostsRead(db(), viewer, tag, { now }))],
    ] as const) {
      const strangers = await read(stranger.id);
      expect(ids(strangers), list).toEqual([visible.id]);
      expect(strangers.nextCursor, list).toBeNull();
      const followers = await allPages((cursor) => (list === "search" ? getForYouFeed(db(), follower.id, { query: word, cursor, now }) : runRead(hashtagPostsRead(db(), follower.id, tag, { cursor, now }))));
      expect(followers.flatMap(ids), list).toEqual([...kept].reverse().concat(visible.id));
    }
    // Videos pick their page from their own index (decision 049): the audience is checked there too.
    const afterThese = newId(clock.next());
    for (const viewer of [stranger.id, null]) {
      const videos = ids(await listCards(db(), viewer, [withVideo], { now, cursor: afterThese }));
      expect(videos).toContain(visible.id);
      expect(videos.some((id) => kept.includes(id))).toBe(false);
    }
    expect(ids(await listCards(db(), follower.id, [withVideo], { now, cursor: afterThese })).filter((id) => kept.includes(id))).toHaveLength(20);

    // Their profile: nothing for a stranger (and the page says whom the posts are for), everything for the follower and the author.
    expect(await runRead(profilePostsRead(db(), stranger.id, { username: author.username }, { now }))).toEqual({ items: [], nextCursor: null });
    expect((await allPages((cursor) => runRead(profilePostsRead(db(), follower.id, { username: author.username }, { cursor, now })))).flatMap(ids)).toEqual([...kept].reverse());
    expect(ids(await runRead(profilePostsRead(db(), author.id, "own", { now })))).toHaveLength(20);
  });

  it("locks a post's page for a stranger and a visitor, refuses their likes, comments, reposts and bookmarks, and keeps its media out of shared caches", async () => {
    const { author, follower } = await circle();
    const stranger = await member();
    const post = await createPost(author.id, { content: "for my followers only", location: "Inner Circle" });
    const key = `images/posts/${newId()}.png`;
    await env.MEDIA.put(key, TINY_PNG, { httpMetadata: { contentType: "image/png" } });
    await db().insert(mediaUploads).values({ key, userId: author.id, postId: post.id, kind: "image", purpose: "posts", contentType: "image/png", size: TINY_PNG.byteLength });

    const locked = await visit(`/post/${post.id}`, stranger.cookie);
    expect(locked.status).toBe(200);
    expect(locked.html).not.toContain("for my followers only");
    expect(locked.html).not.toContain("Inner Circle");
    expect(locked.html).toContain(POST_LOCK_MESSAGES.followers(author.username));
    const visitor = await visit(`/post/${post.id}`);
    expect(visitor.html).not.toContain("for my followers only");
    expect(visitor.html).toContain(POST_LOCK_MESSAGES.followersSignIn(author.username));

    for (const outcome of [
      await setLike(db(), stranger.user.id, post.id, true),
      await setRepost(db(), stranger.user.id, post.id, true),
      await setBookmark(db(), stranger.user.id, post.id, true),
      await addComment(db(), stranger.user.id, post.id, { content: "let me in" }),
      await sharePost(db(), stranger.user.id, post.id, "copy"),
      await recordView(db(), stranger.user.id, post.id),
    ]) {
      expect(outcome).toMatchObject({ ok: false, status: 404 });
    }
    expect(await setLike(db(), follower.id, post.id, true)).toMatchObject({ ok: true, liked: true });

    // A made-up session, and one that ran out, read as a visitor: no way around the rule.
    const expired = generateSessionToken();
    await createSession(db(), expired, stranger.user.id, Date.now() - 400 * TIME.DAY);
    for (const cookie of ["session=made-up", `session=${expired}`]) {
      const page = await visit(`/post/${post.id}`, cookie);
      expect(page.html, cookie).not.toContain("for my followers only");
      expect(page.html, cookie).toContain(POST_LOCK_MESSAGES.followersSignIn(author.username));
    }

    expect((await visit(`/media/${key}`, stranger.cookie)).status).toBe(404);
    expect((await visit(`/media/${key}`)).status).toBe(404);
    for (const reader of [follower.id, author.id]) {
      const served = await visit(`/media/${key}`, await sessionCookieFor(reader));
      expect(served.status).toBe(200);
      expect(served.headers.get("Cache-Control")).toMatch(/^private/);
    }
  });

  it("an upload not yet in a post is its uploader's alone, and an object without its record is no one's (decision 070)", async () => {
    const author = await createUser();
    const other = await member();
    const key = `images/posts/${newId()}.png`;
    await env.MEDIA.put(key, TINY_PNG, { httpMetadata: { contentType: "image/png" } });
    const authorCookie = await sessionCookieFor(author.id);
    // No record names it (its record went before it): no one sees it.
    for (const cookie of [undefined, other.cookie, authorCookie]) expect((await visit(`/media/${key}`, cookie)).status).toBe(404);

    await db().insert(mediaUploads).values({ key, userId: author.id, kind: "image", purpose: "posts", contentType: "image/png", size: TINY_PNG.byteLength });
    for (const cookie of [undefined, other.cookie]) expect((await visit(`/media/${key}`, cookie)).status).toBe(404);
    const own = await visit(`/media/${key}`, authorCookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toMatch(/^private/);

    const post = await createPost(author.id, { content: "now for everyone" });
    await db().update(mediaUploads).set({ postId: post.id }).where(eq(mediaUploads.key, key));
    const served = await visit(`/media/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toMatch(/^public, .*immutable/);
  });

  it("media of an ordinary author's post stays public and long-cached", async () => {
    const author = await createUser();
    const post = await createPost(author.id, { content: "for everyone" });
    const key = `images/posts/${newId()}.png`;
    await env.MEDIA.put(key, TINY_PNG, { httpMetadata: { contentType: "image/png" } });
    await db().insert(mediaUploads).values({ key, userId: author.id, postId: post.id, kind: "image", purpose: "posts", contentType: "image/png", size: TINY_PNG.byteLength });
    const served = await visit(`/media/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toMatch(/^public, .*immutable/);
    // A member's request for it reads no session (decision 124): one small read, and no session cookie
    // on an answer any cache may keep, even when the session is due to be renewed.
    const { cookie } = await member();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + SESSION_RENEW_BEFORE_MS / 2) })
      .where(eq(sessions.id, hashToken(cookie.slice("session=".length))));
    for (const method of ["GET", "HEAD"]) {
      const asMember = await visit(`/media/${key}`, cookie, method);
      expect([asMember.status, asMember.headers.get("Set-Cookie"), asMember.headers.get("X-D1-Calls")]).toEqual([200, null, "1"]);
      expect(asMember.headers.get("Content-Length")).toBe(String(TINY_PNG.byteLength));
    }
    // The page is what renews it.
    expect((await visit("/terms", cookie)).headers.get("Set-Cookie")).toMatch(/^session=/);
    // Other members keep their posts (earlier tests): the rule asks about this post's author alone.
    await circle();
    expect(await findTargetPost(db(), null, post.id)).toMatchObject({ canView: true, authorKeeps: false, privateCommunity: false });
    expect(await findTargetPost(db(), (await createUser()).id, post.id)).toMatchObject({ canView: true, authorKeeps: false, privateCommunity: false, viewerKept: false });
  });

  it("opens and closes at once: unfollowing closes the posts, switching back to everyone opens them, and a like or bookmark can be taken back after losing access", async () => {
    const { author, follower } = await circle();
    const post = await createPost(author.id, { content: "changing audiences" });
    expect(await setLike(db(), follower.id, post.id, true)).toMatchObject({ ok: true });
    expect(await setBookmark(db(), follower.id, post.id, true)).toMatchObject({ ok: true });
    await db().delete(follows).where(and(eq(follows.followerId, follower.id), eq(follows.followingId, author.id)));
    expect(await runRead(profilePostsRead(db(), follower.id, { username: author.username }))).toEqual({ items: [], nextCursor: null });
    expect(await setLike(db(), follower.id, post.id, true)).toMatchObject({ ok: false, status: 404 });
    // Taking back their own like and bookmark still works.
    const undone = await setLike(db(), follower.id, post.id, false);
    expect(undone).toMatchObject({ ok: true, liked: false });
    // The counts are the post's: an undo from outside its audience gets none.
    expect(undone.ok && undone.counts).toBeUndefined();
    expect(await setBookmark(db(), follower.id, post.id, false)).toMatchObject({ ok: true, bookmarked: false });
    expect(await db().select().from(postLikes).where(eq(postLikes.postId, post.id)).all()).toEqual([]);
    expect(await db().select().from(postBookmarks).where(eq(postBookmarks.postId, post.id)).all()).toEqual([]);
    await db().update(memberSettings).set({ postVisibility: "public" }).where(eq(memberSettings.userId, author.id));
    expect(ids(await runRead(profilePostsRead(db(), follower.id, { username: author.username })))).toEqual([post.id]);
  });

  it("their own reposts are theirs too: left out of strangers' lists (search included), and a link to one shows the original without the banner", async () => {
    const clock = futureClock();
    const { author: reposter, follower } = await circle();
    const open = await createUser();
    const stranger = await createUser();
    const word = uniqueLetters("repostword");
    const original = await createPost(open.id, { content: `public words ${word}`, createdAt: new Date(clock.next()) });
    const outcome = await setRepost(db(), reposter.id, original.id, true, clock.next());
    if (!outcome.ok || !outcome.repostId) throw new Error("repost refused");
    const now = clock.next();
    const searched = (viewer: string) => getForYouFeed(db(), viewer, { query: word, now });
    expect(ids(await searched(stranger.id))).toEqual([original.id]);
    expect(ids(await searched(follower.id))).toEqual([outcome.repostId, original.id]);
    const stranger2 = await member();
    const link = await visit(`/post/${outcome.repostId}`, stranger2.cookie);
    expect(link.html).toContain(`public words ${word}`);
    expect(link.html).not.toContain(`@${reposter.username}`);
  });

  it("shows the profile header to strangers and visitors, with whom the posts are for in place of them", async () => {
    const { author } = await circle();
    await createPost(author.id, { content: "followers hear this" });
    const stranger = await member();
    for (const page of [await visit(`/profile/${author.username}`, stranger.cookie), await visit(`/@${author.username}`)]) {
      expect(page.status).toBe(200);
      expect(page.html).toContain(`@${author.username}`);
      expect(page.html).toContain(PUBLIC_PROFILE_MESSAGES.followersTitle);
      expect(page.html).not.toContain("followers hear this");
    }
    // Following them opens the posts.
    await follow(stranger.user.id, author.id);
    const after = await visit(`/profile/${author.username}`, stranger.cookie);
    expect(after.html).toContain("followers hear this");
    expect(after.html).not.toContain(PUBLIC_PROFILE_MESSAGES.followersTitle);
  });

  it("a repost of a kept post shows only to those in its original's audience, in Following and on the reposter's profile, and pages stay full", async () => {
    const clock = futureClock();
    const { author, follower: reposter } = await circle();
    const both = await createUser();
    await follow(both.id, author.id);
    await follow(both.id, reposter.id);
    const onlyReposter = await createUser();
    await follow(onlyReposter.id, reposter.id);
    // The same, following enough people to take the scan path (decision 026).
    const many = await createUser();
    await follow(many.id, reposter.id);
    for (let i = 1; i < FOLLOWING_SCAN_MIN_FOLLOWS; i++) await follow(many.id, (await createUser()).id);

    const own = await createPost(reposter.id, { content: "the reposter's own", createdAt: new Date(clock.next()) });
    const reposts: string[] = [];
    for (let i = 0; i < 22; i++) {
      const kept = await createPost(author.id, { content: `kept ${i}`, createdAt: new Date(clock.next()) });
      const outcome = await setRepost(db(), reposter.id, kept.id, true, clock.now());
      if (!outcome.ok || !outcome.repostId) throw new Error("repost refused");
      reposts.push(outcome.repostId);
    }

    for (const viewer of [onlyReposter, many]) {
      const page = await getFollowingFeed(db(), viewer.id, {});
      expect(ids(page)).toEqual([own.id]);
      expect(page.nextCursor).toBeNull();
      expect(ids(await runRead(profilePostsRead(db(), viewer.id, { username: reposter.username })))).toEqual([own.id]);
    }
    const visitorsView = await visit(`/@${reposter.username}`);
    expect(visitorsView.html).toContain("the reposter&#x27;s own");
    expect(visitorsView.html).not.toContain("kept 21");

    const bothSee = (await allPages((cursor) => getFollowingFeed(db(), both.id, { cursor }))).flatMap(ids);
    for (const id of reposts) expect(bothSee).toContain(id);
    expect(bothSee).toContain(own.id);
  });

  it("a bookmark of a post whose author stopped sharing it with the member is left out of their bookmarks, and comes back when they follow", async () => {
    const author = await createUser();
    const reader = await createUser();
    const post = await createPost(author.id, { content: "bookmarked then kept" });
    expect(await setBookmark(db(), reader.id, post.id, true)).toMatchObject({ ok: true });
    expect(ids(await listBookmarks(db(), reader.id))).toEqual([post.id]);
    await keepForFollowers(author.id);
    expect(await listBookmarks(db(), reader.id)).toEqual({ items: [], nextCursor: null });
    await follow(reader.id, author.id);
    expect(ids(await listBookmarks(db(), reader.id))).toEqual([post.id]);
  });
});

describe("a card in a list", () => {
  // A list's statement keeps only posts in the viewer's audience and community, so its cards do not
  // decide those again (decision 051): each must still be the card its post reads alone.
  it("is the card its post reads alone: lock, audience, community and repost line alike, for a member by id and by session and for a visitor", async () => {
    const clock = futureClock();
    const now = clock.now();
    const viewer = await createUser();
    const kept = await createUser();
    const creator = await createUser();
    const paid = await createUser();
    const reposter = await createUser();
    await keepForFollowers(kept.id);
    for (const author of [kept, creator, paid, reposter]) await follow(viewer.id, author.id);
    await db().insert(creatorSubscriptions).values({ id: newId(), subscriberId: viewer.id, subscribedToId: paid.id, amountCents: 500, status: "active", expiresAt: new Date(now + 30 * TIME.DAY) });
    const circle = await createCommunity(db(), reposter.id, { name: `Circle ${unique("c")}`, description: undefined, isPrivate: true });
    if (!circle.ok) throw new Error(circle.message ?? "community refused");
    await db().insert(communityMembers).values({ id: newId(), communityId: circle.communityId, userId: viewer.id, role: "member" });

    const keptPost = await createPost(kept.id, { content: "for followers", createdAt: new Date(clock.next()) });
    const locked = await createPost(creator.id, { content: "for subscribers", isSubscriberOnly: true, createdAt: new Date(clock.next()) });
    const open = await createPost(paid.id, { content: "for my subscriber", isSubscriberOnly: true, createdAt: new Date(clock.next()) });
    const mine = await createPost(viewer.id, { content: "my own, for subscribers", isSubscriberOnly: true, createdAt: new Date(clock.next()) });
    const inCircle = await createPost(reposter.id, { content: "inside the circle", communityId: circle.communityId, createdAt: new Date(clock.next()) });
    // The reposter may see both: a follower of the one, a subscriber of the other.
    await follow(reposter.id, kept.id);
    await db().insert(creatorSubscriptions).values({ id: newId(), subscriberId: reposter.id, subscribedToId: creator.id, amountCents: 500, status: "active", expiresAt: new Date(now + 30 * TIME.DAY) });
    expect(await setRepost(db(), reposter.id, keptPost.id, true)).toMatchObject({ ok: true });
    expect(await setRepost(db(), reposter.id, locked.id, true)).toMatchObject({ ok: true });

    const strip = (item: FeedItem | null) => item && { ...item, post: { ...item.post, counts: { ...item.post.counts, at: 0 } } };
    for (const [how, viewerOf] of [
      ["by id", async () => viewer.id],
      ["by session", () => sessionViewerOf(viewer.id)],
    ] as const) {
      const reader = await viewerOf();
      const forYou = await getForYouFeed(db(), reader, { now });
      expect(forYou.items.map((item) => item.id)).toEqual(expect.arrayContaining([keptPost.id, locked.id, open.id, mine.id]));
      const lists = [
        await getFollowingFeed(db(), reader, { now }),
        forYou,
        ...(await Promise.all([reposter, creator, paid, kept].map((author) => runRead(profilePostsRead(db(), reader, { username: author.username }, { now }))))),
        await runRead(profilePostsRead(db(), reader, "own", { now })),
      ];
      const items = lists.flatMap((page) => page.items);
      for (const item of items) expect(strip(item), `${how}: ${item.id}`).toEqual(strip(await getCard(db(), reader, item.id, now)));

      // Every kind of card was among them.
      const shown = (id: string) => items.find((item) => item.id === id)?.post;
      expect(shown(locked.id)).toMatchObject({ locked: true, lockedFor: "subscribers", content: "" });
      expect(shown(open.id)).toMatchObject({ locked: false, content: "for my subscriber" });
      expect(shown(mine.id)).toMatchObject({ locked: false, content: "my own, for subscribers" });
      expect(shown(keptPost.id)).toMatchObject({ locked: false, content: "for followers" });
      expect(shown(inCircle.id)).toMatchObject({ community: { id: circle.communityId }, content: "inside the circle" });
      const reposts = items.filter((item) => item.repostedBy?.id === reposter.id).map((item) => item.post.id);
      expect(reposts).toEqual(expect.arrayContaining([keptPost.id, locked.id]));
      expect(items.find((item) => item.repostedBy && item.post.id === locked.id)?.post.locked).toBe(true);
    }

    // A visitor: the subscriber-only posts show locked, the repost line stays, the followers-only author lists nothing.
    const visitorLists = await Promise.all([reposter, creator, paid, kept].map((author) => runRead(profilePostsRead(db(), null, { username: author.username }, { now }))));
    const seen = visitorLists.flatMap((page) => page.items);
    for (const item of seen) expect(strip(item), `visitor: ${item.id}`).toEqual(strip(await getCard(db(), null, item.id, now)));
    expect(seen.find((item) => item.id === open.id)?.post).toMatchObject({ locked: true, lockedFor: "subscribers", content: "" });
    expect(seen.find((item) => item.repostedBy?.id === reposter.id && item.post.id === locked.id)?.post.locked).toBe(true);
    expect(visitorLists[3]!.items).toEqual([]);
    // Rows outside a visitor's audience or community are left out of the lists, so listed columns never meet them.
    expect(seen.map((item) => item.post.id)).not.toContain(inCircle.id);
    expect(seen.map((item) => item.post.id)).not.toContain(keptPost.id);
  });
});

describe("the access rules with the viewer read once (decision 062)", () => {
  it("answer as the rules with the viewer given, for every kind of author, viewer and subscription", async () => {
    const viewer = await createUser();
    const everyone = await createUser();
    const keeper = await createUser();
    const followedKeeper = await createUser();
    const privateProfile = await createUser();
    const subscribedCreator = await createUser();
    const lapsedCreator = await createUser();
    const cancelledCreator = await createUser();
    // The viewer keeps their own posts for followers too: they still read them.
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, viewer.id));
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, keeper.id));
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, followedKeeper.id));
    await db().update(memberSettings).set({ profileVisibility: "private" }).where(eq(memberSettings.userId, privateProfile.id));
    await follow(viewer.id, followedKeeper.id);
    const now = Date.now();
    await db().insert(creatorSubscriptions).values([
      { id: newId(), subscriberId: viewer.id, subscribedToId: subscribedCreator.id, amountCents: 499, expiresAt: new Date(now + TIME.DAY) },
      { id: newId(), subscriberId: viewer.id, subscribedToId: lapsedCreator.id, amountCents: 499, expiresAt: new Date(now - TIME.DAY) },
      { id: newId(), subscriberId: viewer.id, subscribedToId: cancelledCreator.id, amountCents: 499, status: "cancelled", expiresAt: new Date(now + TIME.DAY) },
    ]);
    const authors = [everyone, keeper, followedKeeper, privateProfile, subscribedCreator, lapsedCreator, cancelledCreator, viewer];
    // The viewer as a value, and read once into `me`: a member, and a session no member has (NULL).
    for (const id of [viewer.id, null]) {
      for (const author of authors) {
        for (const subscriberOnly of [0, 1]) {
          const [row] = await db().all<{ given: number; once: number; subGiven: number | null; subOnce: number }>(
            sql`WITH ${viewerOnceCte(sql`${id}`)} SELECT
              ${inAudienceSql(sql`${id}`, sql`${author.id}`)} AS given, ${inAudienceSql(viewerOnce, sql`${author.id}`)} AS once,
              ${subscriberRuleSql(sql`${id}`, sql`${author.id}`, sql`${subscriberOnly}`, now)} AS subGiven,
              ${subscriberRuleSql(viewerOnce, sql`${author.id}`, sql`${subscriberOnly}`, now)} AS subOnce`,
          );
          const where = `${id ? "member" : "no member"}, ${authors.indexOf(author)}, ${subscriberOnly}`;
          expect(Boolean(row!.once), where).toBe(Boolean(row!.given));
          // The rule with the viewer given may answer NULL (no member): every use reads it as false.
          expect(Boolean(row!.subOnce), where).toBe(Boolean(row!.subGiven));
        }
      }
    }
  });
});
