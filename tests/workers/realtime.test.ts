import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MEMBER_BADGES_EVERY_MS, MESSAGES_RESYNC_LATE_MS, ROOM_POLICY_CODE, ROOM_RESYNCS_PER_MINUTE, ROOM_RENEWED_CODE, ROOM_REVOKED_CODE, ROOM_SIGNED_OUT_CODE, SESSION_RENEW_BEFORE_MS, TIME } from "~/lib/constants";
import { eq } from "drizzle-orm";
import { PUBLIC_FEED_SHARDS, type RoomEvent } from "~/lib/realtime";
import { hashToken } from "~/.server/auth/session";
import { blockMember } from "~/.server/blocks";
import { blocks, communities, communityMembers, conversations, follows, memberSettings, messages, mutes, notifications, posts, sessions } from "~/.server/db/schema";
import { newId, timeOfId } from "~/.server/ids";
import { createPost, createUser, db, fetchWorker, formPost, get, multipartPost, ORIGIN, sessionCookieFor, TEST_PASSWORD } from "./helpers";

type Room = Awaited<ReturnType<typeof listen>>;

/** Opens a room through the worker (a public feed shard unless `path` says otherwise), as a member's page (of `origin`) does. */
async function listen(cookie: string | null, path = `/parties/feed-room/${PUBLIC_FEED_SHARDS[0]}`, origin = ORIGIN) {
  const response = await fetchWorker(
    new Request(`${ORIGIN}${path}`, {
      headers: { Upgrade: "websocket", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
    }),
  );
  const socket = response.webSocket;
  const events: RoomEvent[] = [];
  const waiting: ((event: RoomEvent) => void)[] = [];
  socket?.accept();
  socket?.addEventListener("message", (message) => {
    const event = JSON.parse(String(message.data)) as RoomEvent;
    events.push(event);
    for (const check of waiting.splice(0)) check(event);
  });
  /** The next event matching `test` (one already here counts), or null after `ms`. */
  const next = (test: (event: RoomEvent) => boolean, ms = 10_000) =>
    new Promise<RoomEvent | null>((resolve) => {
      const found = events.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(() => resolve(null), ms);
      const check = (event: RoomEvent) => {
        if (!test(event)) return void waiting.push(check);
        clearTimeout(timer);
        resolve(event);
      };
      waiting.push(check);
    });
  const closed = new Promise<number>((resolve) => socket?.addEventListener("close", (event) => resolve(event.code)));
  return {
    status: response.status,
    events,
    next,
    closed,
    send: (message: unknown) => socket?.send(JSON.stringify(message)),
    close: () => socket?.close(),
  };
}

async function withRooms<T>(rooms: Room[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    rooms.forEach((room) => room.close());
  }
}

async function composeAs(cookie: string, content: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "post");
  form.set("content", content);
  form.set("returnTo", "/");
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return multipartPost("/compose", form, { Cookie: cookie });
}

/** A conversation between two new members, started by the first through Message on the other's profile. */
async function conversationOf() {
  const [one, two] = [await createUser(), await createUser()];
  const [oneCookie, twoCookie] = [await sessionCookieFor(one.id), await sessionCookieFor(two.id)];
  const started = await fetchWorker(formPost("/messages", { intent: "conversation-start", username: two.username }, { Cookie: oneCookie }));
  expect(started.status).toBe(302);
  const conversationId = new URL(started.headers.get("Location")!, ORIGIN).pathname.split("/").pop()!;
  return { one, two, oneCookie, twoCookie, conversationId };
}

const send = (conversationId: string, cookie: string, content: string, clientId = crypto.randomUUID()) =>
  fetchWorker(formPost(`/messages/${conversationId}/send`, { intent: "message-send", content, clientId }, { Cookie: cookie }));

