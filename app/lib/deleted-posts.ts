import { useSyncExternalStore } from "react";

/**
 * Posts deleted from this page (with JavaScript): their cards, wherever they are listed (an appended
 * page the server no longer refreshes, a repost of them), disappear at once.
 */
const deleted = new Set<string>();
const listeners = new Set<() => void>();

export function markDeleted(id: string) {
  deleted.add(id);
  listeners.forEach((listener) => listener());
}

/** Whether this page was told the post is deleted (a room's news of it may come before the news of the post). */
export const isDeleted = (id: string) => deleted.has(id);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDeleted(...ids: string[]): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ids.some((id) => deleted.has(id)),
    () => false,
  );
}
