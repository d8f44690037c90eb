import { useEffect } from "react";
import { applyFeedEvent } from "./live-feed";

/** Listens to the feed room while a member's page is open (an enhancement: pages are whole without it). */
export function useFeedRoom(viewerId: string | null) {
  useEffect(() => {
    if (!viewerId) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    import("./feed-socket")
      .then(({ connectFeed }) => {
        if (!cancelled) close = connectFeed((event) => applyFeedEvent(event, viewerId));
      })
      .catch((error: unknown) => console.warn("Live updates unavailable", error));
    return () => {
      cancelled = true;
      close?.();
    };
  }, [viewerId]);
}
