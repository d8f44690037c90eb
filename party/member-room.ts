import { Server } from "partyserver";
import { MemberEventSchema, type MemberEvent } from "../app/lib/realtime";

/**
 * One member's room, `member-room/{userId}` (docs/decisions/036): only that member's pages connect,
 * one socket a page. The app tells it of notifications that came or went and of changes to the
 * member's conversations, with the counts the navigation badges show, already read from D1.
 */
export class MemberRoom extends Server<Env> {
  static options = { hibernate: true };

  /** Called by the app (RPC through the Durable Object stub). */
  async publish(event: MemberEvent): Promise<void> {
    this.broadcast(JSON.stringify(MemberEventSchema.parse(event)));
  }

  /** Listening only: what a page sends is ignored. */
  onMessage() {}
}
