import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { follows, memberSettings, notifications, users } from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { subjects } from "~/.server/limits";
import { getFollowingFeed } from "~/.server/posts/following";
import { RATE_LIMITS } from "~/lib/constants";
import { PROFILE_MESSAGES, REMOVE_FOLLOWER_TEXTS } from "~/lib/texts/profile";
import { createPost, createUser, db, fetchWorker, formPost, get, limiter, member, toastOf } from "./helpers";

/**
 * A member removes a follower from their own followers list (docs/decisions/098): the follow goes as an
 * unfollow's does, the removed member is not told, and whatever the follow opened closes at once.
 */

const removePath = (owner: string, follower: string) => `/profile/${owner}/followers/${follower}/remove`;

/** Without JavaScript: the confirmation page's form, back to the followers list. */
function removeWithoutJs(owner: string, follower: string, cookie: string) {
  return fetchWorker(formPost(removePath(owner, follower), { intent: "follower-remove", returnTo: `/profile/${owner}/followers` }, { Cookie: cookie }));
}

/** With JavaScript: the dialog's fetcher, answered as data. */
function removeWithJs(owner: string, follower: string, cookie: string) {
  return fetchWorker(formPost(`${removePath(owner, follower)}.data`, { intent: "follower-remove" }, { Cookie: cookie }));
}

async function followWith(followerId: string, followingId: string) {
  const done = await setFollow(db(), followerId, followingId, true);
  if (!done.ok) throw new Error(done.message ?? "follow refused");
}

/** Both members' counters beside the rows they count: the two must agree (decision 003). */
async function countsOf(memberId: string) {
  const row = await db().select({ followers: users.followersCount, following: users.followingCount }).from(users).where(eq(users.id, memberId)).get();
  const followers = await db().select({ n: count() }).from(follows).where(eq(follows.followingId, memberId)).get();
  const following = await db().select({ n: count() }).from(follows).where(eq(follows.followerId, memberId)).get();
  return { followers: [row!.followers, followers!.n], following: [row!.following, following!.n] };
}

const followsOf = (followerId: string, followingId: string) =>
  db().select().from(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId))).all();

const followNotifications = (memberId: string) =>
  db().select().from(notifications).where(and(eq(notifications.userId, memberId), eq(notifications.type, "follow"))).all();

/** A comment through the post page's form, as the member's fetcher sends it. */
const commentOn = (postId: string, cookie: string, content: string) =>
  fetchWorker(formPost(`/post/${postId}.data`, { intent: "comment", content }, { Cookie: cookie }));

