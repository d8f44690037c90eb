import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { runRead, type Read } from "~/.server/db/reads";
import { creatorSubscriptions, follows, posts, userActivity, users } from "~/.server/db/schema";
import { setFollowByUsername } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { followListRead, profilePostsRead, profileRead, type ProfileSubject } from "~/.server/profiles";
import { publicProfilePostsRead } from "~/.server/public-profile";
import type { Viewer } from "~/.server/viewer";
import { buildPost } from "../fixtures/factories";
import { capturingD1, createPost, createUser, db, fetchWorker, formPost, get, member, multipartPost, planOf, sessionViewerOf, toastOf } from "./helpers";

async function userRow(id: string) {
  return (await db().select().from(users).where(eq(users.id, id)).get())!;
}

async function pairRows(followerId: string, followingId: string) {
  return db()
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
}

describe("follow and unfollow (spec document 2 §4)", () => {
  it("following adds one to both counts, unfollowing takes it away, and no count goes below 0", async () => {
    const fan = await createUser();
    const star = await createUser();
    const followed = await setFollowByUsername(db(), fan.id, star.username.toUpperCase(), true);
    expect(followed).toEqual({ ok: true, following: true, username: star.username, followersCount: 1 });
    expect((await userRow(fan.id)).followingCount).toBe(1);
    // Someone zeroed the counter: unfollowing must leave it at 0, not -1.
    await db().update(users).set({ followersCount: 0 }).where(eq(users.id, star.id));
    const unfollowed = await setFollowByUsername(db(), fan.id, star.username, false);
    expect(unfollowed).toMatchObject({ ok: true, following: false, followersCount: 0 });
    expect((await userRow(fan.id)).followingCount).toBe(0);
    expect(await pairRows(fan.id, star.id)).toHaveLength(0);
  });

  it("following yourself is refused and writes nothing", async () => {
    const me = await createUser();
    expect(await setFollowByUsername(db(), me.id, me.username, true)).toEqual({ ok: false, status: 400, message: "You can't follow yourself" });
    expect(await pairRows(me.id, me.id)).toHaveLength(0);
    expect((await userRow(me.id)).followersCount).toBe(0);
  });

  it("repeated and concurrent follows leave one row and a count of one", async () => {
    const fan = await createUser();
    const star = await createUser();
    await Promise.all(Array.from({ length: 6 }, () => setFollowByUsername(db(), fan.id, star.username, true)));
    await setFollowByUsername(db(), fan.id, star.username, true);
    expect(await pairRows(fan.id, star.id)).toHaveLength(1);
    expect((await userRow(star.id)).followersCount).toBe(1);
    expect((await userRow(fan.id)).followingCount).toBe(1);
  });

  it("an unknown member is 'User not found'", async () => {
    const fan = await createUser();
    expect(await setFollowByUsername(db(), fan.id, "nobody_here_at_all", true)).toMatchObject({ ok: false, status: 404, message: "User not found" });
  });

  it("through the page: without JavaScript a redirect back with 'Following @username'; with it, data", async () => {
    const fan = await member();
    const star = await createUser();
    const path = `/profile/${star.username}`;
    const plain = await fetchWorker(formPost(path, { intent: "follow", follow: "true", returnTo: path }, { Cookie: fan.cookie }));
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(path);
    expect(toastOf(plain)).toBe(`Following @${star.username}`);
    const fetched = await fetchWorker(formPost(`${path}.data`, { intent: "follow", follow: "false" }, { Cookie: fan.cookie }));
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toContain(`Unfollowed @${star.username}`);
    expect(await pairRows(fan.user.id, star.id)).toHaveLength(0);
    // A wanted state that is neither 'true' nor 'false' (or none) changes nothing: following stays following.
    expect((await fetchWorker(formPost(`${path}.data`, { intent: "follow", follow: "true" }, { Cookie: fan.cookie }))).status).toBe(200);
    for (const odd of [{ follow: "yes" }, { follow: "" }, {}] as Record<string, string>[]) {
      const refused = await fetchWorker(formPost(`${path}.data`, { intent: "follow", ...odd }, { Cookie: fan.cookie }));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Failed to update follow status");
    }
    expect(await pairRows(fan.user.id, star.id)).toHaveLength(1);
    // Following oneself through the page is refused too.
    const self = await fetchWorker(formPost(`/profile/${fan.user.username}`, { intent: "follow", follow: "true" }, { Cookie: fan.cookie }));
    expect(self.status).toBe(400);
    expect((await userRow(fan.user.id)).followersCount).toBe(0);
  });
});