describe("who may connect to which room", () => {
  it("only signed-in members, from pages of this site", async () => {
    expect((await listen(null)).status).toBe(401);
    const elsewhere = await listen(await sessionCookieFor((await createUser()).id), undefined, "https://evil.example");
    expect(elsewhere.status).toBe(403);
  });

  it("refuses rooms that do not exist, whatever name or party a page asks for, and plain HTTP", async () => {
    const cookie = await sessionCookieFor((await createUser()).id);
    const unknown = newId();
    for (const path of [
      "/parties/feed-room/global",
      `/parties/feed-room/public-${PUBLIC_FEED_SHARDS.length}`,
      "/parties/feed-room/made-up-room",
      `/parties/feed-room/profile-${unknown}`,
      `/parties/feed-room/community-${unknown}`,
      `/parties/conversation-room/${unknown}`,
      "/parties/conversation-room/not-an-id",
      "/parties/no-such-party/public-0",
    ]) {
      const room = await listen(cookie, path);
      expect([400, 404], path).toContain(room.status);
    }
    // Rooms speak only WebSocket; the app publishes to them by RPC.
    const http = await fetchWorker(new Request(`${ORIGIN}/parties/feed-room/public-0`, { headers: { Cookie: cookie } }));
    expect(http.status).toBe(404);
  });

  it("a member room admits its member alone", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const own = await listen(await sessionCookieFor(owner.id), `/parties/member-room/${owner.id}`);
    own.close();
    expect(own.status).toBe(101);
    expect((await listen(await sessionCookieFor(other.id), `/parties/member-room/${owner.id}`)).status).toBe(404);
  });

  it("a conversation room admits its two participants alone", async () => {
    const { conversationId, oneCookie, twoCookie } = await conversationOf();
    const stranger = await sessionCookieFor((await createUser()).id);
    for (const cookie of [oneCookie, twoCookie]) {
      const room = await listen(cookie, `/parties/conversation-room/${conversationId}`);
      room.close();
      expect(room.status).toBe(101);
    }
    expect((await listen(stranger, `/parties/conversation-room/${conversationId}`)).status).toBe(404);
  });

  it("a private community's room admits its members alone; a profile's room any member", async () => {
    const creator = await createUser();
    const community = { id: newId(), name: `Circle ${newId()}`, creatorId: creator.id, isPrivate: true };
    await db().insert(communities).values(community);
    await db().insert(communityMembers).values({ id: newId(), communityId: community.id, userId: creator.id, role: "creator" });
    const outsider = await sessionCookieFor((await createUser()).id);
    expect((await listen(outsider, `/parties/feed-room/community-${community.id}`)).status).toBe(404);
    const inside = await listen(await sessionCookieFor(creator.id), `/parties/feed-room/community-${community.id}`);
    inside.close();
    expect(inside.status).toBe(101);
    const profile = await listen(outsider, `/parties/feed-room/profile-${creator.id}`);
    profile.close();
    expect(profile.status).toBe(101);
  });
});

