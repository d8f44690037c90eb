import type { Connection } from "partyserver";
import { FEED_COUNTS_FLUSH_MS, ROOM_REVOKED_CODE } from "../app/lib/constants";
import { FeedEventSchema, parsePageMessage, type FeedEvent } from "../app/lib/realtime";
import { feedScopeOf } from "../app/lib/room-names";
import type { PostCounts } from "../app/lib/types/post";
import { SessionBoundRoom } from "./sessions";

/** What a page told its room: the posts it shows now (kept with the connection, so it outlives hibernation). */
type Watching = { posts: string[] };

/**
 * A feed's room (docs/decisions/036): a shard of the public feed (`public-{n}`), a community's posts
 * (`community-{id}`) or a member's profile (`profile-{userId}`). Pages listen; the app publishes after
 * each change it writes to D1 (the source of truth; a page is complete without the room). New and
 * deleted posts go to every page at once. Counts are gathered and sent at most once a second, each
 * page getting only the posts it said it shows: a busy post costs one message a second to the pages
 * that show it, none to the others.
 */
export class FeedRoom extends SessionBoundRoom {
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
    const changed = this.#counts;
    this.#counts = new Map();
    for (const connection of this.getConnections<Watching>()) {
      const shown = connection.state?.posts.filter((postId) => changed.has(postId)) ?? [];
      if (shown.length === 0) continue;
      const event: FeedEvent = { type: "post-counts", posts: Object.fromEntries(shown.map((postId) => [postId, changed.get(postId)!])) };
      connection.send(JSON.stringify(event));
    }
  }

  /**
   * A community's room checks its sockets' sessions (a private community's posts are its members'
   * alone). A public shard and a profile's room say only what any member may see: not worth a D1 read
   * a minute for each of their many sockets.
   */
  protected checksSessions(): boolean {
    return feedScopeOf(this.name)?.kind === "community";
  }

  /** A member who may no longer listen here (they left the community): their pages are disconnected. */
  async revoke(memberId: string): Promise<void> {
    for (const connection of this.getConnections(memberId)) connection.close(ROOM_REVOKED_CODE, "No longer a member");
  }

  /** A page says which posts it shows (as it scrolls and loads more); anything else is ignored. */
  onMessage(connection: Connection<Watching>, message: unknown) {
    const said = parsePageMessage(message);
    if (said?.type === "watch") connection.setState({ posts: said.posts });
  }
}