describe("Mention (spec document 2 §2)", () => {
  it("opens the composer with '@username ' and the post says 'Post created with mention!'", async () => {
    const fan = await member();
    const star = await createUser();
    const page = await (await get(`/compose?${new URLSearchParams({ mention: star.username, returnTo: `/profile/${star.username}` })}`, { Cookie: fan.cookie })).text();
    expect(page).toContain(`@${star.username} </textarea>`);
    expect(page).toContain(`name="mention" value="${star.username}"`);
    const body = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", content: `@${star.username} hello there`, mention: star.username, returnTo: `/profile/${star.username}` })) body.set(name, value);
    const posted = await multipartPost("/compose", body, { Cookie: fan.cookie });
    expect(posted.status).toBe(302);
    expect(toastOf(posted)).toBe("Post created with mention!");
  });
});

describe("total views (a counter kept by triggers, migration 0008)", () => {
  it("equals the sum of the member's post views after views, inserts and deletes", async () => {
    const author = await createUser();
    const viewers = [await createUser(), await createUser(), await createUser()];
    const first = await createPost(author.id);
    const second = await createPost(author.id);
    const day = Math.floor(Date.now() / 86_400_000);
    for (const viewer of viewers) {
      await db().insert(userActivity).values({ id: newId(), userId: viewer.id, postId: first.id, day });
    }
    await db().insert(userActivity).values({ id: newId(), userId: viewers[0]!.id, postId: second.id, day });
    // A post that arrives with views (an import) counts them too.
    await db().insert(posts).values({ ...buildPost(author.id), viewsCount: 5 });
    const sum = async () =>
      Number((await db().select({ total: sql<number>`coalesce(sum(${posts.viewsCount}), 0)` }).from(posts).where(eq(posts.userId, author.id)).get())!.total);
    expect(await sum()).toBe(9);
    expect((await userRow(author.id)).totalViews).toBe(9);
    await db().delete(posts).where(eq(posts.id, first.id));
    expect(await sum()).toBe(6);
    expect((await userRow(author.id)).totalViews).toBe(6);
  });
});

describe("profile pages", () => {
  it("another member's profile shows the header, counts, posts and a Follow button; one's own shows none", async () => {
    const viewer = await member();
    const star = await createUser({ bio: "Bakes bread", location: "Lyon", website: "example.com/me" });
    await createPost(star.id, { content: "sourdough at dawn" });
    const response = await get(`/profile/${star.username}`, { Cookie: viewer.cookie });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("X-D1-Depth"))).toBe(1);
    const html = await response.text();
    for (const text of ["Bakes bread", "Lyon", "sourdough at dawn", `@${star.username}`, "Joined ", ">Follow<", "Message", "Mention"]) expect(html).toContain(text);
    expect(html).toContain('href="https://example.com/me" rel="me nofollow noopener"');
    const own = await get("/profile", { Cookie: viewer.cookie });
    expect(own.status).toBe(200);
    expect(Number(own.headers.get("X-D1-Depth"))).toBe(1);
    const ownHtml = await own.text();
    expect(ownHtml).toContain(`@${viewer.user.username}`);
    expect(ownHtml).not.toContain(">Follow<");
    expect(await (await get(`/profile/${viewer.user.username}`, { Cookie: viewer.cookie })).text()).not.toContain(">Follow<");
  });

  it("an unknown or odd username is 'User not found' (404) with Go Home; odd cursors are the first page", async () => {
    const viewer = await member();
    for (const path of ["/profile/nobody_by_that_name", "/profile/%27%3B%20DROP%20TABLE%20users", `/profile/${"a".repeat(500)}`, "/profile/nobody_x/followers", "/profile/%F0%9F%98%80/following"]) {
      const response = await get(path, { Cookie: viewer.cookie });
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain("User not found");
      expect(html, path).toContain("Go Home");
    }
    for (const path of [`/profile/${viewer.user.username}?cursor=zzz`, "/profile?cursor=%00", `/profile/${viewer.user.username}/followers?cursor=r~1~2`]) {
      expect((await get(path, { Cookie: viewer.cookie })).status, path).toBe(200);
    }
    // A visitor is sent to sign in.
    expect((await get("/profile/nobody_by_that_name")).status).toBe(302);
  });

  it("followers and following list members with Follow buttons, newest follow first, page by page", async () => {
    const viewer = await member();
    const star = await createUser();
    const fans = [await createUser(), await createUser(), await createUser()];
    for (const fan of fans) await setFollowByUsername(db(), fan.id, star.username, true);
    await setFollowByUsername(db(), viewer.user.id, fans[0]!.username, true);
    const response = await get(`/profile/${star.username}/followers`, { Cookie: viewer.cookie });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("X-D1-Depth"))).toBe(1);
    const html = await response.text();
    for (const fan of fans) expect(html).toContain(`@${fan.username}`);
    expect(html.indexOf(`@${fans[2]!.username}`)).toBeLessThan(html.indexOf(`@${fans[0]!.username}`));
    const page = await runRead(followListRead(db(), viewer.user.id, { username: star.username }, "followers", { limit: 2 }));
    expect(page.items.map((item) => item.username)).toEqual([fans[2]!.username, fans[1]!.username]);
    const next = await runRead(followListRead(db(), viewer.user.id, { username: star.username }, "followers", { limit: 2, cursor: page.nextCursor }));
    expect(next).toEqual({ items: [expect.objectContaining({ username: fans[0]!.username, followed: true, isSelf: false })], nextCursor: null });
    const following = await runRead(followListRead(db(), viewer.user.id, { username: fans[0]!.username }, "following"));
    expect(following.items.map((item) => item.username)).toEqual([star.username]);
  });
});

