import { useEffect, type RefObject } from "react";
import { VIEW_DELAY_MS, VIEW_INSERT_TIMEOUT_MS, VIEW_VISIBLE_RATIO } from "~/lib/constants";

/** Visibility is re-checked at every tenth of the post, so a tall one is noticed as it scrolls by. */
const STEPS = Array.from({ length: 11 }, (_, i) => i / 10);

/**
 * Half of the post on screen; a post taller than twice the screen never gets there, so for it half
 * of the screen filled by the post counts.
 */
function seen(entry: IntersectionObserverEntry) {
  if (entry.intersectionRatio >= VIEW_VISIBLE_RATIO) return true;
  const screen = entry.rootBounds?.height ?? window.innerHeight;
  return entry.intersectionRect.height >= VIEW_VISIBLE_RATIO * screen;
}

/**
 * Counts a view once per mounted post, when at least half of it has been on screen for a second
 * (spec document 1 §4). The server decides whether it counts (never the author's own, once a day);
 * failures are only logged.
 */
export function useViewTracking(ref: RefObject<HTMLElement | null>, postId: string, enabled: boolean) {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && seen(entry)) {
          timer ??= setTimeout(() => {
            observer.disconnect();
            fetch(`/post/${postId}/view`, { method: "POST", body: new URLSearchParams(), signal: AbortSignal.timeout(VIEW_INSERT_TIMEOUT_MS) })
              .then((response) => {
                if (!response.ok) console.warn("View not recorded", response.status);
              })
              .catch((error: unknown) => console.warn("View not recorded", error));
          }, VIEW_DELAY_MS);
        } else if (timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: STEPS },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [ref, postId, enabled]);
}
