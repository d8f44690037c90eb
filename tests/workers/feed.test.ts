import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment, setCommentLike } from "~/.server/comments";
import { getDb } from "~/.server/db/client";
import { comments, creatorSubscriptions, follows, postHashtags, posts, users, verifiedSubscriptions } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { cardsRead, listCards, originalsOnly, withVideo } from "~/.server/posts/cards";
import { parseListCursor } from "~/.server/posts/cursors";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { setLike, setRepost } from "~/.server/posts/interactions";
import { getPostPage } from "~/.server/posts/post-page";
import type { FeedPage } from "~/lib/types/post";
import { COMMENTS_PAGE_SIZE, FEED_PAGE_SIZE, FOLLOWING_SCAN_MIN_FOLLOWS, FOLLOWING_SCAN_WINDOW, FOR_YOU, TIME } from "~/lib/constants";
import { buildPost } from "../fixtures/factories";
import { allPages, capturingD1, createPost, createUser, db, planOf } from "./helpers";

/** Each test writes posts in its own future year, so they are the newest in the shared database. */
let year = 0;
function futureClock() {
  year += 1;
  let at = Date.now() + year * 365 * TIME.DAY;
  return {
    now: () => at,
    next: (step = TIME.MINUTE) => {
      at += step;
      return at;
    },
  };
}

async function follow(followerId: string, followingId: string) {
  await db().insert(follows).values({ id: newId(), followerId, followingId });
}

describe("Following", () => {
  it("shows posts and reposts of followed members, newest first, never the viewer's own", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const friend = await createUser();
    const stranger = await createUser();
    await follow(viewer.id, friend.id);
    const old = await createPost(friend.id, { createdAt: new Date(clock.next()), content: "old friend post" });
    await createPost(stranger.id, { createdAt: new Date(clock.next()), content: "stranger post" });
    await createPost(viewer.id, { createdAt: new Date(clock.next()), content: "my own post" });
    const strangers = await createPost(stranger.id, { createdAt: new Date(clock.next()), content: "reposted one" });
    await setRepost(db(), friend.id, strangers.id, true, clock.next());
    const recent = await createPost(friend.id, { createdAt: new Date(clock.next()), content: "new friend post" });

    const page = await getFollowingFeed(db(), viewer.id, { now: clock.next() });
    expect(page.items.map((item) => item.post.content)).toEqual(["new friend post", "reposted one", "old friend post"]);
    expect(page.items[0]!.id).toBe(recent.id);
    expect(page.items[1]!.repostedBy?.username).toBe(friend.username);
    expect(page.items[1]!.post.id).toBe(strangers.id);
    expect(page.items[1]!.post.author.username).toBe(stranger.username);
    expect(page.items[2]!.id).toBe(old.id);
    expect(page.nextCursor).toBeNull();
  });

  it("pages 20 at a time without duplicates or gaps", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const friend = await createUser();
    await follow(viewer.id, friend.id);
    const created: string[] = [];
    for (let i = 0; i < 47; i++) created.push((await createPost(friend.id, { createdAt: new Date(clock.next()) })).id);

    const pages = await allPages((cursor) => getFollowingFeed(db(), viewer.id, { cursor }));
    expect(pages.map((page) => page.items.length)).toEqual([20, 20, 7]);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(created.reverse());
  });

  /**
   * A member who follows `count` people, among them `also` (from FOLLOWING_SCAN_MIN_FOLLOWS on,
   * Following scans the newest posts first).
   */
  async function followerOf(count: number, ...also: string[]) {
    const viewer = await createUser();
    for (const id of also) await follow(viewer.id, id);
    for (let i = also.length; i < count; i++) await follow(viewer.id, (await createUser()).id);
    return viewer;
  }

  it.each([
    ["one person", 1],
    ["many people (the newest posts are scanned first)", FOLLOWING_SCAN_MIN_FOLLOWS],
  ])("finds a quiet followed member's posts under thousands of newer ones, following %s", async (_, following) => {
    const clock = futureClock();
    const quiet = await createUser();
    const busy = await createUser();
    const viewer = await followerOf(following, quiet.id);
    const old = [];
    for (let i = 0; i < 3; i++) old.push((await createPost(quiet.id, { createdAt: new Date(clock.next()) })).id);
    const newer = Array.from({ length: FOLLOWING_SCAN_WINDOW + 100 }, () => buildPost(busy.id, { createdAt: new Date(clock.next(TIME.SECOND)) }));
    // D1 takes at most 100 bound values per statement: one row per insert, a hundred inserts per batch.
    for (let i = 0; i < newer.length; i += 100) {
      const [first, ...rest] = newer.slice(i, i + 100).map((row) => db().insert(posts).values(row));
      await db().batch([first!, ...rest]);
    }

    const page = await getFollowingFeed(db(), viewer.id, {});
    expect(page.items.map((item) => item.id)).toEqual(old.reverse());
  });

  it("pages from the newest posts for a member who follows many, without duplicates or gaps", async () => {
    const clock = futureClock();
    const friend = await createUser();
    const stranger = await createUser();
    const viewer = await followerOf(FOLLOWING_SCAN_MIN_FOLLOWS, friend.id);
    const created: string[] = [];
    for (let i = 0; i < 25; i++) {
      created.push((await createPost(friend.id, { createdAt: new Date(clock.next()) })).id);
      await createPost(stranger.id, { createdAt: new Date(clock.next()) });
    }
    const pages = await allPages((cursor) => getFollowingFeed(db(), viewer.id, { cursor }));
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(created.reverse());
  });

  it("filters by words, author display name or hashtag, case-insensitively", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const friend = await createUser({ displayName: "Zelda Quartermaine" });
    const other = await createUser();
    await follow(viewer.id, friend.id);
    await follow(viewer.id, other.id);
    const coffee = await createPost(other.id, { createdAt: new Date(clock.next()), content: "Morning COFFEE ritual" });
    const tagged = await createPost(other.id, { createdAt: new Date(clock.next()), content: "see #Espresso" });
    await db().insert(postHashtags).values({ postId: tagged.id, hashtag: "espresso" });
    const byName = await createPost(friend.id, { createdAt: new Date(clock.next()), content: "hello there" });
    await createPost(other.id, { createdAt: new Date(clock.next()), content: "nothing to see" });

    const search = async (query: string) =>
      (await getFollowingFeed(db(), viewer.id, { query })).items.map((item) => item.post.id);
    expect(await search("coffee")).toEqual([coffee.id]);
    expect(await search("cof")).toEqual([coffee.id]);
    expect(await search("quarterMAINE")).toEqual([byName.id]);
    expect(await search("#espresso")).toEqual([tagged.id]);
    expect(await search("zzzz")).toEqual([]);
    expect(await search("!!!")).toEqual([]);
    expect(await search('"coffee*')).toEqual([coffee.id]);
  });
});

