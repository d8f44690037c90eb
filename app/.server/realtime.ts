import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import {
  communityFeed,
  CONVERSATION_PARTY,
  FEED_PARTY,
  MEMBER_PARTY,
  profileFeed,
  PUBLIC_FEED_SHARDS,
  type ConversationEvent,
  type FeedEvent,
  type MemberSignal,
} from "~/lib/realtime";
import { DELETED_POSTS_TOLD_MAX, ROOM_RETRY_DELAY_MS } from "~/lib/constants";
import type { ChatMessage } from "~/lib/types/message";
import type { PostCounts } from "~/lib/types/post";
import type { Db } from "./db/client";
import { users } from "./db/schema";
import type { MarkedRead } from "./messages";
import { audienceOf, type PostAudience } from "./posts/access";
import { postCountsForRoom } from "./posts/interactions";

/**
 * Telling rooms about changes already written to D1 (DESIGN.md §6, docs/decisions/036): the one
 * module actions publish through. Publishing runs after the response (waitUntil): a page is right
 * without it, so a room that is down or slow never fails or delays a write; a failure is only logged.
 */

/** Each room kind (party) and the events the app publishes to its rooms. */
type Events = { [FEED_PARTY]: FeedEvent; [CONVERSATION_PARTY]: ConversationEvent; [MEMBER_PARTY]: MemberSignal };
type Party = keyof Events;

/**
 * A room's stub, addressed by name. Not partyserver's getServerByName: it makes a setName RPC before
 * every call, which the rooms do not need (a room addressed by idFromName knows its name from its id),
 * and which doubled the round trips of each publish (docs/decisions/042).
 */
function stubOf(env: Env, party: Party, name: string) {
  const namespace = { [FEED_PARTY]: env.FeedRoom, [CONVERSATION_PARTY]: env.ConversationRoom, [MEMBER_PARTY]: env.MemberRoom }[party];
  return namespace.get(namespace.idFromName(name));
}

/**
 * Calls a room, and once more on a new stub when Cloudflare says the call may be retried (the room
 * moved or restarted) and not that it is overloaded, after a short pause, as Durable Objects'
 * documentation advises: a stub whose call failed so stays broken, so each try takes its own.
 */
async function callRoom<R>(env: Env, party: Party, name: string, call: (room: R) => Promise<unknown>): Promise<void> {
  try {
    await call(stubOf(env, party, name) as unknown as R);
  } catch (error) {
    const flags = typeof error === "object" && error !== null ? (error as { retryable?: unknown; overloaded?: unknown }) : {};
    if (flags.retryable !== true || flags.overloaded === true) throw error;
    await new Promise((resolve) => setTimeout(resolve, ROOM_RETRY_DELAY_MS * (1 + Math.random())));
    await call(stubOf(env, party, name) as unknown as R);
  }
}

/**
 * What a feed room is told beside a new post's event: whether its author is in a block (decision 100),
 * and whether anyone muted them (107; a repost, which Home never offers live, says false). A room not
 * told so asks itself.
 */
export type FeedPublishing = { authorInBlock: boolean; authorMuted: boolean };

/**
 * Publishes an event to rooms of one kind, after the response. `event` may be a function that reads
 * what to say (current counts) once the response is on its way; null says nothing. `publishing`: what
 * a feed room is told beside it (FeedPublishing).
 */
export function publish<P extends Party>(
  context: AppLoadContext,
  party: P,
  names: readonly string[],
  event: Events[P] | (() => Promise<Events[P] | null>),
  publishing?: P extends typeof FEED_PARTY ? FeedPublishing : never,
): void {
  if (names.length === 0) return;
  context.cloudflare.ctx.waitUntil(
    (async () => {
      const ready = typeof event === "function" ? await event() : event;
      if (!ready) return;
      const env = context.cloudflare.env;
      const sent = await Promise.allSettled(
        names.map(async (name) => {
          await callRoom<{ publish(event: Events[P], publishing?: FeedPublishing): Promise<void> }>(env, party, name, (room) => room.publish(ready, publishing));
        }),
      );
      sent.forEach((result, i) => {
        if (result.status === "rejected") console.error(`realtime: publishing to ${party}/${names[i]} failed`, result.reason);
      });
    })().catch((error: unknown) => console.error(`realtime: publishing to ${party} failed`, error)),
  );
}

