import { and, eq, inArray } from "drizzle-orm";
import type { Connection } from "partyserver";
import { inBlockWithAmong } from "../app/.server/blocks";
import { mutedAmong } from "../app/.server/mutes";
import { inParts } from "../app/.server/db/chunks";
import { getDb, type Db } from "../app/.server/db/client";
import { communityMembers } from "../app/.server/db/schema";
import { FEED_COUNTS_FLUSH_MS, ROOM_REVOKED_CODE } from "../app/lib/constants";
import { FeedEventSchema, parsePageMessage, type FeedEvent } from "../app/lib/realtime";
import { feedScopeOf } from "../app/lib/room-names";
import type { PostCounts } from "../app/lib/types/post";
import type { FeedPublishing } from "../app/.server/realtime";
import { SessionBoundRoom } from "./sessions";

/** What a page told its room: the posts it shows now (kept with the connection, so it outlives hibernation). */
type Watching = { posts: string[] };

/**
 * A feed's room (docs/decisions/036): a shard of the public feed (`public-{n}`), a community's posts
 * (`community-{id}`) or a member's profile (`profile-{userId}`). Pages listen; the app publishes after
 * each change it writes to D1 (the source of truth; a page is complete without the room). New and
 * deleted posts go to every page at once, but a new post whose author is in a block goes to every
 * page but those of the members in one with them (decision 100), and in a public shard not to those
 * who muted its author (107). Counts are gathered and sent at most once a second, each
 * page getting only the posts it said it shows: a busy post costs one message a second to the pages
 * that show it, none to the others.
 */
export class FeedRoom extends SessionBoundRoom {
  #counts = new Map<string, PostCounts>();
  #flush: ReturnType<typeof setTimeout> | undefined;

  /**
   * Called by the app (RPC through the Durable Object stub). A new post whose author is in a block
   * (`authorInBlock`) is not announced to the members in a block with them (decision 100): their pages
   * would offer a post they cannot see. Unless the app says the author is in none, the room asks. In a
   * public shard (Home's), a new post (not a repost: Home offers none live) whose author someone muted
   * (`authorMuted`) is not announced to the members who muted them (107): Home would offer a post it
   * leaves out.
   */
  async publish(event: FeedEvent, publishing?: FeedPublishing): Promise<void> {
    const checked = FeedEventSchema.parse(event);
    if (checked.type === "post-created") {
      const blocks = publishing?.authorInBlock !== false;
      const mutes = !checked.repost && publishing?.authorMuted !== false && feedScopeOf(this.name)?.kind === "public";
      if (blocks || mutes) {
        await this.#announceScreened(checked, { blocks, mutes });
        return;
      }
    }
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

  /**
   * A new post, to the sockets open now but those of listeners in a block with its author, either way,
   * and (`ask.mutes`) of listeners who muted its author. A socket that opens while they are read is not
   * told: its page was loaded after the post was written. When a read fails no one is told (a page is
   * complete without its room; a blocked member must not be offered the post).
   */
  async #announceScreened(event: Extract<FeedEvent, { type: "post-created" }>, ask: { blocks: boolean; mutes: boolean }): Promise<void> {
    const listeners = this.listenersByMember();
    const members = [...listeners.keys()];
    const db = getDb(this.env.DB);
    let screened: Set<string>;
    try {
      const [blocked, muted] = await Promise.all([
        ask.blocks ? inBlockWithAmong(db, event.authorId, members) : [],
        ask.mutes ? mutedAmong(db, event.authorId, members) : [],
      ]);
      screened = new Set([...blocked, ...muted]);
    } catch (error) {
      console.error(`room ${this.name}: reading the blocks or mutes of a new post's author failed; the post is not announced`, error);
      return;
    }
    const told = new Set([...listeners].flatMap(([member, connections]) => (screened.has(member) ? [] : connections.map((connection) => connection.id))));
    const without = [...this.getConnections()].filter((connection) => !told.has(connection.id)).map((connection) => connection.id);
    this.broadcast(JSON.stringify(event), without);
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

  /**
   * A community's room, at its minute: the listeners who are no longer its members (rooms.ts admits
   * only members) are disconnected. `revoke` does that when they leave, but a socket whose handshake
   * was checked just before the leave and opened just after it was not there to be closed (decision
   * 070). A deleted community has no members left.
   */
  protected async closeOutsiders(db: Db, listeners: Map<string, Connection[]>): Promise<void> {
    const scope = feedScopeOf(this.name);
    if (scope?.kind !== "community" || listeners.size === 0) return;
    const found = await inParts(db, [...listeners.keys()], (part) =>
      db
        .select({ userId: communityMembers.userId })
        .from(communityMembers)
        .where(and(eq(communityMembers.communityId, scope.id), inArray(communityMembers.userId, part))),
    );
    const belong = new Set(found.map((row) => row.userId));
    for (const [member, connections] of listeners) {
      if (belong.has(member)) continue;
      for (const connection of connections) connection.close(ROOM_REVOKED_CODE, "No longer a member");
    }
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