describe("For you", () => {
  it("ranks the newest posts by engagement, recency and the viewer's hashtags, then pages on in time", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const authors = [await createUser(), await createUser(), await createUser()];
    const fans = [await createUser(), await createUser(), await createUser(), await createUser()];
    const quiet = await createPost(authors[0]!.id, { createdAt: new Date(clock.next()), content: "quiet" });
    const popular = await createPost(authors[1]!.id, { createdAt: new Date(clock.next()), content: "popular" });
    for (const fan of fans) await setLike(db(), fan.id, popular.id, true, clock.now());
    const interesting = await createPost(authors[2]!.id, { createdAt: new Date(clock.next()), content: "about #gardening" });
    await db().insert(postHashtags).values({ postId: interesting.id, hashtag: "gardening" });
    const mine = await createPost(viewer.id, { createdAt: new Date(clock.next(TIME.SECOND)), content: "I love #gardening" });
    await db().insert(postHashtags).values({ postId: mine.id, hashtag: "gardening" });

    const page = await getForYouFeed(db(), viewer.id, { now: clock.next(TIME.HOUR) });
    const order = page.items.map((item) => item.post.id);
    expect(order.indexOf(popular.id)).toBeLessThan(order.indexOf(quiet.id));
    expect(order.indexOf(interesting.id)).toBeLessThan(order.indexOf(quiet.id));
    expect(page.items.every((item) => item.repostedBy === null)).toBe(true);
  });

  it("a locked post's hashtags raise it only for a viewer who may read it: its rank tells no one else which tags it has", async () => {
    const clock = futureClock();
    const [stranger, subscriber] = [await createUser(), await createUser()];
    const creator = await createUser();
    const other = await createUser();
    const locked = await createPost(creator.id, { createdAt: new Date(clock.next()), content: "for subscribers #orchids", isSubscriberOnly: true });
    await db().insert(postHashtags).values({ postId: locked.id, hashtag: "orchids" });
    // A second newer, so ranked just above the locked post but for the tag's boost.
    const plain = await createPost(other.id, { createdAt: new Date(clock.next(TIME.SECOND)), content: "a plain word" });
    for (const viewer of [stranger, subscriber]) {
      const theirs = await createPost(viewer.id, { createdAt: new Date(clock.next(TIME.SECOND)), content: "I grow #orchids" });
      await db().insert(postHashtags).values({ postId: theirs.id, hashtag: "orchids" });
    }
    const now = clock.next(TIME.HOUR);
    await db().insert(creatorSubscriptions).values({ id: newId(), subscriberId: subscriber.id, subscribedToId: creator.id, amountCents: 499, expiresAt: new Date(now + TIME.DAY) });
    const order = async (viewer: string) => (await getForYouFeed(db(), viewer, { now })).items.map((item) => item.post.id).filter((id) => id === locked.id || id === plain.id);
    expect(await order(subscriber.id)).toEqual([locked.id, plain.id]);
    expect(await order(stranger.id)).toEqual([plain.id, locked.id]);
  });

  it("pages through the ranked pool and then older posts without duplicates or gaps", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const author = await createUser();
    const created = new Set<string>();
    for (let i = 0; i < 45; i++) created.add((await createPost(author.id, { createdAt: new Date(clock.next()) })).id);

    const now = clock.next();
    const pages = await allPages((cursor) => getForYouFeed(db(), viewer.id, { cursor, now }));
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of created) expect(ids).toContain(id);
    expect(pages[0]!.items).toHaveLength(FEED_PAGE_SIZE);
    const firstCursor = parseListCursor(pages[0]!.nextCursor);
    expect(firstCursor?.kind).toBe("ranked");
  });

  it("continues in time order after a full pool", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const author = await createUser();
    for (let i = 0; i < FOR_YOU.poolSize + 5; i++) {
      await createPost(author.id, { createdAt: new Date(clock.next()) });
    }
    const pages = await allPages((cursor) => getForYouFeed(db(), viewer.id, { cursor, now: clock.now() }), 30);
    const kinds = pages.map((page) => parseListCursor(page.nextCursor)?.kind ?? null);
    expect(kinds).toContain("time");
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("For you cursors", () => {
  it("a cursor pins the ranking time, never the time access is decided at: an expired subscription stays expired", async () => {
    const clock = futureClock();
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id, { content: "past subscribers only", isSubscriberOnly: true, createdAt: new Date(clock.next()) });
    const now = clock.next();
    // Active by status, but it ran out an hour ago.
    await db().insert(creatorSubscriptions).values({
      id: newId(),
      subscriberId: fan.id,
      subscribedToId: author.id,
      amountCents: 499,
      expiresAt: new Date(now - TIME.HOUR),
    });
    const crafted = `r~${now - TIME.DAY}~7ZZZZZZZZZZZZZZZZZZZZZZZZZ~1000000000~7ZZZZZZZZZZZZZZZZZZZZZZZZZ`;
    const page = await getForYouFeed(db(), fan.id, { cursor: crafted, now });
    const card = page.items.find((item) => item.post.id === post.id);
    expect(card?.post).toMatchObject({ locked: true, content: "" });
  });
});

