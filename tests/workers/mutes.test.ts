import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment } from "~/.server/comments";
import { runRead } from "~/.server/db/reads";
import { mutes, notifications } from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { subjects } from "~/.server/limits";
import { mutedListRead } from "~/.server/mutes";
import { listCards, withVideo } from "~/.server/posts/cards";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { setLike, setRepost } from "~/.server/posts/interactions";
import { profilePostsRead } from "~/.server/profiles";
import { FOLLOWING_SCAN_MIN_FOLLOWS, RATE_LIMITS, TIME } from "~/lib/constants";
import { MUTE_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import type { FeedPage } from "~/lib/types/post";
import { uniqueLetters } from "../fixtures/factories";
import { composedPost, createPost, createUser, db, fetchWorker, formPost, get, limiter, member, toastOf } from "./helpers";

/**
 * Mutes (docs/decisions/107): a member mutes another; the muted member's posts, reposts and others'
 * reposts of their posts leave the muter's Home (For you, Following) and Videos, and nothing the muted
 * member does notifies the muter. Lists opened by choice still show them; the muted member is not told
 * and nothing changes for them.
 */

/** Without JavaScript: the profile's form, back to `returnTo`. */
const muteWithoutJs = (username: string, cookie: string, intent: "mute" | "unmute" = "mute", returnTo = `/profile/${username}`) =>
  fetchWorker(formPost(`/profile/${username}`, { intent, returnTo }, { Cookie: cookie }));

/** With JavaScript: the button's fetcher, answered as data. */
const muteWithJs = (username: string, cookie: string, intent: "mute" | "unmute" = "mute") =>
  fetchWorker(formPost(`/profile/${username}.data`, { intent }, { Cookie: cookie }));

const ids = (page: FeedPage) => page.items.map((item) => item.id);

const mutesOf = (muterId: string) => db().select({ mutedId: mutes.mutedId }).from(mutes).where(eq(mutes.muterId, muterId)).all();

const notificationsFrom = (userId: string, actorId: string) =>
  db().select({ type: notifications.type }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.relatedUserId, actorId))).all();

/** A text as React writes it into HTML. */
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

let year = 0;
/** A time after every other test's posts, so this test's are the newest (For you and Videos read the newest). */
function future() {
  year += 1;
  return Date.now() + (500 + year) * 365 * TIME.DAY;
}

async function follow(follower: string, following: string) {
  const done = await setFollow(db(), follower, following, true);
  if (!done.ok) throw new Error(done.message ?? "follow refused");
}

