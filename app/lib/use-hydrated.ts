import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while rendering on the server and during hydration; true once JavaScript runs the page. For what
 * renders differently only: each component using it renders again right after hydration, and an event
 * handler never needs it (React calls one only once its component is hydrated).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