describe("a card's comment previews", () => {
  // The preview's author comes from copies each comment carries, kept by triggers (migration 0018,
  // docs/decisions/049-card-pages.md): never the author as they were when they commented.
  it("show each comment's author as they are now: name, username, photo and badge", async () => {
    const author = await createUser();
    const commenter = await createUser({ displayName: "First Name", avatarUrl: null, verifiedType: null });
    const bystander = await createUser();
    const post = await createPost(author.id, { content: "discuss" });
    const made = await addComment(db(), commenter.id, post.id, { content: "hello" });
    const other = await addComment(db(), bystander.id, post.id, { content: "me too" });
    expect(made.ok && other.ok).toBe(true);
    const previewAuthors = async () => {
      const page = await getPostPage(db(), author.id, post.id);
      return Object.fromEntries(page!.item.post.topComments.map((comment) => [comment.content, comment.author]));
    };
    expect((await previewAuthors()).hello).toEqual({ id: commenter.id, username: commenter.username, displayName: "First Name", avatarUrl: null, verifiedType: null });

    await db().update(users).set({ displayName: "Second Name", avatarUrl: "/media/avatars/new.png", username: `${commenter.username}_2` }).where(eq(users.id, commenter.id));
    // The badge as a verified subscription gives it (its own trigger updates users).
    await db().insert(verifiedSubscriptions).values({ id: newId(), userId: commenter.id, amountCents: 800, expiresAt: new Date(Date.now() + TIME.DAY) });
    const after = await previewAuthors();
    expect(after.hello).toEqual({ id: commenter.id, username: `${commenter.username}_2`, displayName: "Second Name", avatarUrl: "/media/avatars/new.png", verifiedType: "user" });
    expect(after["me too"]).toEqual({ id: bystander.id, username: bystander.username, displayName: bystander.displayName, avatarUrl: bystander.avatarUrl, verifiedType: bystander.verifiedType });

    // The badge taken back with the subscription's end; a feed's card says the same as the post page.
    await db().update(verifiedSubscriptions).set({ status: "cancelled" }).where(eq(verifiedSubscriptions.userId, commenter.id));
    expect((await previewAuthors()).hello?.verifiedType).toBeNull();
    await db().insert(follows).values({ id: newId(), followerId: bystander.id, followingId: author.id });
    const card = (await getFollowingFeed(db(), bystander.id)).items.find((item) => item.post.id === post.id);
    expect(card?.post.topComments.map((comment) => comment.author.displayName)).toEqual(expect.arrayContaining(["Second Name", bystander.displayName]));
    // The copies are the users row's, column for column.
    const copies = await db().select({ username: comments.authorUsername, displayName: comments.authorDisplayName }).from(comments).where(eq(comments.userId, commenter.id)).all();
    expect(copies).toEqual([{ username: `${commenter.username}_2`, displayName: "Second Name" }]);

    // A comment without copies (as a bulk load without foreign keys could leave one) shows its author
    // from the users row, and never blanks the card's other previews.
    await db().update(comments).set({ authorUsername: null, authorDisplayName: null, authorAvatarUrl: null, authorVerifiedType: null }).where(eq(comments.userId, commenter.id));
    const fallback = await previewAuthors();
    expect(fallback.hello).toEqual({ id: commenter.id, username: `${commenter.username}_2`, displayName: "Second Name", avatarUrl: "/media/avatars/new.png", verifiedType: null });
    expect(fallback["me too"]?.username).toBe(bystander.username);
  });
});