describe("a member mutes another (decision 107)", () => {
  it("without JavaScript: the toast, the mute, the notifications of them gone; again with JavaScript changes nothing", async () => {
    const priya = await member();
    const loud = await member();
    await follow(loud.user.id, priya.user.id);
    expect(await notificationsFrom(priya.user.id, loud.user.id)).toEqual([{ type: "follow" }]);

    const response = await muteWithoutJs(loud.user.username, priya.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/profile/${loud.user.username}`);
    expect(toastOf(response)).toBe(MUTE_TEXTS.muted(loud.user.username));
    expect(await mutesOf(priya.user.id)).toEqual([{ mutedId: loud.user.id }]);
    expect(await notificationsFrom(priya.user.id, loud.user.id)).toEqual([]);

    const again = await muteWithJs(loud.user.username, priya.cookie);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(MUTE_TEXTS.muted(loud.user.username));
    expect(await mutesOf(priya.user.id)).toHaveLength(1);

    // The profile says so and offers Unmute; the muted member's view of Priya's profile shows no trace.
    const profile = await (await get(`/profile/${loud.user.username}`, { Cookie: priya.cookie })).text();
    expect(profile).toContain(escaped(MUTE_TEXTS.note(loud.user.username)));
    expect(profile).toContain(`aria-label="${MUTE_TEXTS.unmuteName(loud.user.username)}"`);
    const theirs = await (await get(`/profile/${priya.user.username}`, { Cookie: loud.cookie })).text();
    expect(theirs).not.toContain(escaped(MUTE_TEXTS.note(priya.user.username)));
    expect(theirs).toContain(`aria-label="${MUTE_TEXTS.muteName(priya.user.username)}"`);
    // Their follow stands: a mute is not a block.
    expect((await fetchWorker(formPost(`/profile/${priya.user.username}.data`, { intent: "follow", follow: "true" }, { Cookie: loud.cookie }))).status).toBe(200);
  });

  it("leaves the muted member's posts and reposts, and reposts of their posts, out of For you, Following and Videos; their profile still lists them", async () => {
    const at = future();
    const priya = await createUser();
    const loud = await createUser();
    const friend = await createUser();
    const word = uniqueLetters("muteword");
    const his = await createPost(loud.id, { content: `his ${word}`, createdAt: new Date(at) });
    const hisVideo = await createPost(loud.id, { content: `his video ${word}`, videoUrl: "/media/videos/his.mp4", createdAt: new Date(at + 1) });
    const friends = await createPost(friend.id, { content: `friend ${word}`, createdAt: new Date(at + 2) });
    const friendsVideo = await createPost(friend.id, { content: `friend video ${word}`, videoUrl: "/media/videos/friend.mp4", createdAt: new Date(at + 3) });
    await follow(priya.id, loud.id);
    await follow(priya.id, friend.id);
    const now = at + TIME.MINUTE;
    // A friend's repost of his post, and his repost of the friend's.
    const friendReposts = await setRepost(db(), friend.id, his.id, true, at + 4);
    const heReposts = await setRepost(db(), loud.id, friends.id, true, at + 5);
    if (!friendReposts.ok || !heReposts.ok) throw new Error("repost refused");
    const later = now + TIME.MINUTE;

    const before = {
      forYou: ids(await getForYouFeed(db(), priya.id, { now: later })),
      following: ids(await getFollowingFeed(db(), priya.id, { now: later })),
      videos: ids(await listCards(db(), priya.id, [withVideo], { now: later })),
    };
    expect(before.forYou).toEqual(expect.arrayContaining([his.id, friends.id]));
    expect(before.following).toEqual(expect.arrayContaining([his.id, friends.id, friendReposts.repostId, heReposts.repostId]));
    expect(before.videos).toEqual(expect.arrayContaining([hisVideo.id, friendsVideo.id]));

    await db().insert(mutes).values({ id: newId(), muterId: priya.id, mutedId: loud.id });

    const forYou = ids(await getForYouFeed(db(), priya.id, { now: later }));
    expect(forYou).toContain(friends.id);
    expect(forYou).not.toContain(his.id);
    expect(forYou).not.toContain(hisVideo.id);
    const following = ids(await getFollowingFeed(db(), priya.id, { now: later }));
    expect(following).toContain(friends.id);
    for (const gone of [his.id, hisVideo.id, friendReposts.repostId, heReposts.repostId]) expect(following).not.toContain(gone);
    const videos = ids(await listCards(db(), priya.id, [withVideo], { now: later }));
    expect(videos).toContain(friendsVideo.id);
    expect(videos).not.toContain(hisVideo.id);
    // For you past its ranked pool (a time cursor): the same.
    const tail = ids(await getForYouFeed(db(), priya.id, { now: later, cursor: newId(later) }));
    expect(tail).toContain(friends.id);
    expect(tail).not.toContain(his.id);

    // Lists opened by choice: his profile still lists his posts; the muted member's own Home is unchanged.
    const profile = ids(await runRead(profilePostsRead(db(), priya.id, { username: loud.username }, { now: later })));
    expect(profile).toEqual(expect.arrayContaining([his.id, hisVideo.id]));
    expect(ids(await getForYouFeed(db(), loud.id, { now: later }))).toEqual(expect.arrayContaining([his.id, friends.id]));
    // Anyone else's Home is unchanged.
    expect(ids(await getForYouFeed(db(), friend.id, { now: later }))).toContain(his.id);

    // Unmuted, they come back.
    await db().delete(mutes).where(eq(mutes.muterId, priya.id));
    expect(ids(await getFollowingFeed(db(), priya.id, { now: later }))).toEqual(expect.arrayContaining([his.id, friendReposts.repostId, heReposts.repostId]));
  });

  it("leaves them out of Following for a member who follows many (the newest posts scanned first)", async () => {
    const at = future();
    const priya = await createUser();
    const loud = await createUser();
    const friend = await createUser();
    await follow(priya.id, loud.id);
    await follow(priya.id, friend.id);
    for (let i = 2; i < FOLLOWING_SCAN_MIN_FOLLOWS; i++) await follow(priya.id, (await createUser()).id);
    const his = await createPost(loud.id, { content: "his", createdAt: new Date(at) });
    const friends = await createPost(friend.id, { content: "friend's", createdAt: new Date(at + 1) });
    const now = at + TIME.MINUTE;
    expect(ids(await getFollowingFeed(db(), priya.id, { now }))).toEqual(expect.arrayContaining([his.id, friends.id]));
    await db().insert(mutes).values({ id: newId(), muterId: priya.id, mutedId: loud.id });
    const following = ids(await getFollowingFeed(db(), priya.id, { now }));
    expect(following).toContain(friends.id);
    expect(following).not.toContain(his.id);
  });

  it("nothing the muted member does notifies the muter (likes, reposts, comments, replies, mentions, follows); others still do; unmuted, they do again", async () => {
    const priya = await member();
    const loud = await member();
    const friend = await createUser();
    const hers = await composedPost(priya.user.id, "Her post");
    const herComment = await addComment(db(), priya.user.id, (await composedPost(friend.id, "A friend's post")), { content: "Her comment" });
    if (!herComment.ok) throw new Error("comment refused");
    expect((await muteWithJs(loud.user.username, priya.cookie)).status).toBe(200);

    expect((await setLike(db(), loud.user.id, hers, true)).ok).toBe(true);
    expect((await setRepost(db(), loud.user.id, hers, true)).ok).toBe(true);
    expect((await addComment(db(), loud.user.id, hers, { content: `Hey @${priya.user.username}` })).ok).toBe(true);
    expect((await addComment(db(), loud.user.id, herComment.postId, { content: "A reply", parentId: herComment.commentId })).ok).toBe(true);
    // A mention of her in a comment under a third member's post (notificationInsert's path).
    expect((await addComment(db(), loud.user.id, await composedPost(friend.id, "Another post"), { content: `Look @${priya.user.username}` })).ok).toBe(true);
    await composedPost(loud.user.id, `Look @${priya.user.username}`);
    await follow(loud.user.id, priya.user.id);
    expect(await notificationsFrom(priya.user.id, loud.user.id)).toEqual([]);

    // Someone she did not mute still notifies her.
    expect((await setLike(db(), friend.id, hers, true)).ok).toBe(true);
    expect(await notificationsFrom(priya.user.id, friend.id)).toEqual([{ type: "like" }]);

    expect((await muteWithJs(loud.user.username, priya.cookie, "unmute")).status).toBe(200);
    await composedPost(loud.user.id, `Again @${priya.user.username}`);
    expect(await notificationsFrom(priya.user.id, loud.user.id)).toEqual([{ type: "mention" }]);
  });

  it("offers no Mute while either blocks the other, and no note beside the block", async () => {
    const priya = await member();
    const loud = await member();
    expect((await muteWithJs(loud.user.username, priya.cookie)).status).toBe(200);
    expect((await fetchWorker(formPost(`/profile/${loud.user.username}/block.data`, { intent: "block" }, { Cookie: priya.cookie }))).status).toBe(200);
    const hers = await (await get(`/profile/${loud.user.username}`, { Cookie: priya.cookie })).text();
    expect(hers).not.toContain(`aria-label="${MUTE_TEXTS.unmuteName(loud.user.username)}"`);
    expect(hers).not.toContain(escaped(MUTE_TEXTS.note(loud.user.username)));
    const his = await (await get(`/profile/${priya.user.username}`, { Cookie: loud.cookie })).text();
    expect(his).not.toContain(`aria-label="${MUTE_TEXTS.muteName(priya.user.username)}"`);
  });

  it("refuses oneself (400) and an unknown member (404), and a visitor is sent to sign in; nothing is written", async () => {
    const priya = await member();
    const self = await muteWithJs(priya.user.username, priya.cookie);
    expect(self.status).toBe(400);
    expect(await self.text()).toContain(MUTE_TEXTS.self);
    const unknown = await muteWithJs(`nobody${uniqueLetters("x")}`, priya.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(PROFILE_MESSAGES.notFound);
    const visitor = await fetchWorker(formPost(`/profile/${priya.user.username}`, { intent: "mute", returnTo: `/profile/${priya.user.username}` }));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth/);
    expect(await mutesOf(priya.user.id)).toEqual([]);
  });

  it("lists the muted accounts in Settings, newest first, and unmutes from there without JavaScript", async () => {
    const priya = await member();
    const first = await createUser();
    const second = await createUser();
    for (const other of [first, second]) expect((await muteWithJs(other.username, priya.cookie)).status).toBe(200);
    const listed = await runRead(mutedListRead(db(), priya.user.id));
    expect(listed.items.map((item) => item.username)).toEqual([second.username, first.username]);

    const page = await (await get("/settings/muted", { Cookie: priya.cookie })).text();
    expect(page).toContain(MUTE_TEXTS.listTitle);
    expect(page).toContain(`aria-label="${MUTE_TEXTS.unmuteName(first.username)}"`);
    const unmuted = await muteWithoutJs(first.username, priya.cookie, "unmute", "/settings/muted");
    expect(unmuted.status).toBe(302);
    expect(unmuted.headers.get("Location")).toBe("/settings/muted");
    expect(toastOf(unmuted)).toBe(MUTE_TEXTS.unmuted(first.username));
    expect(await mutesOf(priya.user.id)).toEqual([{ mutedId: second.id }]);

    // Nobody muted: the empty state; a visitor is sent to sign in; Privacy & Safety links to the list.
    const fresh = await member();
    expect(await (await get("/settings/muted", { Cookie: fresh.cookie })).text()).toContain(escaped(MUTE_TEXTS.listEmpty));
    expect((await get("/settings/muted")).status).toBe(302);
    expect(await (await get("/settings/privacy", { Cookie: priya.cookie })).text()).toContain('href="/settings/muted"');
  });

  it("counts against the 'block' limit: 429 with Retry-After once spent, and nothing changes", async () => {
    const priya = await member();
    const loud = await createUser();
    expect(await limiter().hit([subjects.member(priya.user.id)], "block", { count: RATE_LIMITS.block.max })).toEqual({ allowed: true });
    const response = await muteWithJs(loud.username, priya.cookie);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await mutesOf(priya.user.id)).toEqual([]);
  });
});