describe("a member can remove a follower (decision 098)", () => {
  it("removes the follow without JavaScript: the toast, gone from both lists, counts equal rows, the unread follow notification gone", async () => {
    const priya = await member();
    const troll = await member();
    const friend = await createUser();
    await followWith(troll.user.id, priya.user.id);
    await followWith(friend.id, priya.user.id);
    expect(await followNotifications(priya.user.id)).toHaveLength(2);

    const response = await removeWithoutJs(priya.user.username, troll.user.username, priya.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/profile/${priya.user.username}/followers`);
    expect(toastOf(response)).toBe(REMOVE_FOLLOWER_TEXTS.removed(troll.user.username));
    expect(await followsOf(troll.user.id, priya.user.id)).toEqual([]);
    expect(await followsOf(friend.id, priya.user.id)).toHaveLength(1);
    expect(await countsOf(priya.user.id)).toEqual({ followers: [1, 1], following: [0, 0] });
    expect(await countsOf(troll.user.id)).toEqual({ followers: [0, 0], following: [0, 0] });
    // As an unfollow's: the follow's unread notification goes, the friend's stays.
    expect((await followNotifications(priya.user.id)).map((row) => row.relatedUserId)).toEqual([friend.id]);
    // The removed member is told nothing.
    expect(await db().select().from(notifications).where(eq(notifications.userId, troll.user.id)).all()).toEqual([]);

    const followers = await (await get(`/profile/${priya.user.username}/followers`, { Cookie: priya.cookie })).text();
    expect(followers).not.toContain(`@${troll.user.username}`);
    expect(followers).toContain(`@${friend.username}`);
    // Their Following list no longer shows her.
    const following = await (await get(`/profile/${troll.user.username}/following`, { Cookie: troll.cookie })).text();
    expect(following).not.toContain(`@${priya.user.username}`);
  });

  it("with JavaScript answers the member's followers count", async () => {
    const priya = await member();
    const troll = await createUser();
    await followWith(troll.id, priya.user.id);
    const response = await removeWithJs(priya.user.username, troll.username, priya.cookie);
    expect(response.status).toBe(200);
    const answer = await response.text();
    expect(answer).toContain(REMOVE_FOLLOWER_TEXTS.removed(troll.username));
    expect(answer).toMatch(/"followersCount",0[,\]]/);
    expect(await countsOf(priya.user.id)).toEqual({ followers: [0, 0], following: [0, 0] });
  });

  it("ends a removed follower's access to followers-only posts at once: commenting is 404 again and the post leaves their Following", async () => {
    const priya = await member();
    const troll = await member();
    await db().update(memberSettings).set({ profileVisibility: "private", postVisibility: "followers" }).where(eq(memberSettings.userId, priya.user.id));
    const post = await createPost(priya.user.id, { content: "Only for the people who follow me" });
    expect((await commentOn(post.id, troll.cookie, "Before following")).status).toBe(404);
    await followWith(troll.user.id, priya.user.id);
    expect((await commentOn(post.id, troll.cookie, "Now I can")).status).toBe(200);
    expect((await getFollowingFeed(db(), troll.user.id)).items.map((item) => item.id)).toContain(post.id);

    expect((await removeWithJs(priya.user.username, troll.user.username, priya.cookie)).status).toBe(200);
    expect((await commentOn(post.id, troll.cookie, "And now?")).status).toBe(404);
    expect((await getFollowingFeed(db(), troll.user.id)).items.map((item) => item.id)).not.toContain(post.id);
    const page = await (await get(`/post/${post.id}`, { Cookie: troll.cookie })).text();
    expect(page).not.toContain("Only for the people who follow me");
    // Following her again is his to do, as before (no approval exists yet: decision 098 names follow requests).
    await followWith(troll.user.id, priya.user.id);
    expect(await countsOf(priya.user.id)).toEqual({ followers: [1, 1], following: [0, 0] });
  });

  it("refuses someone else's list (403), a member who does not follow (409) and an unknown one (404); nothing changes", async () => {
    const priya = await member();
    const troll = await member();
    const fan = await createUser();
    const stranger = await createUser();
    await followWith(fan.id, priya.user.id);
    await followWith(troll.user.id, priya.user.id);
    const before = await countsOf(priya.user.id);

    // The troll cannot remove Priya's followers, with or without JavaScript, nor open the confirmation.
    const theirs = await removeWithJs(priya.user.username, fan.username, troll.cookie);
    expect(theirs.status).toBe(403);
    expect(await theirs.text()).toContain(REMOVE_FOLLOWER_TEXTS.forbidden);
    const noJs = await removeWithoutJs(priya.user.username, fan.username, troll.cookie);
    expect(noJs.status).toBe(302);
    expect(toastOf(noJs)).toBe(REMOVE_FOLLOWER_TEXTS.forbidden);
    expect((await get(removePath(priya.user.username, fan.username), { Cookie: troll.cookie })).status).toBe(403);
    // Nor remove himself from her followers through his own list's address.
    expect((await removeWithJs(troll.user.username, priya.user.username, troll.cookie)).status).toBe(409);

    const notFollowing = await removeWithJs(priya.user.username, stranger.username, priya.cookie);
    expect(notFollowing.status).toBe(409);
    expect(await notFollowing.text()).toContain(REMOVE_FOLLOWER_TEXTS.notFollower(stranger.username));
    const page = await get(removePath(priya.user.username, stranger.username), { Cookie: priya.cookie });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(REMOVE_FOLLOWER_TEXTS.notFollower(stranger.username));
    expect((await removeWithJs(priya.user.username, priya.user.username, priya.cookie)).status).toBe(409);
    const unknown = await removeWithJs(priya.user.username, "nobody_at_all_here", priya.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(PROFILE_MESSAGES.notFound);
    expect((await removeWithJs(priya.user.username, "not-a-name!", priya.cookie)).status).toBe(404);

    expect(await countsOf(priya.user.id)).toEqual(before);
    expect(await followsOf(fan.id, priya.user.id)).toHaveLength(1);
    expect(await followsOf(troll.user.id, priya.user.id)).toHaveLength(1);
    expect(await followNotifications(priya.user.id)).toHaveLength(2);
  });

  it("the confirmation page is the member's own, for a follower (without JavaScript); a visitor goes to sign in", async () => {
    const priya = await member();
    const fan = await createUser({ displayName: "Fan Person" });
    await followWith(fan.id, priya.user.id);
    const page = await get(`${removePath(priya.user.username, fan.username)}?returnTo=${encodeURIComponent(`/profile/${priya.user.username}/followers`)}`, { Cookie: priya.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(REMOVE_FOLLOWER_TEXTS.question);
    expect(html).toContain("Fan Person will no longer follow you and won&#x27;t be told. They can follow you again.");
    expect(html).toContain(`name="returnTo" value="/profile/${priya.user.username}/followers"`);
    expect((await get(removePath(priya.user.username, fan.username))).status).toBe(302);
    // The owner's followers list links each row to it; someone else's list has no Remove.
    const own = await (await get(`/profile/${priya.user.username}/followers`, { Cookie: priya.cookie })).text();
    expect(own).toContain(`aria-label="${REMOVE_FOLLOWER_TEXTS.controlName("Fan Person")}"`);
    const other = await member();
    const seen = await (await get(`/profile/${priya.user.username}/followers`, { Cookie: other.cookie })).text();
    expect(seen).toContain("@" + fan.username);
    expect(seen).not.toContain(REMOVE_FOLLOWER_TEXTS.controlName("Fan Person"));
  });

  it("counts against the 'follow' limit: 429 with Retry-After once spent, and nothing changes", async () => {
    const priya = await member();
    const fan = await createUser();
    await followWith(fan.id, priya.user.id);
    expect(await limiter().hit([subjects.member(priya.user.id)], "follow", { count: RATE_LIMITS.follow.max })).toEqual({ allowed: true });
    const response = await removeWithJs(priya.user.username, fan.username, priya.cookie);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await followsOf(fan.id, priya.user.id)).toHaveLength(1);
    expect(await countsOf(priya.user.id)).toEqual({ followers: [1, 1], following: [0, 0] });
  });
});