describe("videos and posts", () => {
  it("/videos lists only posts with a video", async () => {
    const clock = futureClock();
    const author = await createUser();
    const video = await createPost(author.id, { createdAt: new Date(clock.next()), videoUrl: "/media/videos/a.mp4" });
    await createPost(author.id, { createdAt: new Date(clock.next()) });
    // From just after this test's posts: the files share a database, and another may have made newer videos.
    const page = await listCards(db(), null, [withVideo], { cursor: newId(clock.next()) });
    expect(page.items[0]!.id).toBe(video.id);
    expect(page.items.every((item) => item.post.videoUrl)).toBe(true);
  });

  it("/videos pages newest first without duplicates or gaps, past posts without a video", async () => {
    const clock = futureClock();
    const author = await createUser();
    const made: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 5; i++) {
      made.push((await createPost(author.id, { createdAt: new Date(clock.next()), videoUrl: `/media/videos/${i}.mp4` })).id);
      await createPost(author.id, { createdAt: new Date(clock.next()) });
    }
    const after = newId(clock.next());
    const pages = await allPages((cursor) => listCards(db(), author.id, [withVideo], { cursor: cursor ?? after }), 3);
    expect(pages[0]!.items).toHaveLength(FEED_PAGE_SIZE);
    expect(pages.flatMap((page) => page.items.map((item) => item.id)).slice(0, made.length)).toEqual([...made].reverse());
  });

  it("/videos reads its page from posts_video_idx, never walking other posts' rows, and stands alone", async () => {
    const { spy, captured } = capturingD1();
    await listCards(getDb(spy), null, [withVideo]);
    await listCards(getDb(spy), null, [withVideo], { cursor: newId() });
    expect(captured).toHaveLength(2);
    for (const query of captured) {
      const plan = await planOf(query);
      expect(plan.some((step) => /^(SCAN|SEARCH) v USING INDEX posts_video_idx/.test(step)), plan.join("\n")).toBe(true);
      expect(plan.filter((step) => /^SCAN posts\b|posts_community_idx/.test(step)), plan.join("\n")).toEqual([]);
    }
    // Another condition would filter after the page was cut: refused.
    expect(() => cardsRead(db(), null, [withVideo, originalsOnly])).toThrow(/only one/);
  });

  it("a card's like and repost flags are found among the viewer's own rows (user_id, post_id), and are right", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const author = await createUser();
    const liked = await createPost(author.id, { content: "liked", createdAt: new Date(clock.next()) });
    const reposted = await createPost(author.id, { content: "reposted", createdAt: new Date(clock.next()) });
    await setLike(db(), viewer.id, liked.id, true);
    await setRepost(db(), viewer.id, reposted.id, true);
    const { spy, captured } = capturingD1();
    // From just after this test's posts: the files share a database.
    const page = await listCards(getDb(spy), viewer.id, [originalsOnly], { cursor: newId(clock.next()) });
    const flags = Object.fromEntries(page.items.filter((item) => [liked.id, reposted.id].includes(item.post.id)).map((item) => [item.post.content, item.post.viewer]));
    expect(flags.liked).toMatchObject({ liked: true, reposted: false });
    expect(flags.reposted).toMatchObject({ liked: false, reposted: true });
    const plan = (await planOf(captured[0]!)).join("\n");
    expect(plan).toMatch(/SEARCH post_likes USING COVERING INDEX post_likes_user_idx \(user_id=\? AND post_id=\?\)/);
    expect(plan).toMatch(/SEARCH post_reposts USING COVERING INDEX post_reposts_user_idx \(user_id=\? AND post_id=\?\)/);
  });

  it("a post page carries the post, the viewer's flags and every comment", async () => {
    const author = await createUser();
    const viewer = await createUser();
    const post = await createPost(author.id, { content: "discuss" });
    await setLike(db(), viewer.id, post.id, true);
    const first = await addComment(db(), viewer.id, post.id, { content: "first!" });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    await addComment(db(), author.id, post.id, { content: "a reply", parentId: first.commentId });
    const page = await getPostPage(db(), viewer.id, post.id);
    expect(page?.item.post.viewer.liked).toBe(true);
    expect(page?.item.post.counts).toMatchObject({ likes: 1, comments: 2 });
    expect(page?.item.post.topComments.map((c) => c.content)).toEqual(["first!"]);
    expect(page?.comments.map((c) => [c.content, c.parentId])).toEqual(
      expect.arrayContaining([
        ["first!", null],
        ["a reply", first.commentId],
      ]),
    );
  });
});