describe("feed rooms", () => {
  it("tell every shard of new posts, and send counts (at most once a second) only to pages that show the post", async () => {
    const [reader, other, author, fan] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const post = await createPost(author.id);
    const watching = await listen(await sessionCookieFor(reader.id), `/parties/feed-room/${PUBLIC_FEED_SHARDS[1]}`);
    const elsewhere = await listen(await sessionCookieFor(other.id), `/parties/feed-room/${PUBLIC_FEED_SHARDS[2]}`);
    await withRooms([watching, elsewhere], async () => {
      watching.send({ type: "watch", posts: [post.id] });
      const authorCookie = await sessionCookieFor(author.id);
      expect((await composeAs(authorCookie, "Live from the room test")).status).toBe(302);
      for (const room of [watching, elsewhere]) {
        expect(await room.next((event) => event.type === "post-created" && event.authorId === author.id)).toMatchObject({ hasVideo: false, communityId: null });
      }
      // Two likes within the second travel as one message with the newest counts.
      await fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: await sessionCookieFor(reader.id) }));
      await fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: await sessionCookieFor(fan.id) }));
      const counts = await watching.next((event) => event.type === "post-counts" && post.id in event.posts);
      expect(counts?.type === "post-counts" && counts.posts[post.id]).toMatchObject({ likes: 2 });
      expect(watching.events.filter((event) => event.type === "post-counts" && post.id in event.posts)).toHaveLength(1);
      // The other page does not show it: it hears nothing of its counts.
      expect(elsewhere.events.filter((event) => event.type === "post-counts")).toEqual([]);
      // A deleted post disappears everywhere.
      const deleted = await fetchWorker(formPost(`/post/${post.id}/delete`, { intent: "delete" }, { Cookie: authorCookie }));
      expect(deleted.status).toBe(200);
      expect(await elsewhere.next((event) => event.type === "post-deleted" && event.postIds.includes(post.id))).not.toBeNull();
    });
  });

  it("tell the rooms of the reposts a block takes back in one event a room, however many (decision 123)", async () => {
    const [blocker, fan, reader] = [await createUser(), await createUser(), await createUser()];
    const originals = [await createPost(blocker.id), await createPost(blocker.id), await createPost(blocker.id)];
    const fanCookie = await sessionCookieFor(fan.id);
    for (const original of originals) expect((await fetchWorker(formPost(`/post/${original.id}`, { repost: "true" }, { Cookie: fanCookie }))).status).toBe(200);
    const reposts = await db().select({ id: posts.id }).from(posts).where(eq(posts.userId, fan.id));
    expect(reposts).toHaveLength(3);
    const shard = await listen(await sessionCookieFor(reader.id), `/parties/feed-room/${PUBLIC_FEED_SHARDS[3]}`);
    const profile = await listen(await sessionCookieFor(reader.id), `/parties/feed-room/profile-${fan.id}`);
    await withRooms([shard, profile], async () => {
      const blocked = await fetchWorker(formPost(`/profile/${fan.username}/block`, { intent: "block" }, { Cookie: await sessionCookieFor(blocker.id) }));
      expect(blocked.status).toBe(200);
      for (const room of [shard, profile]) {
        const told = await room.next((event) => event.type === "post-deleted");
        expect(told?.type === "post-deleted" && [...told.postIds].sort()).toEqual(reposts.map((repost) => repost.id).sort());
      }
    });
  });

  it("tell a profile's room of its member's posts, and a community's room of the community's posts, never the public feed of a private one", async () => {
    const author = await createUser();
    const community = { id: newId(), name: `Room ${newId()}`, creatorId: author.id, isPrivate: true };
    await db().insert(communities).values(community);
    await db().insert(communityMembers).values({ id: newId(), communityId: community.id, userId: author.id, role: "creator" });
    const reader = await sessionCookieFor((await createUser()).id);
    const profile = await listen(reader, `/parties/feed-room/profile-${author.id}`);
    const shard = await listen(reader);
    const inside = await listen(await sessionCookieFor(author.id), `/parties/feed-room/community-${community.id}`);
    await withRooms([profile, shard, inside], async () => {
      const cookie = await sessionCookieFor(author.id);
      expect((await composeAs(cookie, "Only for the circle", { communityId: community.id })).status).toBe(302);
      expect(await inside.next((event) => event.type === "post-created" && event.communityId === community.id)).not.toBeNull();
      expect((await composeAs(cookie, "For everyone")).status).toBe(302);
      expect(await profile.next((event) => event.type === "post-created" && event.communityId === null)).not.toBeNull();
      expect(await shard.next((event) => event.type === "post-created" && event.authorId === author.id)).not.toBeNull();
      expect([...profile.events, ...shard.events].filter((event) => event.type === "post-created" && event.communityId === community.id)).toEqual([]);
    });
  });

  it("disconnect a member who leaves the community from its room, and never tell it of a followers-only author's posts", async () => {
    const [creator, member, keeper] = [await createUser(), await createUser(), await createUser()];
    const community = { id: newId(), name: `Leaving ${newId()}`, creatorId: creator.id, isPrivate: false };
    await db().insert(communities).values(community);
    await db().insert(communityMembers).values([
      { id: newId(), communityId: community.id, userId: creator.id, role: "creator" },
      { id: newId(), communityId: community.id, userId: member.id, role: "member" },
      { id: newId(), communityId: community.id, userId: keeper.id, role: "member" },
    ]);
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, keeper.id));
    const memberCookie = await sessionCookieFor(member.id);
    const room = await listen(memberCookie, `/parties/feed-room/community-${community.id}`);
    const creatorRoom = await listen(await sessionCookieFor(creator.id), `/parties/feed-room/community-${community.id}`);
    await withRooms([room, creatorRoom], async () => {
      expect((await composeAs(await sessionCookieFor(keeper.id), "For my followers only", { communityId: community.id })).status).toBe(302);
      expect((await composeAs(await sessionCookieFor(creator.id), "For the whole community", { communityId: community.id })).status).toBe(302);
      expect(await creatorRoom.next((event) => event.type === "post-created" && event.authorId === creator.id)).not.toBeNull();
      expect(creatorRoom.events.filter((event) => event.type === "post-created" && event.authorId === keeper.id)).toEqual([]);
      const left = await fetchWorker(formPost(`/community/${community.id}`, { intent: "community-leave" }, { Cookie: memberCookie }));
      expect(left.status).toBe(200);
      expect(await room.closed).toBe(ROOM_REVOKED_CODE);
    });
  });

  it("say nothing of a member's posts they keep for followers: not the post, not a repost of it, not their counts (decision 031)", async () => {
    const [reader, keeper, follower, open] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, keeper.id));
    await db().insert(follows).values({ id: newId(), followerId: follower.id, followingId: keeper.id });
    const room = await listen(await sessionCookieFor(reader.id));
    await withRooms([room], async () => {
      const kept = await createPost(keeper.id);
      const ordinary = await createPost(open.id);
      room.send({ type: "watch", posts: [kept.id, ordinary.id] });
      expect((await composeAs(await sessionCookieFor(keeper.id), "Only for my followers")).status).toBe(302);
      const followerCookie = await sessionCookieFor(follower.id);
      await fetchWorker(formPost(`/post/${kept.id}`, { like: "true" }, { Cookie: followerCookie }));
      await fetchWorker(formPost(`/post/${kept.id}`, { repost: "true" }, { Cookie: followerCookie }));
      // Then an ordinary like: once it has arrived, anything about the kept ones would have too.
      await fetchWorker(formPost(`/post/${ordinary.id}`, { like: "true" }, { Cookie: followerCookie }));
      expect(await room.next((event) => event.type === "post-counts" && ordinary.id in event.posts)).not.toBeNull();
      expect(room.events.filter((event) => event.type === "post-created" && (event.authorId === keeper.id || event.authorId === follower.id))).toEqual([]);
      expect(room.events.filter((event) => event.type === "post-counts" && kept.id in event.posts)).toEqual([]);
    });
  });

  it("never offer a member the new posts or reposts of someone in a block with them, either way (decision 100)", async () => {
    const [blocker, blocked, friend, other] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await db().insert(blocks).values({ id: newId(), blockerId: blocker.id, blockedId: blocked.id });
    const [blockerCookie, blockedCookie, friendCookie] = [await sessionCookieFor(blocker.id), await sessionCookieFor(blocked.id), await sessionCookieFor(friend.id)];
    const shard = `/parties/feed-room/${PUBLIC_FEED_SHARDS[3]}`;
    const profile = `/parties/feed-room/profile-${blocked.id}`;
    const rooms = {
      blocker: await listen(blockerCookie, shard),
      blocked: await listen(blockedCookie, shard),
      friend: await listen(friendCookie, shard),
      blockerOnProfile: await listen(blockerCookie, profile),
      friendOnProfile: await listen(friendCookie, profile),
    };
    await withRooms(Object.values(rooms), async () => {
      const original = await createPost(other.id);
      expect((await composeAs(blockedCookie, "Posted by the blocked member")).status).toBe(302);
      expect((await composeAs(blockerCookie, "Posted by the blocker")).status).toBe(302);
      expect((await composeAs(await sessionCookieFor(other.id), "Posted by someone else")).status).toBe(302);
      expect((await fetchWorker(formPost(`/post/${original.id}`, { repost: "true" }, { Cookie: blockedCookie }))).status).toBe(200);
      const by = (authorId: string, repost = false) => (event: RoomEvent) => event.type === "post-created" && event.authorId === authorId && event.repost === repost;
      // The friend, in the same rooms, hears each one.
      const blockedPost = await rooms.friend.next(by(blocked.id));
      for (const authorId of [blocker.id, other.id]) expect(await rooms.friend.next(by(authorId))).not.toBeNull();
      for (const room of [rooms.friend, rooms.friendOnProfile]) expect(await room.next(by(blocked.id, true))).not.toBeNull();
      // Everyone else's posts still reach both.
      expect(await rooms.blocker.next(by(other.id))).not.toBeNull();
      expect(await rooms.blocked.next(by(other.id))).not.toBeNull();
      // A deletion is sent to every socket of both rooms after all the above was: once it is here, so is
      // anything sent before it.
      const postId = blockedPost?.type === "post-created" ? blockedPost.postId : "";
      expect((await fetchWorker(formPost(`/post/${postId}/delete`, { intent: "delete" }, { Cookie: blockedCookie }))).status).toBe(200);
      const gone = (event: RoomEvent) => event.type === "post-deleted" && event.postIds.includes(postId);
      for (const room of [rooms.blocker, rooms.blocked, rooms.blockerOnProfile]) expect(await room.next(gone)).not.toBeNull();
      const anyBy = (authorId: string) => (event: RoomEvent) => event.type === "post-created" && event.authorId === authorId;
      expect(rooms.blocker.events.filter(anyBy(blocked.id))).toEqual([]);
      expect(rooms.blocked.events.filter(anyBy(blocker.id))).toEqual([]);
      expect(rooms.blockerOnProfile.events.filter((event) => event.type === "post-created")).toEqual([]);
    });
  });

  it("never offer a member on Home the new posts of someone they muted; their profile's room still does (decision 107)", async () => {
    const [muter, muted, friend] = [await createUser(), await createUser(), await createUser()];
    await db().insert(mutes).values({ id: newId(), muterId: muter.id, mutedId: muted.id });
    const [muterCookie, mutedCookie, friendCookie] = [await sessionCookieFor(muter.id), await sessionCookieFor(muted.id), await sessionCookieFor(friend.id)];
    const shard = `/parties/feed-room/${PUBLIC_FEED_SHARDS[4]}`;
    const rooms = {
      muter: await listen(muterCookie, shard),
      friend: await listen(friendCookie, shard),
      muted: await listen(mutedCookie, shard),
      muterOnProfile: await listen(muterCookie, `/parties/feed-room/profile-${muted.id}`),
    };
    await withRooms(Object.values(rooms), async () => {
      expect((await composeAs(mutedCookie, "Posted by the muted member")).status).toBe(302);
      expect((await composeAs(muterCookie, "Posted by the muter")).status).toBe(302);
      const by = (authorId: string) => (event: RoomEvent) => event.type === "post-created" && event.authorId === authorId && !event.repost;
      // The friend hears the muted member's post; so does the muter on the muted member's profile.
      const mutedPost = await rooms.friend.next(by(muted.id));
      expect(await rooms.muterOnProfile.next(by(muted.id))).not.toBeNull();
      // The muted member hears the muter (a mute changes nothing for them), and the muter hears their own.
      expect(await rooms.muted.next(by(muter.id))).not.toBeNull();
      expect(await rooms.muter.next(by(muter.id))).not.toBeNull();
      // A deletion goes to every socket after all the above: once it is here, so is anything sent before.
      const postId = mutedPost?.type === "post-created" ? mutedPost.postId : "";
      expect((await fetchWorker(formPost(`/post/${postId}/delete`, { intent: "delete" }, { Cookie: mutedCookie }))).status).toBe(200);
      expect(await rooms.muter.next((event) => event.type === "post-deleted" && event.postIds.includes(postId))).not.toBeNull();
      expect(rooms.muter.events.filter(by(muted.id))).toEqual([]);
    });
  });
});

