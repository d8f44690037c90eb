import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while rendering on the server and during hydration; true from the effects after hydration. For
 * markup that differs without JavaScript only: each component using it renders again, synchronously,
 * right after hydration. An event handler does not need it: React delivers an event only to a hydrated
 * component (docs/decisions/044).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
