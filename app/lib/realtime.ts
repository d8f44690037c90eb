import * as z from "zod/mini";
import { DELETED_POSTS_TOLD_MAX, FEED_WATCH_MAX } from "./constants";
import type { ChatMessage } from "./types/message";
import type { PostCounts } from "./types/post";

/**
 * The realtime rooms' addresses and messages (DESIGN.md §6, docs/decisions/036), one schema for each
 * direction, used on both ends: what rooms send (the app publishes it after a change is written to D1;
 * the room checks it and relays it; the page checks what it receives) and what pages send (the room
 * checks it). zod/mini keeps this small for the browser, which loads it only once a page is interactive.
 */

export {
  communityFeed,
  CONVERSATION_PARTY,
  FEED_PARTY,
  feedScopeOf,
  isRoomId,
  MEMBER_PARTY,
  profileFeed,
  PUBLIC_FEED_SHARDS,
  publicShardOf,
} from "./room-names";

const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const Counts: z.ZodMiniType<PostCounts> = z.object({
  likes: z.number(),
  reposts: z.number(),
  shares: z.number(),
  views: z.number(),
  comments: z.number(),
  at: z.number(),
});

const Message: z.ZodMiniType<ChatMessage> = z.object({
  id: z.string(),
  clientId: z.nullable(z.string()),
  senderId: z.string(),
  content: z.string(),
  at: z.number(),
  read: z.boolean(),
});

const FeedEvents = [
  /**
   * A new post or repost; `communityId` where it belongs to one (Home and /videos never offer those);
   * `repost` for a repost (For you does not list reposts, decision 006: it does not offer them either).
   */
  z.object({
    type: z.literal("post-created"),
    postId: z.string(),
    authorId: z.string(),
    hasVideo: z.boolean(),
    communityId: z.nullable(z.string()),
    repost: z.boolean(),
  }),
  /** Posts deleted or reposts taken back (a block takes back many at once: one event a room). */
  z.object({ type: z.literal("post-deleted"), postIds: z.array(z.string()).check(z.maxLength(DELETED_POSTS_TOLD_MAX)) }),
  /** Current counts of posts that changed (a room sends them at most once a second, to the pages showing them). */
  z.object({ type: z.literal("post-counts"), posts: z.record(z.string(), Counts) }),
] as const;

const ConversationEvents = [
  /** A message written to D1; a page that sent it knows it by its client id. */
  z.object({ type: z.literal("message"), message: Message }),
  /** The reader has read every message the other sent, up to the message `through` (ids sort by time). */
  z.object({ type: z.literal("read"), readerId: z.string(), through: z.string() }),
  /** The answer to a page's resync: what it missed, in order, from D1. */
  z.object({ type: z.literal("messages"), messages: z.array(Message) }),
] as const;

const MemberEvents = [
  /** A notification came or went: the unread count now (the list reloads). */
  z.object({ type: z.literal("notifications"), unread: z.number(), at: z.number() }),
  /** A conversation of the member changed (a message, a read): the unread conversations now. */
  z.object({ type: z.literal("inbox"), unread: z.number(), conversationId: z.string(), at: z.number() }),
] as const;

export const FeedEventSchema = z.discriminatedUnion("type", [...FeedEvents]);
export type FeedEvent = z.infer<typeof FeedEventSchema>;
export const ConversationEventSchema = z.discriminatedUnion("type", [...ConversationEvents]);
export type ConversationEvent = z.infer<typeof ConversationEventSchema>;
export const MemberEventSchema = z.discriminatedUnion("type", [...MemberEvents]);
export type MemberEvent = z.infer<typeof MemberEventSchema>;

/**
 * What the app tells a member room (RPC): something changed. The room reads the counts itself, from
 * D1, and only while a page of the member listens: the write that caused it reads nothing more.
 */
export const MemberSignalSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("notifications-changed") }),
  z.object({ type: z.literal("inbox-changed"), conversationId: z.string() }),
]);
export type MemberSignal = z.infer<typeof MemberSignalSchema>;

/** Everything a room sends a page: one union. */
export const RoomEventSchema = z.discriminatedUnion("type", [...FeedEvents, ...ConversationEvents, ...MemberEvents]);
export type RoomEvent = z.infer<typeof RoomEventSchema>;

/** Everything a page sends a room: one union. */
export const PageMessageSchema = z.discriminatedUnion("type", [
  /** The posts a feed page shows now (on or near the screen): count updates come for these only. */
  z.object({ type: z.literal("watch"), posts: z.array(z.string().check(z.regex(ID))).check(z.maxLength(FEED_WATCH_MAX)) }),
  /** A conversation page that (re)connected: the messages after its last one, please. */
  z.object({ type: z.literal("resync"), after: z.nullable(z.string().check(z.regex(ID))) }),
]);
export type PageMessage = z.infer<typeof PageMessageSchema>;

function parseWith<T>(schema: z.ZodMiniType<T>, data: unknown): T | null {
  try {
    const parsed = schema.safeParse(typeof data === "string" ? JSON.parse(data) : data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const parseRoomEvent = (data: unknown) => parseWith(RoomEventSchema, data);
export const parsePageMessage = (data: unknown) => parseWith(PageMessageSchema, data);