describe("member rooms", () => {
  it("tell the author of a like their unread count, live", async () => {
    const [author, fan] = [await createUser(), await createUser()];
    const post = await createPost(author.id);
    const room = await listen(await sessionCookieFor(author.id), `/parties/member-room/${author.id}`);
    await withRooms([room], async () => {
      await fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: await sessionCookieFor(fan.id) }));
      expect(await room.next((event) => event.type === "notifications")).toMatchObject({ type: "notifications", unread: 1 });
    });
  });

  it("read and send the badges once for a burst of changes, then the last count at the end of the window (decision 072)", async () => {
    const author = await createUser();
    const posts = await Promise.all(Array.from({ length: 12 }, () => createPost(author.id)));
    const room = await listen(await sessionCookieFor(author.id), `/parties/member-room/${author.id}`);
    await withRooms([room], async () => {
      const fan = await sessionCookieFor((await createUser()).id);
      const started = Date.now();
      await Promise.all(posts.map((post) => fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: fan }))));
      const windows = Math.ceil((Date.now() - started) / MEMBER_BADGES_EVERY_MS);
      expect(await room.next((event) => event.type === "notifications" && event.unread === 12)).not.toBeNull();
      // Whatever a window still holds arrives at its end (one event a like would all be here by then).
      await new Promise((resolve) => setTimeout(resolve, MEMBER_BADGES_EVERY_MS + 500));
      const sent = room.events.filter((event) => event.type === "notifications");
      // At once for the first like, then once at the end of each window the likes took (one, on a quick run).
      expect(sent.length).toBeLessThanOrEqual(1 + windows + 1);
      expect(sent.length).toBeLessThan(12);
    });
  });

  it("tell a member's other pages when they read their notifications, and the mentioned when the post is deleted", async () => {
    const [author, named] = [await createUser(), await createUser()];
    const [authorCookie, namedCookie] = [await sessionCookieFor(author.id), await sessionCookieFor(named.id)];
    const room = await listen(namedCookie, `/parties/member-room/${named.id}`);
    await withRooms([room], async () => {
      expect((await composeAs(authorCookie, `One for @${named.username}`)).status).toBe(302);
      expect((await composeAs(authorCookie, `Two for @${named.username}`)).status).toBe(302);
      expect(await room.next((event) => event.type === "notifications" && event.unread === 2)).not.toBeNull();
      // Opening one item, in another tab: this page hears the count that is left.
      const [first, second] = await db().select().from(notifications).where(eq(notifications.userId, named.id)).orderBy(notifications.id);
      room.events.length = 0;
      await fetchWorker(formPost("/notifications", { intent: "notification-open", id: first!.id, to: "/" }, { Cookie: namedCookie }));
      expect(await room.next((event) => event.type === "notifications" && event.unread === 1)).not.toBeNull();
      // The post of the one left unread is deleted: its notification goes, and the badge with it.
      room.events.length = 0;
      const deleted = await fetchWorker(
        formPost(`/post/${second!.relatedPostId}/delete`, { intent: "delete", returnTo: `/community/x/post/${second!.relatedPostId}` }, { Cookie: authorCookie }),
      );
      expect(deleted.status).toBe(302);
      // The deleted post's page at its community's address is gone too: the member goes home.
      expect(deleted.headers.get("Location")).toBe("/");
      expect(await room.next((event) => event.type === "notifications" && event.unread === 0)).not.toBeNull();
    });
  });

  it("tell a member mentioned in a new post their unread count, live (whatever case the mention is in)", async () => {
    const [author, named] = [await createUser(), await createUser()];
    const room = await listen(await sessionCookieFor(named.id), `/parties/member-room/${named.id}`);
    await withRooms([room], async () => {
      const content = `Hello @${named.username.toUpperCase()} and @nobody_by_that_name`;
      expect((await composeAs(await sessionCookieFor(author.id), content)).status).toBe(302);
      expect(await room.next((event) => event.type === "notifications")).toMatchObject({ type: "notifications", unread: 1 });
    });
  });
});

