import { useMatches, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { applyFeedEvent, onWatchedPosts, watchedPosts } from "./live-feed";
import type { FeedEvent, MemberEvent, RoomEvent } from "./realtime";
import { communityFeed, FEED_PARTY, MEMBER_PARTY, profileFeed, publicShardOf } from "./room-names";
import { useRoom } from "./use-room";

/**
 * The rooms every member's page listens to (docs/decisions/036): its own member room (notifications
 * and conversations: the navigation badges, live), and the feed room of what the page shows, named
 * by the deepest route whose `handle` says (`feedRoomHandle`); a page that shows no posts joins none.
 */

/** A route's handle: the feed room its page listens to, from its loader's data. */
export type FeedRoomHandle = { feedRoom: (data: unknown) => FeedRoomOf | null };
export type FeedRoomOf = { kind: "public" } | { kind: "community"; id: string } | { kind: "profile"; id: string };

/** A handle for a route whose page lists public posts (feeds, hashtags, bookmarks, a post). */
export const publicFeedHandle: FeedRoomHandle = { feedRoom: () => ({ kind: "public" }) };

/** A handle for a member's profile page: that member's feed room (from its loader's `profile`). */
export const profileFeedHandle: FeedRoomHandle = {
  feedRoom: (data) => {
    const id = (data as { profile?: { id: string } } | undefined)?.profile?.id;
    return id ? { kind: "profile", id } : null;
  },
};

/** This page's own id, for its shard of the public feed: made once, when first needed. */
let pageId: string | undefined;

function roomName(of: FeedRoomOf): string {
  if (of.kind === "community") return communityFeed(of.id);
  if (of.kind === "profile") return profileFeed(of.id);
  // Rendered on the server too, where the name is never used: the id is the browser's own.
  if (typeof window === "undefined") return "public-0";
  pageId ??= crypto.randomUUID();
  return publicShardOf(pageId);
}

function useFeedRoomName(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<FeedRoomHandle> | undefined;
    if (!handle?.feedRoom) continue;
    const of = handle.feedRoom(matches[i]!.data);
    return of ? roomName(of) : null;
  }
  return null;
}

const FEED_EVENTS = new Set<RoomEvent["type"]>(["post-created", "post-deleted", "post-counts"]);
const MEMBER_EVENTS = new Set<RoomEvent["type"]>(["notifications", "inbox"]);

export function useLiveRooms(viewerId: string) {
  // After a reconnect the page reloads its data from the server rather than trusting what it missed.
  const revalidator = useRevalidator();
  const resync = (reconnected: boolean) => {
    if (reconnected && revalidator.state === "idle") revalidator.revalidate();
  };
  const feed = useRoom(FEED_PARTY, useFeedRoomName(), viewerId, "live", {
    onEvent: (event) => {
      if (FEED_EVENTS.has(event.type)) applyFeedEvent(event as FeedEvent, viewerId);
    },
    // Every (re)connection says again which posts the page shows.
    onOpen: (send, reconnected) => {
      send({ type: "watch", posts: watchedPosts() });
      resync(reconnected);
    },
  });
  useEffect(() => onWatchedPosts((posts) => feed.current?.send({ type: "watch", posts })), [feed]);
  useRoom(MEMBER_PARTY, viewerId, viewerId, "liveMember", {
    onEvent: (event) => {
      if (MEMBER_EVENTS.has(event.type)) applyMemberEvent(event as MemberEvent);
    },
    onOpen: (_send, reconnected) => resync(reconnected),
  });
}

// ───────────────────────────── the member's badges and events ─────────────────────────────

type Badges = { notifications: number; messages: number };
type Heard = { [K in keyof Badges]?: { unread: number; at: number } };
/** The newest count the member room said of each badge, with when it read it. */
let told: Heard = {};

/** Each badge's count: the room's, when it read it after the page's counts began to be read (`at`); else the page's. */
export function newestBadges(server: Badges, at: number, heard: Heard): Badges {
  const newest = (badge: keyof Badges) => {
    const live = heard[badge];
    return live && live.at > at ? live.unread : server[badge];
  };
  return { notifications: newest("notifications"), messages: newest("messages") };
}
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: MemberEvent) => void>();
const emit = () => listeners.forEach((listener) => listener());

function applyMemberEvent(event: MemberEvent) {
  const badge = event.type === "notifications" ? "notifications" : "messages";
  const held = told[badge];
  if (!held || held.at <= event.at) {
    told = { ...told, [badge]: { unread: event.unread, at: event.at } };
    emit();
  }
  eventListeners.forEach((listener) => listener(event));
}

/**
 * The navigation badges: of the page's counts (read from `at` on) and the member room's, the newer. A
 * reload of the page's data that began before the room's last count (a read that raced a 'mark read')
 * does not bring back the older count.
 */
export function useBadges(server: Badges, at: number): Badges {
  const live = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => told,
    () => told,
  );
  return newestBadges(server, at, live);
}

/**
 * Reloads the page's data when the member room says `type` changed (a notification came or went, a
 * conversation changed); once at a time. Routes that must not reload with it say so in shouldRevalidate.
 */
export function useReloadOnMemberEvent(type: MemberEvent["type"]) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const listener = (event: MemberEvent) => {
      if (event.type === type && latest.current.state === "idle") latest.current.revalidate();
    };
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  }, [type]);
}
