import { useSyncExternalStore } from "react";
import { markDeleted } from "./deleted-posts";
import type { FeedEvent } from "./realtime";
import type { PostCounts } from "./types/post";

/**
 * What the feed room told this page (DESIGN.md §6): current counts of posts, and posts published since
 * the page loaded (offered as 'Show N new posts'). Deleted posts go to the deleted-posts store.
 */
const counts = new Map<string, PostCounts>();
const fresh = { all: new Set<string>(), video: new Set<string>() };
/** The same posts by author, for a profile's list. */
const freshByAuthor = new Map<string, Set<string>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Which new posts a list offers: every one (For you), those with a video, or one member's (a profile). */
export type FreshKind = keyof typeof fresh | { author: string };

export function applyFeedEvent(event: FeedEvent, viewerId: string) {
  switch (event.type) {
    case "post-created":
      if (event.authorId === viewerId) return;
      fresh.all.add(event.postId);
      if (event.hasVideo) fresh.video.add(event.postId);
      freshByAuthor.set(event.authorId, (freshByAuthor.get(event.authorId) ?? new Set()).add(event.postId));
      break;
    case "post-deleted":
      fresh.all.delete(event.postId);
      fresh.video.delete(event.postId);
      freshByAuthor.forEach((posts) => posts.delete(event.postId));
      markDeleted(event.postId);
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

export function useLiveCounts(postId: string): PostCounts | undefined {
  return useSyncExternalStore(
    subscribe,
    () => counts.get(postId),
    () => undefined,
  );
}

export function useFreshPosts(kind: FreshKind): number {
  return useSyncExternalStore(
    subscribe,
    () => (typeof kind === "string" ? fresh[kind].size : (freshByAuthor.get(kind.author)?.size ?? 0)),
    () => 0,
  );
}

/** A list's page was (re)loaded from the server: every post published so far is in it. */
export function clearFreshPosts() {
  if (fresh.all.size === 0 && fresh.video.size === 0 && freshByAuthor.size === 0) return;
  fresh.all.clear();
  fresh.video.clear();
  freshByAuthor.clear();
  emit();
}