describe("a room's sockets live as long as their sessions (decision 067)", () => {
  it("a handshake does not renew its session, which its answer could not tell the browser; the next page does", async () => {
    const member = await createUser();
    const cookie = await sessionCookieFor(member.id);
    const sessionId = hashToken(cookie.slice("session=".length));
    // Inside the renewal window: the next answer that carries the cookie renews it.
    const soon = new Date(Date.now() + SESSION_RENEW_BEFORE_MS - TIME.DAY);
    await db().update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, sessionId));
    const room = await listen(cookie, `/parties/member-room/${member.id}`);
    await withRooms([room], async () => {
      expect(room.status).toBe(101);
      const row = await db().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).get();
      expect(row?.expiresAt.getTime()).toBe(soon.getTime());
      const page = await get("/notifications", { Cookie: cookie });
      expect(page.headers.get("Set-Cookie")).toMatch(/^session=/);
      const renewed = await db().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).get();
      expect(renewed!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + TIME.DAY);
    });
  });

  it("a sign-out closes the member's own room for that session's pages at once; another session's pages stay", async () => {
    const member = await createUser();
    const [leaving, staying] = [await sessionCookieFor(member.id), await sessionCookieFor(member.id)];
    const gone = await listen(leaving, `/parties/member-room/${member.id}`);
    const kept = await listen(staying, `/parties/member-room/${member.id}`);
    await withRooms([gone, kept], async () => {
      expect((await fetchWorker(formPost("/logout", {}, { Cookie: leaving }))).status).toBe(302);
      expect(await gone.closed).toBe(ROOM_SIGNED_OUT_CODE);
      const post = await createPost(member.id);
      await fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: await sessionCookieFor((await createUser()).id) }));
      expect(await kept.next((event) => event.type === "notifications")).toMatchObject({ type: "notifications", unread: 1 });
      expect(gone.events).toEqual([]);
    });
  });

  it("a password change tells this browser's pages to connect again (with its new cookie) and closes another browser's for good (decision 083)", async () => {
    const member = await createUser();
    const [here, elsewhere] = [await sessionCookieFor(member.id), await sessionCookieFor(member.id)];
    const renewing = await listen(here, `/parties/member-room/${member.id}`);
    const ending = await listen(elsewhere, `/parties/member-room/${member.id}`);
    await withRooms([renewing, ending], async () => {
      const changed = await fetchWorker(
        formPost("/settings/account.data", { intent: "password-change", currentPassword: TEST_PASSWORD, password: "a brand new password", confirmPassword: "a brand new password" }, { Cookie: here }),
      );
      expect(changed.status).toBe(200);
      expect(await renewing.closed).toBe(ROOM_RENEWED_CODE);
      expect(await ending.closed).toBe(ROOM_SIGNED_OUT_CODE);
      // The page connects again with the new cookie, and hears its member's news.
      const renewed = changed.headers.getSetCookie().find((cookie) => cookie.startsWith("session="))!.split(";")[0]!;
      const again = await listen(renewed, `/parties/member-room/${member.id}`);
      await withRooms([again], async () => {
        expect(again.status).toBe(101);
        const post = await createPost(member.id);
        await fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: await sessionCookieFor((await createUser()).id) }));
        expect(await again.next((event) => event.type === "notifications")).toMatchObject({ type: "notifications", unread: 1 });
      });
      // The old cookie opens no room.
      expect((await listen(here, `/parties/member-room/${member.id}`)).status).toBe(401);
    });
  });

  it("a conversation's and a community's rooms close a signed-out page's socket when they check, and tell it nothing more", async () => {
    const { one, oneCookie, twoCookie, conversationId } = await conversationOf();
    const community = { id: newId(), name: `Checked ${newId()}`, creatorId: one.id, isPrivate: true };
    await db().insert(communities).values(community);
    await db().insert(communityMembers).values({ id: newId(), communityId: community.id, userId: one.id, role: "creator" });
    const chat = await listen(oneCookie, `/parties/conversation-room/${conversationId}`);
    const feed = await listen(oneCookie, `/parties/feed-room/community-${community.id}`);
    const other = await listen(twoCookie, `/parties/conversation-room/${conversationId}`);
    await withRooms([chat, feed, other], async () => {
      expect((await fetchWorker(formPost("/logout", {}, { Cookie: oneCookie }))).status).toBe(302);
      // The rooms' minute comes now.
      await runDurableObjectAlarm(env.ConversationRoom.get(env.ConversationRoom.idFromName(conversationId)));
      await runDurableObjectAlarm(env.FeedRoom.get(env.FeedRoom.idFromName(`community-${community.id}`)));
      expect(await chat.closed).toBe(ROOM_SIGNED_OUT_CODE);
      expect(await feed.closed).toBe(ROOM_SIGNED_OUT_CODE);
      // The other participant, still signed in, still hears the conversation; the closed page heard nothing.
      expect((await send(conversationId, twoCookie, "Still there?")).status).toBe(200);
      expect(await other.next((event) => event.type === "message")).not.toBeNull();
      expect(chat.events.filter((event) => event.type === "message")).toEqual([]);
    });
  });
});

