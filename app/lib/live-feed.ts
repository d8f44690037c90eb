import { useEffect, useSyncExternalStore, type RefObject } from "react";
import { FEED_WATCH_MAX } from "./constants";
import { isDeleted, markDeleted } from "./deleted-posts";
import type { FeedEvent } from "./realtime";
import type { PostCounts } from "./types/post";

/**
 * What the page's feed room told it (DESIGN.md §6, docs/decisions/036): current counts of the posts it
 * shows, and posts published since the page loaded (offered as 'Show N new posts'). Deleted posts go
 * to the deleted-posts store. The page tells its room which posts it shows (those on or near the
 * screen, at most FEED_WATCH_MAX), so counts come only for those.
 */
const counts = new Map<string, PostCounts>();
const fresh = { all: new Set<string>(), video: new Set<string>() };
/** The same posts by author (a profile's list) and by community (a community's list). */
const freshByAuthor = new Map<string, Set<string>>();
const freshByCommunity = new Map<string, Set<string>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Which new posts a list offers: every one outside communities (For you), those with a video, one member's, one community's. */
export type FreshKind = keyof typeof fresh | { author: string } | { community: string };

const addTo = (map: Map<string, Set<string>>, key: string, postId: string) => map.set(key, (map.get(key) ?? new Set()).add(postId));

export function applyFeedEvent(event: FeedEvent, viewerId: string) {
  switch (event.type) {
    case "post-created":
      // Deleted before this news of it arrived (a room may send a post's deletion before the post,
      // when it first read who may hear of it): nothing to offer.
      if (event.authorId === viewerId || isDeleted(event.postId)) return;
      if (event.communityId) addTo(freshByCommunity, event.communityId, event.postId);
      else if (!event.repost) {
        // For you and /videos list no reposts (decision 006); a profile lists its member's.
        fresh.all.add(event.postId);
        if (event.hasVideo) fresh.video.add(event.postId);
      }
      addTo(freshByAuthor, event.authorId, event.postId);
      break;
    case "post-deleted":
      for (const postId of event.postIds) {
        fresh.all.delete(postId);
        fresh.video.delete(postId);
        freshByAuthor.forEach((posts) => posts.delete(postId));
        freshByCommunity.forEach((posts) => posts.delete(postId));
        markDeleted(postId);
      }
      break;
    case "post-counts":
      for (const [postId, current] of Object.entries(event.posts)) {
        const held = counts.get(postId);
        if (!held || held.at <= current.at) counts.set(postId, current);
      }
      break;
  }
  emit();
}

/** Counts an answer of this page's own brought (a comment deleted here): shown at once, as the room's would be. */
export function noteCounts(postId: string, current: PostCounts) {
  applyFeedEvent({ type: "post-counts", posts: { [postId]: current } }, "");
}

// ───────────────────────────── which posts the page shows ─────────────────────────────

/** Posts on or near the screen, in the order they came near (the newest kept when there are too many). */
const near = new Set<string>();
const watchListeners = new Set<(posts: string[]) => void>();
let observer: IntersectionObserver | null = null;
const observed = new Map<Element, string>();
let pending: ReturnType<typeof setTimeout> | undefined;

/** The posts to tell the room of: the last FEED_WATCH_MAX to come near the screen. */
export function watchedPosts(): string[] {
  return [...near].slice(-FEED_WATCH_MAX);
}

function told() {
  if (pending !== undefined) return;
  // Scrolling moves many cards at once: the room hears once it settles.
  pending = setTimeout(() => {
    pending = undefined;
    const posts = watchedPosts();
    watchListeners.forEach((listener) => listener(posts));
  }, 250);
}

function observerOf(): IntersectionObserver | null {
  if (typeof IntersectionObserver === "undefined") return null;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const postId = observed.get(entry.target);
        if (!postId) continue;
        near.delete(postId);
        if (entry.isIntersecting) near.add(postId);
      }
      told();
    },
    // A screen above and below: counts are current before a card scrolls into view.
    { rootMargin: "100% 0px" },
  );
  return observer;
}

/** Calls `listener` with the posts the page shows whenever they change (the feed socket tells its room). */
export function onWatchedPosts(listener: (posts: string[]) => void): () => void {
  watchListeners.add(listener);
  return () => watchListeners.delete(listener);
}

/** A post's current counts from the room, while its card (`element`) is on the page. */
export function useLiveCounts(postId: string, element?: RefObject<Element | null>): PostCounts | undefined {
  useEffect(() => {
    const target = element?.current;
    const watcher = target ? observerOf() : null;
    if (!target || !watcher) return;
    observed.set(target, postId);
    watcher.observe(target);
    return () => {
      watcher.unobserve(target);
      observed.delete(target);
      if ([...observed.values()].includes(postId)) return;
      near.delete(postId);
      told();
    };
  }, [postId, element]);
  return useSyncExternalStore(
    subscribe,
    () => counts.get(postId),
    () => undefined,
  );
}

/** How many new posts a list would offer now. */
export function freshCount(kind: FreshKind): number {
  if (typeof kind === "string") return fresh[kind].size;
  return "author" in kind ? (freshByAuthor.get(kind.author)?.size ?? 0) : (freshByCommunity.get(kind.community)?.size ?? 0);
}

export function useFreshPosts(kind: FreshKind): number {
  return useSyncExternalStore(subscribe, () => freshCount(kind), () => 0);
}

/** A list's page was (re)loaded from the server: every post published so far is in it. */
export function clearFreshPosts() {
  if (fresh.all.size === 0 && fresh.video.size === 0 && freshByAuthor.size === 0 && freshByCommunity.size === 0) return;
  fresh.all.clear();
  fresh.video.clear();
  freshByAuthor.clear();
  freshByCommunity.clear();
  emit();
}
