import type { AppLoadContext } from "@remix-run/cloudflare";
import { getServerByName } from "partyserver";
import { GLOBAL_FEED, type FeedEvent, type LiveCounts } from "~/lib/realtime";
import type { Db } from "./db/client";
import { postCounts } from "./posts";

/**
 * Tells the feed's room about a change already written to D1. It runs after the response (waitUntil):
 * the page is right without it, so a failure is only logged.
 */
export function publishFeedEvent(context: AppLoadContext, event: FeedEvent | (() => Promise<FeedEvent | null>)): void {
  const { env, ctx } = context.cloudflare;
  ctx.waitUntil(
    (async () => {
      const ready = typeof event === "function" ? await event() : event;
      if (!ready) return;
      const room = await getServerByName(env.FeedRoom, GLOBAL_FEED);
      await room.publish(ready);
    })().catch((error: unknown) => console.error("realtime: publish failed", error)),
  );
}

/** Publishes a post's current counts (after a like, repost, share, comment or view). */
export function publishCounts(context: AppLoadContext, db: Db, postId: string, counts?: LiveCounts): void {
  publishFeedEvent(context, async () => {
    const current = counts ?? (await postCounts(db, postId).get());
    return current ? { type: "post-counts", posts: { [postId]: current } } : null;
  });
}