describe("a community's room keeps only its members (decision 070)", () => {
  it("at its minute it closes the sockets of members who no longer belong, such as one opened as its member left", async () => {
    const [creator, leaver] = [await createUser(), await createUser()];
    const community = { id: newId(), name: `Closed ${newId()}`, creatorId: creator.id, isPrivate: true };
    await db().insert(communities).values(community);
    await db().insert(communityMembers).values([
      { id: newId(), communityId: community.id, userId: creator.id, role: "creator" },
      { id: newId(), communityId: community.id, userId: leaver.id, role: "member" },
    ]);
    const path = `/parties/feed-room/community-${community.id}`;
    const stays = await listen(await sessionCookieFor(creator.id), path);
    const leaves = await listen(await sessionCookieFor(leaver.id), path);
    await withRooms([stays, leaves], async () => {
      // The membership goes without the room being told (the leave's `revoke` came before the socket).
      await db().delete(communityMembers).where(eq(communityMembers.userId, leaver.id));
      await runDurableObjectAlarm(env.FeedRoom.get(env.FeedRoom.idFromName(`community-${community.id}`)));
      expect(await leaves.closed).toBe(ROOM_REVOKED_CODE);
      // The creator's page still hears a new post; the closed one heard nothing of it.
      expect((await composeAs(await sessionCookieFor(creator.id), `still here ${newId()}`, { communityId: community.id })).status).toBe(302);
      expect(await stays.next((event) => event.type === "post-created")).not.toBeNull();
      expect(leaves.events.filter((event) => event.type === "post-created")).toEqual([]);
    });
  });
});

