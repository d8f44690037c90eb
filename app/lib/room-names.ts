import { FEED_SHARDS } from "./constants";

/**
 * The realtime rooms' addresses (docs/decisions/036), apart from their message schemas so a page can
 * name its rooms without loading zod before it connects.
 */

/** Feeds: the public feed's shards, a community's posts, a member's profile. */
export const FEED_PARTY = "feed-room";
/** One conversation's messages and read receipts; its two participants only. */
export const CONVERSATION_PARTY = "conversation-room";
/** One member's own events: notifications, the conversation list, the navigation badges. */
export const MEMBER_PARTY = "member-room";

const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The public feed's shards: `public-0` … `public-{FEED_SHARDS - 1}`. */
export const PUBLIC_FEED_SHARDS: readonly string[] = Array.from({ length: FEED_SHARDS }, (_, i) => `public-${i}`);
export const communityFeed = (communityId: string) => `community-${communityId}`;
export const profileFeed = (userId: string) => `profile-${userId}`;

/** What a feed room's name says it carries, or null for a name no room has. */
export function feedScopeOf(name: string): { kind: "public" } | { kind: "community" | "profile"; id: string } | null {
  if (PUBLIC_FEED_SHARDS.includes(name)) return { kind: "public" };
  const [kind, id, ...rest] = name.split("-");
  if (rest.length > 0 || !id || !ID.test(id)) return null;
  return kind === "community" || kind === "profile" ? { kind, id } : null;
}

/** The shard a page joins: a hash of its connection's id, so pages spread evenly over the shards. */
export function publicShardOf(connectionId: string): string {
  let hash = 2166136261;
  for (let i = 0; i < connectionId.length; i++) hash = Math.imul(hash ^ connectionId.charCodeAt(i), 16777619);
  return PUBLIC_FEED_SHARDS[(hash >>> 0) % FEED_SHARDS]!;
}

export const isRoomId = (value: string) => ID.test(value);

/** The header the Worker puts on a connection it let into a room: whose connection it is (never the page's to set). */
export const ROOM_MEMBER_HEADER = "X-Murmur-Member";

/** The header the Worker puts on a connection it let into a room: the session it was opened with (its id, a hash; never the token). */
export const ROOM_SESSION_HEADER = "X-Murmur-Session";
