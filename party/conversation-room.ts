import type { Connection } from "partyserver";
import { getDb } from "../app/.server/db/client";
import { messagesSince } from "../app/.server/messages";
import { ROOM_POLICY_CODE, ROOM_RESYNCS_PER_MINUTE, TIME } from "../app/lib/constants";
import { ConversationEventSchema, parsePageMessage, type ConversationEvent } from "../app/lib/realtime";
import { SessionBoundRoom } from "./sessions";

/**
 * One conversation's room, `conversation-room/{conversationId}` (docs/decisions/036): only its two
 * participants connect (checked before the socket opens). The app writes a message to D1 first, then
 * publishes it here; a page that (re)connects asks for what it missed after its last message and gets
 * it from D1, once and in order, so a message published while it was away is never lost or doubled.
 */
export class ConversationRoom extends SessionBoundRoom {
  /** Called by the app (RPC through the Durable Object stub). */
  async publish(event: ConversationEvent): Promise<void> {
    this.broadcast(JSON.stringify(ConversationEventSchema.parse(event)));
  }

  /** Each socket's resyncs: whether one is being answered, and how many this minute (in memory: a room woken afresh starts over). */
  #asked = new Map<string, { busy: boolean; since: number; count: number }>();

  async onMessage(connection: Connection, message: unknown) {
    const said = parsePageMessage(message);
    if (said?.type !== "resync") return;
    // Each resync is a D1 read: a socket that floods the room with them is closed, not answered.
    const now = Date.now();
    const asked = this.#asked.get(connection.id);
    const fresh = !asked || now - asked.since >= TIME.MINUTE;
    const own = fresh ? { busy: false, since: now, count: 0 } : asked;
    if (own.busy || own.count >= ROOM_RESYNCS_PER_MINUTE) {
      this.#asked.delete(connection.id);
      connection.close(ROOM_POLICY_CODE, "Too many requests");
      return;
    }
    own.busy = true;
    own.count += 1;
    this.#asked.set(connection.id, own);
    try {
      const missed = await messagesSince(getDb(this.env.DB), this.name, said.after);
      const event: ConversationEvent = { type: "messages", messages: missed };
      // A page that left meanwhile asks again when it comes back.
      if (connection.readyState === WebSocket.OPEN) connection.send(JSON.stringify(event));
    } catch (error) {
      // The page keeps what it has; its next reconnect or reload asks again.
      console.error(`conversation room: resync of ${this.name} failed`, error);
    } finally {
      own.busy = false;
    }
  }

  onClose(connection: Connection) {
    this.#asked.delete(connection.id);
  }
}
