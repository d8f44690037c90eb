import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { accountExport } from "~/.server/account-export";
import { requestPasswordReset } from "~/.server/auth/accounts";
import { createCommunity, joinCommunity } from "~/.server/communities";
import { blocks, creatorSubscriptions, mutes, notifications, payments, sessions, users, verifiedSubscriptions } from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { subjects } from "~/.server/limits";
import { createOutboxMailer } from "~/.server/mail";
import { storeMedia } from "~/.server/media";
import { sendMessage, startConversation } from "~/.server/messages";
import { setLike } from "~/.server/posts/interactions";
import { reportPost } from "~/.server/reports";
import { sendSupportRequest } from "~/.server/support";
import { RATE_LIMITS, TIME } from "~/lib/constants";
import { IMAGE_TYPES } from "~/lib/media-types";
import { RATE_MESSAGES } from "~/lib/texts/rate";
import { unique } from "../fixtures/factories";
import { actedOnOthers, capturingD1, composedPost, createUser, db, get, limiter, member, planOf, TINY_PNG } from "./helpers";

/**
 * Download your data (Settings › Account; docs/decisions/090), through the real worker as a browser's
 * link asks for it: one JSON file of everything that names the member, nothing secret and no one
 * else's e-mail address, members only, a few a day, and a big account streamed whole.
 */

const EXPORT = "/settings/account/export";

type Export = Record<string, unknown> & { complete: boolean };

async function download(cookie: string, headers: Record<string, string> = {}) {
  return get(EXPORT, { Cookie: cookie, "Sec-Fetch-Site": "same-origin", ...headers });
}

/** A member with some of everything, and two others who interacted with them. */
async function busyMember() {
  const me = await member();
  const [alice, bob] = [await member(), await member()];
  const id = me.user.id;
  const photo = await storeMedia(db(), env.MEDIA, id, new File([TINY_PNG], "a.png"), IMAGE_TYPES.png, "posts");
  const mine = await composedPost(id, "Mine, with a photo", { imageKeys: [photo.key], location: "Lisbon" });
  const alices = await composedPost(alice.user.id, "Alice's");
  const bobs = await composedPost(bob.user.id, "Bob's");

  await actedOnOthers(id, { alice: alice.user.id, alices, bobs });
  await setFollow(db(), bob.user.id, id, true);
  await setLike(db(), alice.user.id, mine, true);
  const shared = await createCommunity(db(), alice.user.id, { name: unique("Shared "), description: undefined, isPrivate: false });
  const own = await createCommunity(db(), id, { name: unique("Own "), description: "Mine alone", isPrivate: true });
  if (!shared.ok || !own.ok) throw new Error("no community");
  await joinCommunity(db(), id, shared.communityId);
  const inShared = await composedPost(id, "In Alice's community", { communityId: shared.communityId });
  const started = await startConversation(db(), id, alice.user.username);
  if (!started.ok) throw new Error("no conversation");
  await sendMessage(db(), id, started.conversationId, { content: "Hi Alice", clientId: newId() });
  await sendMessage(db(), alice.user.id, started.conversationId, { content: "Hi back, from Alice", clientId: newId() });
  const month = Date.now() + 30 * TIME.DAY;
  const subscriptionId = newId();
  await db().insert(creatorSubscriptions).values([
    { id: subscriptionId, subscriberId: id, subscribedToId: bob.user.id, amountCents: 499, expiresAt: new Date(month) },
    { id: newId(), subscriberId: alice.user.id, subscribedToId: id, amountCents: 299, expiresAt: new Date(month) },
  ]);
  await db().insert(verifiedSubscriptions).values({ id: newId(), userId: id, amountCents: 999, expiresAt: new Date(month) });
  // One written before migration 0048 (no plan of its own: the subscription's), one that paid a year.
  await db().insert(payments).values({ id: newId(), userId: id, kind: "creator_subscription", subscriptionId, amountCents: 499, provider: "test", status: "succeeded" });
  await db().insert(payments).values({ id: newId(), userId: id, kind: "creator_subscription", subscriptionId, amountCents: 4790, provider: "test", status: "succeeded", plan: "yearly" });
  await requestPasswordReset(db(), limiter(), createOutboxMailer(db()), { email: me.user.email, origin: "https://murmur.test", ip: unique("ip-") });
  if (!(await sendSupportRequest(db(), id, { topic: "privacy", message: "What do you keep?" })).ok) throw new Error("no support message");
  if (!(await reportPost(db(), id, bobs, { reason: "spam", additionalInfo: "Looks automated" })).ok) throw new Error("no report");
  const blocked = await createUser();
  await db().insert(blocks).values({ id: newId(), blockerId: id, blockedId: blocked.id });
  const muted = await createUser();
  await db().insert(mutes).values({ id: newId(), muterId: id, mutedId: muted.id });
  return { blocked, muted, me, alice, bob, mine, alices, bobs, inShared, photo, shared: shared.communityId, own: own.communityId, conversation: started.conversationId };
}

