import type { AppLoadContext } from "@remix-run/cloudflare";
import { getServerByName } from "partyserver";
import { FEED_PARTY, GLOBAL_FEED, type FeedEvent } from "~/lib/realtime";
import type { PostCounts } from "~/lib/types/post";
import type { Db } from "./db/client";
import { postCountsForRoom } from "./posts/interactions";

/**
 * Telling rooms about changes already written to D1 (DESIGN.md §6). Publishing runs after the response
 * (waitUntil): a page is right without it, so a failure is only logged.
 */

/** Each room kind (party), what its rooms are called and the events the app publishes to them. */
type Rooms = { [FEED_PARTY]: { name: typeof GLOBAL_FEED; event: FeedEvent } };

export type RoomAddress = { [P in keyof Rooms]: { party: P; name: Rooms[P]["name"] } }[keyof Rooms];

function roomStub(env: Env, room: RoomAddress) {
  switch (room.party) {
    case FEED_PARTY:
      return getServerByName(env.FeedRoom, room.name);
  }
}

export function publish<R extends RoomAddress>(
  context: AppLoadContext,
  room: R,
  event: Rooms[R["party"]]["event"] | (() => Promise<Rooms[R["party"]]["event"] | null>),
): void {
  context.cloudflare.ctx.waitUntil(
    (async () => {
      const ready = typeof event === "function" ? await event() : event;
      if (!ready) return;
      const stub = await roomStub(context.cloudflare.env, room);
      await stub.publish(ready);
    })().catch((error: unknown) => console.error(`realtime: publishing to ${room.party}/${room.name} failed`, error)),
  );
}

/** The feed of posts outside communities. */
export const GLOBAL_FEED_ROOM = { party: FEED_PARTY, name: GLOBAL_FEED } as const satisfies RoomAddress;

/**
 * Publishes a post's current counts (after a like, repost, share, comment or view), unless its author
 * keeps their posts for followers: the one feed room would tell every member (decision 031). `known`:
 * what the interaction's own batch read, so nothing more is read.
 */
export function publishCounts(context: AppLoadContext, db: Db, postId: string, known?: { counts?: PostCounts; kept: boolean }): void {
  if (known && (known.kept || !known.counts)) return;
  publish(context, GLOBAL_FEED_ROOM, async () => {
    const current = known ?? (await roomCounts(db, postId));
    return current?.counts && !current.kept ? { type: "post-counts", posts: { [postId]: current.counts } } : null;
  });
}

async function roomCounts(db: Db, postId: string) {
  const row = await postCountsForRoom(db, postId).get();
  if (!row) return null;
  const { kept, ...counts } = row;
  return { counts, kept: Boolean(kept) };
}

/**
 * Announces a new post or repost to the feed room (offered as 'Show N new posts'), unless it is `kept`:
 * its author, or the author of the post a repost shows, keeps their posts for followers, and the one
 * feed room would tell every member (decision 031; the realtime issue's per-member rooms can tell
 * followers). Those appear on the next load instead.
 */
export function publishNewPost(context: AppLoadContext, event: Extract<FeedEvent, { type: "post-created" }>, kept: boolean): void {
  if (!kept) publish(context, GLOBAL_FEED_ROOM, event);
}
