import { getDb } from "../app/.server/db/client";
import { memberBadges } from "../app/.server/messages";
import { MemberSignalSchema, type MemberEvent, type MemberSignal } from "../app/lib/realtime";
import { SessionBoundRoom } from "./sessions";

/**
 * One member's room, `member-room/{userId}` (docs/decisions/036): only that member's pages connect,
 * one socket a page. The app tells it that the member's notifications or conversations changed; while
 * a page listens, the room reads the counts the navigation badges show from D1 (the source of truth)
 * and tells every page. With no page open it reads nothing.
 */
export class MemberRoom extends SessionBoundRoom {
  /** Called by the app (RPC through the Durable Object stub). */
  async publish(signal: MemberSignal): Promise<void> {
    const checked = MemberSignalSchema.parse(signal);
    if (this.getConnections()[Symbol.iterator]().next().done) return;
    // When the counts began to be read, as a page's are stamped: a page keeps the newer.
    const at = Date.now();
    const badges = await memberBadges(getDb(this.env.DB), this.name);
    const event: MemberEvent =
      checked.type === "notifications-changed"
        ? { type: "notifications", unread: badges.notifications, at }
        : { type: "inbox", unread: badges.messages, conversationId: checked.conversationId, at };
    this.broadcast(JSON.stringify(event));
  }

  /**
   * Called by the app when a session of the member ended (a sign-out, a password reset): the pages
   * whose session it was are closed at once (party/sessions.ts).
   */
  async checkSessions(): Promise<void> {
    await this.closeEndedSessions();
  }

  /** Listening only: what a page sends is ignored. */
  onMessage() {}
}