// ───────────────────────────── feeds ─────────────────────────────

/**
 * The feed rooms a post's events go to, only where every listener may see it (but for the members in
 * a block with its author, whom the rooms leave out of its announcement: decision 100): none when its author
 * keeps their posts for followers (a room cannot tell followers apart); its community's room; unless
 * that community is private, every public shard and its author's profile room too (a public
 * community's posts show on hashtag pages, bookmarks and profiles).
 */
export function feedRoomsOf({ authorId, communityId, authorKeeps, privateCommunity }: PostAudience): string[] {
  if (authorKeeps) return [];
  const rooms = communityId ? [communityFeed(communityId)] : [];
  return privateCommunity ? rooms : [...rooms, ...PUBLIC_FEED_SHARDS, profileFeed(authorId)];
}

/**
 * A new post or repost (offered as 'Show N new posts' where the page lists such posts). `publishing`:
 * its author is in a block, so each room leaves out the members in one with them (decision 100); or
 * someone muted them, so Home's rooms leave out those members (107).
 */
export function publishNewPost(context: AppLoadContext, event: Extract<FeedEvent, { type: "post-created" }>, audience: PostAudience, publishing: FeedPublishing): void {
  publish(context, FEED_PARTY, feedRoomsOf(audience), event, publishing);
}

/** A deleted post or taken-back repost: removed from every page that shows it. */
export function publishDeletedPost(context: AppLoadContext, postId: string, audience: PostAudience): void {
  publishDeletedPosts(context, [{ postId, audience }]);
}

/**
 * Posts deleted at once (the reposts a block takes back, without a cap on how many): one event a room,
 * naming its posts, so a fan's thousand reposts are a few room calls, not thousands (decision 123). At
 * most DELETED_POSTS_TOLD_MAX a room, the first given; pages showing others drop them at their next load.
 */
export function publishDeletedPosts(context: AppLoadContext, deleted: { postId: string; audience: PostAudience }[]): void {
  const byRoom = new Map<string, string[]>();
  for (const { postId, audience } of deleted) {
    for (const room of feedRoomsOf(audience)) {
      const ids = byRoom.get(room) ?? [];
      if (ids.length < DELETED_POSTS_TOLD_MAX) ids.push(postId);
      byRoom.set(room, ids);
    }
  }
  // Rooms told of the same posts (every room of one deleted post) share one publish.
  const byPosts = new Map<string, { rooms: string[]; postIds: string[] }>();
  for (const [room, postIds] of byRoom) {
    const key = postIds.join(" ");
    const same = byPosts.get(key) ?? { rooms: [], postIds };
    same.rooms.push(room);
    byPosts.set(key, same);
  }
  for (const { rooms, postIds } of byPosts.values()) publish(context, FEED_PARTY, rooms, { type: "post-deleted", postIds });
}

/**
 * A post's current counts (after a like, repost, share, comment or view), to the pages that show it.
 * `known`: what the interaction's own batch read, so nothing more is read.
 */
export function publishCounts(context: AppLoadContext, db: Db, postId: string, known?: { counts?: PostCounts; audience: PostAudience }): void {
  if (known && !known.counts) return;
  const rooms = known ? feedRoomsOf(known.audience) : null;
  if (rooms) {
    publish(context, FEED_PARTY, rooms, { type: "post-counts", posts: { [postId]: known!.counts! } });
    return;
  }
  context.cloudflare.ctx.waitUntil(
    (async () => {
      const row = await postCountsForRoom(db, postId).get();
      if (!row) return;
      const { userId, communityId, authorKeeps, privateCommunity, ...counts } = row;
      publish(context, FEED_PARTY, feedRoomsOf(audienceOf({ userId, communityId, authorKeeps, privateCommunity })), { type: "post-counts", posts: { [postId]: counts } });
    })().catch((error: unknown) => console.error("realtime: reading a post's counts failed", error)),
  );
}