describe("subscribers count (spec document 2 §2: only if the member offers subscriptions)", () => {
  it("counts active, unexpired subscriptions, and is absent for a member who offers none", async () => {
    const viewer = await createUser();
    const creator = await createUser({ verifiedType: "user" });
    const day = 86_400_000;
    const subscribe = async (status: "active" | "cancelled", expiresIn: number) => {
      const fan = await createUser();
      await db().insert(creatorSubscriptions).values({ id: newId(), subscriberId: fan.id, subscribedToId: creator.id, amountCents: 499, status, expiresAt: new Date(Date.now() + expiresIn) });
    };
    await subscribe("active", 30 * day);
    await subscribe("active", 2 * day);
    await subscribe("cancelled", 30 * day);
    await subscribe("active", -day);
    const read = () => runRead(profileRead(db(), viewer.id, { username: creator.username }));
    expect((await read())?.subscribersCount).toBeNull();
    await db().update(users).set({ offersSubscriptions: true, subscriptionPriceCents: 0 }).where(eq(users.id, creator.id));
    expect((await read())?.subscribersCount).toBeNull();
    await db().update(users).set({ subscriptionPriceCents: 499 }).where(eq(users.id, creator.id));
    expect((await read())?.subscribersCount).toBe(2);
    const html = await (await get(`/profile/${creator.username}`, { Cookie: (await member()).cookie })).text();
    expect(html).toMatch(/<strong>2<\/strong> <span[^>]*>Subscribers<\/span>/);
  });
});

describe("profile reads are served by indexes", () => {
  it.each([
    ["by id", (id: string): Promise<Viewer> => Promise.resolve(id)],
    ["found from their session", (id: string): Promise<Viewer> => sessionViewerOf(id)],
  ])("profile, posts and follow lists for a member %s (no scan of posts, users or follows; no sort)", async (_how, viewerOf) => {
    const me = await createUser();
    const other = await createUser();
    const viewer = await viewerOf(me.id);
    const { spy, captured } = capturingD1();
    const spyDb = getDb(spy);
    const subjects: ProfileSubject[] = [{ username: other.username }, "own"];
    const reads: Read<unknown>[] = subjects.flatMap((subject) => [
      profileRead(spyDb, viewer, subject),
      profilePostsRead(spyDb, viewer, subject),
      profilePostsRead(spyDb, viewer, subject, { cursor: newId() }),
      followListRead(spyDb, viewer, subject, "followers"),
      followListRead(spyDb, viewer, subject, "following", { cursor: newId() }),
    ]);
    // And the visitor's public profile (/@username): its posts, first page and later ones.
    reads.push(publicProfilePostsRead(spyDb, other.username, null), publicProfilePostsRead(spyDb, other.username, newId()));
    expect(captured).toHaveLength(reads.length);
    for (const query of captured) {
      const details = await planOf(query);
      expect(details.filter((d) => /^SCAN (posts|users|follows|sessions|creator_subscriptions|member_settings)\b(?! USING)/.test(d)), query.sql).toEqual([]);
      expect(details.filter((d) => /TEMP B-TREE/.test(d)), query.sql).toEqual([]);
      if (/ from "follows"/.test(query.sql)) expect(details.some((d) => /follows_(following|follower)_idx/.test(d)), query.sql).toBe(true);
      if (/INDEXED BY posts_user_idx/.test(query.sql)) expect(details.some((d) => /posts_user_idx/.test(d)), query.sql).toBe(true);
    }
    await Promise.all(reads.map((read) => runRead(read)));
  });
});
