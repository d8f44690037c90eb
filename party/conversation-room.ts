import type { Connection } from "partyserver";
import { getDb } from "../app/.server/db/client";
import { messagesSince } from "../app/.server/messages";
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

  async onMessage(connection: Connection, message: unknown) {
    const said = parsePageMessage(message);
    if (said?.type !== "resync") return;
    try {
      const missed = await messagesSince(getDb(this.env.DB), this.name, said.after);
      const event: ConversationEvent = { type: "messages", messages: missed };
      // A page that left meanwhile asks again when it comes back.
      if (connection.readyState === WebSocket.OPEN) connection.send(JSON.stringify(event));
    } catch (error) {
      // The page keeps what it has; its next reconnect or reload asks again.
      console.error(`conversation room: resync of ${this.name} failed`, error);
    }
  }
}
