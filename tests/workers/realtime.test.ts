import { describe, expect, it } from "vitest";
import type { FeedEvent } from "~/lib/realtime";
import { eq } from "drizzle-orm";
import { follows, memberSettings } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { createPost, createUser, db, fetchWorker, formPost, multipartPost, ORIGIN, sessionCookieFor } from "./helpers";

/** Opens a room through the worker (the feed room unless `path` says otherwise), as a member's page (of `origin`) does. */
async function listen(cookie: string | null, origin = ORIGIN, path = "/parties/feed-room/global") {
  const response = await fetchWorker(
    new Request(`${ORIGIN}${path}`, {
      headers: { Upgrade: "websocket", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
    }),
  );
  const socket = response.webSocket;
  if (!socket) return { status: response.status, events: [] as FeedEvent[], next: async () => null, close: () => undefined };
  socket.accept();
  const events: FeedEvent[] = [];
  const waiting: ((event: FeedEvent) => void)[] = [];
  socket.addEventListener("message", (message) => {
    const event = JSON.parse(String(message.data)) as FeedEvent;
    events.push(event);
    waiting.shift()?.(event);
  });
  /** The next event matching `test`, or null after `ms`. */
  const next = (test: (event: FeedEvent) => boolean, ms = 10_000) =>
    new Promise<FeedEvent | null>((resolve) => {
      const found = events.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(() => resolve(null), ms);
      const check = (event: FeedEvent) => {
        if (test(event)) {
          clearTimeout(timer);
          resolve(event);
        } else waiting.push(check);
      };
      waiting.push(check);
    });
  return { status: response.status, events, next, close: () => socket.close() };
}

describe("the feed room", () => {
  it("is for signed-in members only, from pages of this site", async () => {
    const visitor = await listen(null);
    expect(visitor.status).toBe(401);
    const elsewhere = await listen(await sessionCookieFor((await createUser()).id), "https://evil.example");
    expect(elsewhere.status).toBe(403);
  });

  it("refuses rooms that do not exist, whatever name or party a page asks for, and plain HTTP", async () => {
    const cookie = await sessionCookieFor((await createUser()).id);
    for (const path of ["/parties/feed-room/made-up-room", "/parties/feed-room/global2", "/parties/no-such-party/global"]) {
      const room = await listen(cookie, ORIGIN, path);
      expect(room.status, path).not.toBe(101);
      expect([400, 404], path).toContain(room.status);
    }
    // Rooms speak only WebSocket; the app publishes to them by RPC.
    const http = await fetchWorker(new Request(`${ORIGIN}/parties/feed-room/global`, { headers: { Cookie: cookie } }));
    expect(http.status).toBe(404);
  });

  it("tells members about new posts and, at most once a second, their counts", async () => {
    const reader = await createUser();
    const author = await createUser();
    const fan = await createUser();
    const readerCookie = await sessionCookieFor(reader.id);
    const room = await listen(readerCookie);
    expect(room.status).toBe(101);
    try {
      const form = new FormData();
      form.set("intent", "post");
      form.set("content", "Live from the room test");
      form.set("returnTo", "/");
      const created = await multipartPost("/compose", form, { Cookie: await sessionCookieFor(author.id) });
      expect(created.status).toBe(302);
      const announced = await room.next((event) => event.type === "post-created" && event.authorId === author.id);
      expect(announced).toMatchObject({ type: "post-created", authorId: author.id, hasVideo: false });

      // Two likes within the second travel as one message with the newest counts.
      const post = await createPost(author.id);
      await fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: readerCookie }));
      await fetchWorker(formPost(`/post/${post.id}`, { like: "true" }, { Cookie: await sessionCookieFor(fan.id) }));
      const counts = await room.next((event) => event.type === "post-counts" && post.id in event.posts);
      expect(counts?.type === "post-counts" && counts.posts[post.id]).toMatchObject({ likes: 2 });
      expect(room.events.filter((event) => event.type === "post-counts" && post.id in event.posts)).toHaveLength(1);
    } finally {
      room.close();
    }
  });

  it("says nothing of a member's posts they keep for followers: not the post, not a repost of it, not their counts (decision 031)", async () => {
    const reader = await createUser();
    const keeper = await createUser();
    const follower = await createUser();
    const open = await createUser();
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, keeper.id));
    await db().insert(follows).values({ id: newId(), followerId: follower.id, followingId: keeper.id });
    const room = await listen(await sessionCookieFor(reader.id));
    try {
      const form = new FormData();
      form.set("intent", "post");
      form.set("content", "Only for my followers");
      form.set("returnTo", "/");
      expect((await multipartPost("/compose", form, { Cookie: await sessionCookieFor(keeper.id) })).status).toBe(302);
      const kept = await createPost(keeper.id);
      const followerCookie = await sessionCookieFor(follower.id);
      await fetchWorker(formPost(`/post/${kept.id}`, { like: "true" }, { Cookie: followerCookie }));
      await fetchWorker(formPost(`/post/${kept.id}`, { repost: "true" }, { Cookie: followerCookie }));
      // Then an ordinary post and like: once they have arrived, anything about the kept ones would have too.
      const ordinary = await createPost(open.id);
      await fetchWorker(formPost(`/post/${ordinary.id}`, { like: "true" }, { Cookie: followerCookie }));
      expect(await room.next((event) => event.type === "post-counts" && ordinary.id in event.posts)).not.toBeNull();
      expect(room.events.filter((event) => event.type === "post-created" && (event.authorId === keeper.id || event.authorId === follower.id))).toEqual([]);
      expect(room.events.filter((event) => event.type === "post-counts" && kept.id in event.posts)).toEqual([]);
    } finally {
      room.close();
    }
  });
});