describe("a post's comments", () => {
  it("come 20 top-level at a time, most liked first, each with its whole thread of replies", async () => {
    const author = await createUser();
    const fans = [await createUser(), await createUser()];
    const post = await createPost(author.id);
    const top: string[] = [];
    for (let i = 0; i < COMMENTS_PAGE_SIZE + 5; i++) {
      const comment = await addComment(db(), author.id, post.id, { content: `top ${i}` });
      if (comment.ok) top.push(comment.commentId);
    }
    const liked = top[3]!;
    for (const fan of fans) await setCommentLike(db(), fan.id, liked, true);
    const reply = await addComment(db(), fans[0]!.id, post.id, { content: "reply", parentId: liked });
    if (!reply.ok) throw new Error("no reply");
    await addComment(db(), author.id, post.id, { content: "reply to the reply", parentId: reply.commentId });

    const first = (await getPostPage(db(), fans[1]!.id, post.id))!;
    const firstTop = first.comments.filter((c) => c.parentId === null).map((c) => c.id);
    expect(firstTop).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(firstTop[0]).toBe(liked);
    expect(first.comments.find((c) => c.id === liked)?.liked).toBe(true);
    expect(first.comments.map((c) => c.content)).toEqual(expect.arrayContaining(["reply", "reply to the reply"]));
    expect(first.nextCursor).toBeTruthy();

    const second = (await getPostPage(db(), fans[1]!.id, post.id, { commentsCursor: first.nextCursor }))!;
    const secondTop = second.comments.filter((c) => c.parentId === null).map((c) => c.id);
    expect(secondTop).toHaveLength(5);
    expect(new Set([...firstTop, ...secondTop])).toEqual(new Set(top));
    expect(second.nextCursor).toBeNull();
  });
});

