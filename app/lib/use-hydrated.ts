import { useSyncExternalStore } from "react";
import { inNextTask } from "./next-task";

let hydrated = false;
let flipping = false;
const listeners = new Set<() => void>();

/**
 * Whether the page has hydrated, as a store: false until a task of its own after the first subscriber
 * (hydration's effects), then true for good.
 */
export const hydration = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (!hydrated && !flipping) {
      inNextTask(() => {
        hydrated = true;
        for (const notify of [...listeners]) notify();
      });
      flipping = true;
    }
    return () => {
      listeners.delete(listener);
    };
  },
  isHydrated: (): boolean => hydrated,
};

const onServer = () => false;

/**
 * False while rendering on the server and during hydration; true from a task of its own after
 * hydration's effects, so the components that use it render again apart from hydration's long task
 * (docs/decisions/054). For markup that differs without JavaScript only. An event handler does not
 * need it: React delivers an event only to a hydrated component (docs/decisions/044).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(hydration.subscribe, hydration.isHydrated, onServer);
}