/** A member left a community: their open pages stop hearing its room (they are disconnected). */
export function revokeCommunityRoom(context: AppLoadContext, communityId: string, memberId: string): void {
  context.cloudflare.ctx.waitUntil(
    (async () => {
      await callRoom<{ revoke(memberId: string): Promise<void> }>(context.cloudflare.env, FEED_PARTY, communityFeed(communityId), (room) =>
        room.revoke(memberId),
      );
    })().catch((error: unknown) => console.error("realtime: disconnecting a member from a community room failed", error)),
  );
}

// ───────────────────────────── members and conversations ─────────────────────────────

/**
 * Tells members (by id, or by username: a comment's mentions, a follow, a subscription) that their
 * notifications may have changed: their rooms read the unread count their badge shows now and tell
 * their pages (nothing when none listens).
 * Called after a write whose triggers may have notified them.
 */
export function tellNotified(context: AppLoadContext, db: Db, members: { ids?: string[]; usernames?: string[] }): void {
  const ids = members.ids ?? [];
  const names = [...new Set((members.usernames ?? []).map((name) => name.toLowerCase()))];
  publish(context, MEMBER_PARTY, ids, { type: "notifications-changed" });
  if (names.length === 0) return;
  context.cloudflare.ctx.waitUntil(
    (async () => {
      const named = sql`lower(${users.username}) IN (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`;
      const rows = await db.select({ id: users.id }).from(users).where(named);
      publish(context, MEMBER_PARTY, rows.map((row) => row.id).filter((id) => !ids.includes(id)), { type: "notifications-changed" });
    })().catch((error: unknown) => console.error("realtime: finding members by username failed", error)),
  );
}

/** A message written to D1: to the conversation's room, and to both members' lists and badges. */
export function publishMessage(context: AppLoadContext, sent: { conversationId: string; message: ChatMessage; recipientId: string }): void {
  publish(context, CONVERSATION_PARTY, [sent.conversationId], { type: "message", message: sent.message });
  publish(context, MEMBER_PARTY, [sent.message.senderId, sent.recipientId], { type: "inbox-changed", conversationId: sent.conversationId });
}

/**
 * A member read a conversation's messages: the sender sees it live (unless `otherTold` is false: the two
 * are in a block), the reader's badge drops.
 */
export function publishRead(context: AppLoadContext, conversationId: string, readerId: string, { through, otherTold }: MarkedRead): void {
  if (otherTold) publish(context, CONVERSATION_PARTY, [conversationId], { type: "read", readerId, through });
  publish(context, MEMBER_PARTY, [readerId], { type: "inbox-changed", conversationId });
}

/**
 * A session of the member ended (a sign-out, a password reset): their own room closes the pages whose
 * session it was at once, and each of those pages reloads (to sign-in) and so closes its other rooms.
 * The other rooms find such sockets themselves within a minute (party/sessions.ts). A session `renewed`
 * (replaced by a new one in the same browser: a password change, decision 083) closes its pages'
 * sockets with the code that has them connect again, with the browser's new cookie.
 */
export function closeRoomsOfEndedSessions(context: AppLoadContext, memberId: string, { renewed }: { renewed?: string } = {}): void {
  context.cloudflare.ctx.waitUntil(
    callRoom<{ checkSessions(renewed?: string): Promise<void> }>(context.cloudflare.env, MEMBER_PARTY, memberId, (room) => room.checkSessions(renewed)).catch((error: unknown) =>
      console.error("realtime: closing the pages of an ended session failed", error),
    ),
  );
}
