import { useEffect, type RefObject } from "react";
import { VIEW_DELAY_MS, VIEW_VISIBLE_RATIO } from "~/lib/constants";

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
        if (entry?.isIntersecting && entry.intersectionRatio >= VIEW_VISIBLE_RATIO) {
          timer ??= setTimeout(() => {
            observer.disconnect();
            fetch(`/post/${postId}/view`, { method: "POST" }).catch((error: unknown) => console.warn("View not recorded", error));
          }, VIEW_DELAY_MS);
        } else if (timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: [0, VIEW_VISIBLE_RATIO, 1] },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [ref, postId, enabled]);
}
