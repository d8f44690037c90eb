import { Server } from "partyserver";
import { FEED_COUNTS_FLUSH_MS } from "../app/lib/constants";
import { FeedEventSchema, type FeedEvent } from "../app/lib/realtime";
import type { PostCounts } from "../app/lib/types/post";

/**
 * A feed's room (`feed-room/global` for posts outside communities): members' pages listen; the app
 * publishes after each change it writes to D1 (the source of truth; a page is complete without the
 * room). New and deleted posts go out at once; counts are gathered and sent at most once a second,
 * so a busy post costs one message a second, not one per like or view.
 */
export class FeedRoom extends Server<Env> {
  static options = { hibernate: true };

  #counts = new Map<string, PostCounts>();
  #flush: ReturnType<typeof setTimeout> | undefined;

  /** Called by the app (RPC through the Durable Object stub). */
  async publish(event: FeedEvent): Promise<void> {
    const checked = FeedEventSchema.parse(event);
    if (checked.type !== "post-counts") {
      this.broadcast(JSON.stringify(checked));
      return;
    }
    for (const [postId, counts] of Object.entries(checked.posts)) {
      const held = this.#counts.get(postId);
      if (!held || held.at <= counts.at) this.#counts.set(postId, counts);
    }
    if (this.#flush === undefined) this.#flush = setTimeout(() => this.#sendCounts(), FEED_COUNTS_FLUSH_MS);
  }

  #sendCounts() {
    this.#flush = undefined;
    if (this.#counts.size === 0) return;
    const event: FeedEvent = { type: "post-counts", posts: Object.fromEntries(this.#counts) };
    this.#counts.clear();
    this.broadcast(JSON.stringify(event));
  }

  /** Listening only: what a page sends is ignored. */
  onMessage() {}
}