describe("download your data", () => {
  it("is one JSON file named for the member and the day, never cached, with a bit of everything the member did", async () => {
    const world = await busyMember();
    const { me, alice, bob } = world;
    const response = await download(me.cookie);
    expect(response.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="murmur-${me.user.username}-${day}.json"`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    const file = (await response.json()) as Export;

    expect(file).toMatchObject({ format: "murmur-account-export", version: 1, complete: true });
    expect(file.profile).toMatchObject({ id: me.user.id, email: me.user.email, username: me.user.username, displayName: me.user.displayName });
    expect(file.settings).toMatchObject({ privacy: { profile: "public", posts: "public" } });
    expect(file.verifiedSubscription).toMatchObject({ status: "active", amountCents: 999 });
    const posts = file.posts as { id: string; text: string; images: string[]; location: string | null; community: unknown; subscriberOnly: boolean; counts: { likes: number } }[];
    const mine = posts.find((post) => post.id === world.mine)!;
    expect(mine).toMatchObject({ text: "Mine, with a photo", location: "Lisbon", subscriberOnly: false, community: null, counts: { likes: 1 } });
    expect(mine.images).toEqual([expect.stringMatching(new RegExp(`^http://localhost(:\\d+)?/media/${world.photo.key}$`))]);
    expect(posts.find((post) => post.id === world.inShared)!.community).toMatchObject({ id: world.shared });
    expect(file.reposts).toEqual([expect.objectContaining({ postId: world.alices })]);
    expect(file.comments).toEqual([expect.objectContaining({ postId: world.alices, text: "Nice one" })]);
    expect(file.likes).toEqual([expect.objectContaining({ postId: world.alices })]);
    expect(file.bookmarks).toEqual([expect.objectContaining({ postId: world.bobs })]);
    expect(file.shares).toEqual([expect.objectContaining({ postId: world.bobs, platform: "copy" })]);
    expect(file.views).toEqual([expect.objectContaining({ postId: world.bobs })]);
    expect(file.commentLikes).toHaveLength(1);
    expect(file.following).toEqual([expect.objectContaining({ username: alice.user.username })]);
    expect(file.followers).toEqual([expect.objectContaining({ username: bob.user.username })]);
    expect(file.blocked).toEqual([expect.objectContaining({ username: world.blocked.username })]);
    expect(file.muted).toEqual([expect.objectContaining({ username: world.muted.username })]);
    expect(file.communitiesCreated).toEqual([expect.objectContaining({ id: world.own, description: "Mine alone", private: true })]);
    expect((file.communities as { id: string }[]).map((c) => c.id).sort()).toEqual([world.shared, world.own].sort());
    expect(file.conversations).toEqual([expect.objectContaining({ id: world.conversation, with: alice.user.username })]);
    // Both sides of the conversation.
    expect(file.messages).toEqual([
      expect.objectContaining({ from: me.user.username, mine: true, text: "Hi Alice" }),
      expect.objectContaining({ from: alice.user.username, mine: false, text: "Hi back, from Alice" }),
    ]);
    expect(file.notifications).toEqual(expect.arrayContaining([expect.objectContaining({ type: "like", from: alice.user.username, postId: world.mine })]));
    expect(file.subscriptions).toEqual([expect.objectContaining({ to: bob.user.username, amountCents: 499, status: "active" })]);
    expect(file.subscribers).toEqual([expect.objectContaining({ from: alice.user.username, amountCents: 299 })]);
    // Two payments made in the same millisecond: their ids' order is a coin's, so read them by plan.
    expect([...(file.payments as { plan: string }[])].sort((a, b) => a.plan.localeCompare(b.plan))).toEqual([
      expect.objectContaining({ for: "creator_subscription", amountCents: 499, status: "succeeded", creator: bob.user.username, plan: "monthly" }),
      expect.objectContaining({ for: "creator_subscription", amountCents: 4790, status: "succeeded", creator: bob.user.username, plan: "yearly" }),
    ]);
    expect(file.supportMessages).toEqual([expect.objectContaining({ topic: "privacy", text: "What do you keep?" })]);
    expect(file.reports).toEqual([expect.objectContaining({ postId: world.bobs, reason: "spam", additionalInfo: "Looks automated", postDeleted: false })]);
    expect(file.sessions).toEqual([expect.objectContaining({ thisBrowser: true })]);
  });

  it("holds no password hash, session id, reset link or anyone else's e-mail address", async () => {
    const world = await busyMember();
    const { me, alice, bob } = world;
    const text = await (await download(me.cookie)).text();
    const [hash] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.user.id));
    const sessionIds = (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, me.user.id))).map((row) => row.id);
    const resets = (await db().all<{ id: string }>(sql`SELECT id FROM password_reset_tokens WHERE user_id = ${me.user.id}`)).map((row) => row.id);
    expect(sessionIds.length).toBeGreaterThan(0);
    expect(resets.length).toBeGreaterThan(0);
    for (const secret of [hash!.hash, ...sessionIds, ...resets, me.cookie.split("=")[1]!, alice.user.email, bob.user.email]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password|scrypt/i);
    // The only address in it is the member's own.
    expect([...new Set(text.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? [])]).toEqual([me.user.email]);
  });

  it("gives a notification's words only while the member may see its post: a lapsed subscriber's file holds no reply under a subscriber-only post", async () => {
    const me = await member();
    const creator = await member();
    await db().update(users).set({ verifiedType: "user", offersSubscriptions: true, subscriptionPriceCents: 300 }).where(eq(users.id, creator.user.id));
    const paid = await composedPost(creator.user.id, "For subscribers", { visibility: "subscribers" });
    const open = await composedPost(creator.user.id, "For everyone");
    await db().insert(notifications).values([
      { id: newId(), userId: me.user.id, type: "comment", content: "Secret reply words", relatedUserId: creator.user.id, relatedPostId: paid },
      { id: newId(), userId: me.user.id, type: "comment", content: "Open reply words", relatedUserId: creator.user.id, relatedPostId: open },
    ]);
    const texts = async () => ((await (await download(me.cookie)).json()) as { notifications: { postId: string; text: string }[] }).notifications.map((item) => [item.postId, item.text]);
    expect(await texts()).toEqual(expect.arrayContaining([[paid, ""], [open, "Open reply words"]]));
    // While subscribed, the member sees the post, and its reply's words.
    await db().insert(creatorSubscriptions).values({ id: newId(), subscriberId: me.user.id, subscribedToId: creator.user.id, amountCents: 300, expiresAt: new Date(Date.now() + TIME.DAY) });
    expect(await texts()).toEqual(expect.arrayContaining([[paid, "Secret reply words"]]));
  });

  it("a visitor is sent to sign in, and a link from another site goes to the Account tab, uncounted", async () => {
    const visitor = await get(EXPORT);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent(EXPORT)}`);
    const { user, cookie } = await member();
    for (const site of ["cross-site", "same-site"]) {
      const elsewhere = await download(cookie, { "Sec-Fetch-Site": site });
      expect(elsewhere.status).toBe(302);
      expect(elsewhere.headers.get("Location")).toBe("/settings/account");
    }
    // None of them counted: the member still has every download of the day.
    const left = await limiter().hit([subjects.member(user.id)], "export", { count: RATE_LIMITS.export.max });
    expect(left.allowed).toBe(true);
  });

  it(`is limited to ${RATE_LIMITS.export.max} a day: then 429 with Retry-After and the rate text, never a 500`, async () => {
    const { user, cookie } = await member();
    for (let i = 0; i < RATE_LIMITS.export.max; i++) {
      const response = await download(cookie);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await download(cookie);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(await refused.text()).toBe(RATE_MESSAGES.tooOften(wait));
    expect(refused.headers.get("Content-Disposition")).toBeNull();
    expect(user.id).toBeTruthy();
  });

  it("a big account streams whole, a page of each table a statement, each statement by an index", async () => {
    const { user } = await member();
    const other = await member();
    const postCount = 2_400;
    const likeCount = 1_100;
    // Made in SQL (the triggers keep the counters, as for posts written one by one).
    await db().run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${postCount})
      INSERT INTO posts (id, user_id, content, created_at) SELECT printf('%s-%06d', ${newId()}, i), ${user.id}, 'Post number ' || i, 1700000000000 + i FROM n`);
    await db().run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${likeCount})
      INSERT INTO posts (id, user_id, content, created_at) SELECT printf('%s-%06d', ${newId()}, i), ${other.user.id}, 'Theirs ' || i, 1700000000000 + i FROM n`);
    await db().run(sql`INSERT INTO post_likes (post_id, user_id, created_at) SELECT id, ${user.id}, created_at FROM posts WHERE user_id = ${other.user.id}`);

    const { spy, captured } = capturingD1();
    const pageRows = 500;
    const stream = accountExport(drizzle(spy), { id: user.id, username: user.username, sessionId: "none" }, { origin: "http://localhost", pageRows });
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    const file = JSON.parse(text) as Export;
    expect(file.complete).toBe(true);
    expect(file.posts).toHaveLength(postCount);
    expect(file.likes).toHaveLength(likeCount);
    expect((file.posts as { text: string }[]).at(-1)!.text).toBe(`Post number ${postCount}`);
    // The head's one batch (4 statements), then each list: ⌊rows / page⌋ + 1 statements.
    const lists = 24;
    const expected = 4 + (lists - 2) + (Math.floor(postCount / pageRows) + 1) + (Math.floor(likeCount / pageRows) + 1);
    expect(captured).toHaveLength(expected);
    expect(chunks).toBeGreaterThan(expected - 4);
    // Each page reads the member's rows by an index (the tables without one led by the member: shares,
    // invites and reports, which read on through their ids).
    for (const statement of captured.filter((s) => s.sql.includes("ORDER BY"))) {
      const plan = (await planOf(statement)).join(" | ");
      if (/FROM post_shares|FROM community_invites|FROM reports/.test(statement.sql)) continue;
      expect(plan, statement.sql).not.toMatch(/SCAN (p|c|l|b|v|f|m|cm|n|s|i|r)\b(?! USING)/);
      expect(plan, statement.sql).not.toContain("USE TEMP B-TREE FOR ORDER BY");
    }
  });

  it("pages of one row make the same file, each page after the first a range of its index", async () => {
    const world = await busyMember();
    const member_ = { id: world.me.user.id, username: world.me.user.username, sessionId: "none" };
    const read = async (pageRows: number, d1: D1Database = env.DB) => {
      const text = await new Response(accountExport(drizzle(d1), member_, { origin: "http://localhost", pageRows, now: 0 })).text();
      return JSON.parse(text) as Export;
    };
    const { spy, captured } = capturingD1();
    const byOnes = await read(1, spy);
    expect(byOnes).toEqual(await read(500));
    // The key's range comes last, before the order (a rule's own comparisons, as the subscriber rule's, are not it).
    const ranges = captured.filter((statement) => / > \? ORDER BY /.test(statement.sql) || /\) > \((\?, )*\?\) ORDER BY /.test(statement.sql));
    // Every list with a row asked for a second page: posts, reposts, comments, likes, …, sessions.
    expect(ranges.length).toBeGreaterThanOrEqual(20);
    for (const statement of ranges) {
      if (/FROM post_shares|FROM community_invites|FROM reports/.test(statement.sql)) continue;
      const plan = (await planOf(statement)).join(" | ");
      // The first step searches the member's index from the last row's key on ("… AND id>?"); messages
      // search each conversation's, from the last row's conversation on.
      const from = statement.sql.includes("FROM messages") ? /^SEARCH m USING INDEX messages_conversation_idx .*SEARCH cm USING [^|]*\(user_id=\? AND conversation_id>\?\)/ : /^SEARCH \w+ USING (COVERING )?INDEX \w+ \(\w+=\? AND [^|]*>/;
      expect(plan, statement.sql).toMatch(from);
      expect(plan, statement.sql).not.toContain("TEMP B-TREE");
    }
  });
});