describe("subscriber-only posts", () => {
  it("carry no content, media or comments for a viewer without an active subscription", async () => {
    const author = await createUser();
    const viewer = await createUser();
    const post = await createPost(author.id, {
      content: "secret words #secrettag",
      isSubscriberOnly: true,
      mediaUrls: ["/media/images/posts/secret.png"],
      location: "Secret Cove",
    });
    await db().insert(postHashtags).values({ postId: post.id, hashtag: "secrettag" });
    await addComment(db(), author.id, post.id, { content: "secret comment" });

    const locked = await getPostPage(db(), viewer.id, post.id);
    expect(locked?.item.post.locked).toBe(true);
    expect(JSON.stringify(locked).toLowerCase()).not.toContain("secret");
    // Its words and hashtags are content too: a search by them does not find it.
    for (const query of ["secret", "#secrettag"]) {
      expect((await getForYouFeed(db(), viewer.id, { query })).items.map((item) => item.id)).not.toContain(post.id);
      expect((await getForYouFeed(db(), author.id, { query })).items.map((item) => item.id)).toContain(post.id);
    }

    const own = await getPostPage(db(), author.id, post.id);
    expect(own?.item.post.content).toBe("secret words #secrettag");

    await db().insert(creatorSubscriptions).values({
      id: newId(),
      subscriberId: viewer.id,
      subscribedToId: author.id,
      amountCents: 499,
      expiresAt: new Date(Date.now() + 30 * TIME.DAY),
    });
    const subscribed = await getPostPage(db(), viewer.id, post.id);
    expect(subscribed?.item.post.content).toBe("secret words #secrettag");
    expect(subscribed?.item.post.location).toBe("Secret Cove");
    expect(subscribed?.comments).toHaveLength(1);

    const page = await listCards(db(), null, []);
    expect(JSON.stringify(page)).not.toContain("secret words");
    expect(JSON.stringify(page)).not.toContain("Secret Cove");
    // A visitor's card is the post's own (their flags are all constant false).
    const visitorCard = (await getPostPage(db(), null, post.id))!.item;
    expect(visitorCard.post).toMatchObject({
      author: { id: author.id, username: author.username, displayName: author.displayName },
      locked: true,
      content: "",
      viewer: { liked: false, reposted: false, bookmarked: false, shared: false },
    });
  });
});

describe("prepared feed reads (docs/decisions/013-prepared-reads.md)", () => {
  it("serve every viewer, time and cursor with their own values, not the first caller's", async () => {
    const clock = futureClock();
    const author = await createUser();
    const fan = await createUser();
    const stranger = await createUser();
    const open = await createPost(author.id, { content: "open words", createdAt: new Date(clock.next()) });
    const closed = await createPost(author.id, { content: "closed words", isSubscriberOnly: true, createdAt: new Date(clock.next()) });
    await setLike(db(), fan.id, open.id, true);
    await db().insert(creatorSubscriptions).values({
      id: newId(),
      subscriberId: fan.id,
      subscribedToId: author.id,
      amountCents: 499,
      expiresAt: new Date(clock.now() + 30 * TIME.DAY),
    });
    await follow(fan.id, author.id);
    await follow(stranger.id, author.id);
    const now = clock.now();

    const cards = (page: FeedPage) => new Map(page.items.map((item) => [item.id, item.post]));
    for (let round = 0; round < 2; round++) {
      for (const load of [getForYouFeed, getFollowingFeed]) {
        const fans = cards(await load(db(), fan.id, { now }));
        const strangers = cards(await load(db(), stranger.id, { now }));
        expect(fans.get(open.id)?.viewer.liked).toBe(true);
        expect(strangers.get(open.id)?.viewer.liked).toBe(false);
        expect(fans.get(closed.id)).toMatchObject({ locked: false, content: "closed words" });
        expect(strangers.get(closed.id)).toMatchObject({ locked: true, content: "" });
      }
    }
    // The subscription has run out a year later: the same read, another time, locks the post.
    const later = cards(await getForYouFeed(db(), fan.id, { now: now + 365 * TIME.DAY }));
    expect(later.get(closed.id)?.locked).toBe(true);
    // A cursor is bound per call too: the page after the first post holds the second, not the first.
    const older = await listCards(db(), stranger.id, [], { cursor: closed.id });
    expect(older.items[0]!.id).toBe(open.id);
  });
});