describe("conversation rooms", () => {
  it("deliver messages once, in order, after they are stored; a reconnect gets what it missed from D1", async () => {
    const { conversationId, oneCookie, twoCookie, two } = await conversationOf();
    const path = `/parties/conversation-room/${conversationId}`;
    const reader = await listen(twoCookie, path);
    const badge = await listen(twoCookie, `/parties/member-room/${two.id}`);
    let lastSeen: string;
    await withRooms([reader, badge], async () => {
      expect((await send(conversationId, oneCookie, "first")).status).toBe(200);
      const first = await reader.next((event) => event.type === "message");
      expect(first?.type === "message" && first.message.content).toBe("first");
      lastSeen = first?.type === "message" ? first.message.id : "";
      expect(await badge.next((event) => event.type === "inbox")).toMatchObject({ type: "inbox", unread: 1, conversationId, at: expect.any(Number) });
    });
    // Away: two more arrive; back, the page asks for what came after its last one.
    expect((await send(conversationId, oneCookie, "second")).status).toBe(200);
    expect((await send(conversationId, oneCookie, "third")).status).toBe(200);
    const back = await listen(twoCookie, path);
    await withRooms([back], async () => {
      back.send({ type: "resync", after: lastSeen });
      const missed = await back.next((event) => event.type === "messages");
      expect(missed?.type === "messages" && missed.messages.map((message) => message.content)).toEqual(["second", "third"]);
    });
  });

  it("a reconnect also gets a message stored after one with a later id; the inbox keeps the newest as the last", async () => {
    const { conversationId, one, oneCookie, twoCookie } = await conversationOf();
    expect((await send(conversationId, oneCookie, "seen")).status).toBe(200);
    const [seen] = await db().select().from(messages).where(eq(messages.conversationId, conversationId));
    const at = timeOfId(seen!.id);
    // Stored now, made before the message the page last saw: one just before it, one long before.
    const stored = (content: string, made: number) => ({ id: newId(made), conversationId, senderId: one.id, content, createdAt: new Date(made) });
    await db().insert(messages).values([stored("late", at - 1), stored("too old to ask about", at - MESSAGES_RESYNC_LATE_MS - 1)]);
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conversation!.lastMessageId).toBe(seen!.id);
    expect(conversation!.lastMessageAt!.getTime()).toBe(at);
    const back = await listen(twoCookie, `/parties/conversation-room/${conversationId}`);
    await withRooms([back], async () => {
      back.send({ type: "resync", after: seen!.id });
      const missed = await back.next((event) => event.type === "messages");
      expect(missed?.type === "messages" && missed.messages.map((message) => message.content)).toEqual(["late"]);
    });
    const inbox = await fetchWorker(new Request(`${ORIGIN}/messages`, { headers: { Cookie: twoCookie } }));
    // The inbox's preview is the newest message, not the one stored last.
    expect(await inbox.text()).not.toContain("too old to ask about");
  });

  it("close a socket that asks for resyncs faster than a page does, instead of reading D1 for each (decision 072)", async () => {
    const { oneCookie, conversationId } = await conversationOf();
    const path = `/parties/conversation-room/${conversationId}`;
    // Asking without waiting for the answers: closed at the first asked before its answer came, or at
    // the latest past the minute's share.
    const closedWithin = (room: Room, ms = 5000) => Promise.race([room.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
    const eager = await listen(oneCookie, path);
    const greedy = await listen(oneCookie, path);
    await withRooms([eager, greedy], async () => {
      for (let i = 0; i <= ROOM_RESYNCS_PER_MINUTE; i++) eager.send({ type: "resync", after: null });
      expect(await closedWithin(eager)).toBe(ROOM_POLICY_CODE);
      // Asking, each after its answer, more than a minute's share.
      for (let i = 0; i < ROOM_RESYNCS_PER_MINUTE; i++) {
        greedy.send({ type: "resync", after: null });
        expect(await greedy.next((event) => event.type === "messages" && greedy.events.filter((one) => one.type === "messages").length === i + 1)).not.toBeNull();
      }
      greedy.send({ type: "resync", after: null });
      expect(await closedWithin(greedy)).toBe(ROOM_POLICY_CODE);
    });
  });

  it("in a block, opening the conversation marks its messages read but tells the sender nothing: no live 'read', no 'Seen' on their page (decision 120)", async () => {
    const { one, two, conversationId, oneCookie, twoCookie } = await conversationOf();
    const firstClientId = crypto.randomUUID();
    expect((await send(conversationId, oneCookie, "before the block", firstClientId)).status).toBe(200);
    expect((await send(conversationId, oneCookie, "and again")).status).toBe(200);
    const sender = await listen(oneCookie, `/parties/conversation-room/${conversationId}`);
    await withRooms([sender], async () => {
      // Two blocks one, then opens the conversation (it stays readable), and its page's live read too.
      expect((await blockMember(db(), two.id, one.username)).ok).toBe(true);
      const page = await fetchWorker(new Request(`${ORIGIN}/messages/${conversationId}`, { headers: { Cookie: twoCookie } }));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("and again");
      const unread = await db().select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(unread.map((message) => message.isRead)).toEqual([true, true]);
      await db().update(messages).set({ isRead: false }).where(eq(messages.conversationId, conversationId));
      const live = await fetchWorker(formPost(`/messages/${conversationId}/read`, { intent: "conversation-read" }, { Cookie: twoCookie }));
      expect(await live.json()).toMatchObject({ ok: true, marked: true });
      expect(await sender.next((event) => event.type === "read", 1500)).toBeNull();
      // Read, but the sender's page does not say so while the block stands.
      const senders = await (await get(`/messages/${conversationId}`, { Cookie: oneCookie })).text();
      expect(senders).toContain("and again");
      expect(senders).not.toContain("Seen");
      // Nor what the room sends a page that (re)connects, nor the sender's data file.
      sender.send({ type: "resync", after: null });
      const resynced = await sender.next((event) => event.type === "messages");
      expect(resynced?.type === "messages" && resynced.messages.map((message) => message.read)).toEqual([false, false]);
      const file = (await (await get("/settings/account/export", { Cookie: oneCookie })).json()) as { messages: { read: boolean }[] };
      expect(file.messages.map((message) => message.read)).toEqual([false, false]);
      // Nor the answer to a message sent again (its first answer lost): it is the stored one, unread.
      const again = await send(conversationId, oneCookie, "before the block", firstClientId);
      expect(await again.json()).toMatchObject({ ok: true, sent: { content: "before the block", read: false } });
    });
  });

  it("store a retried message once (the page's own id), and tell the sender when it is read", async () => {
    const { conversationId, oneCookie, twoCookie } = await conversationOf();
    const sender = await listen(oneCookie, `/parties/conversation-room/${conversationId}`);
    await withRooms([sender], async () => {
      const clientId = crypto.randomUUID();
      const answers = await Promise.all([send(conversationId, oneCookie, "once", clientId), send(conversationId, oneCookie, "once", clientId)]);
      const sent = await Promise.all(answers.map((answer) => answer.json() as Promise<{ ok: boolean; sent: { id: string } }>));
      expect(sent[0]!.sent.id).toBe(sent[1]!.sent.id);
      const page = await fetchWorker(new Request(`${ORIGIN}/messages/${conversationId}`, { headers: { Cookie: twoCookie } }));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("once");
      expect(await db().select().from(messages).where(eq(messages.conversationId, conversationId))).toHaveLength(1);
      expect(await sender.next((event) => event.type === "read")).toMatchObject({ type: "read" });
    });
  });
});
