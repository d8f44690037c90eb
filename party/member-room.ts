import { Server, type ConnectionContext } from "partyserver";
import { getDb } from "../app/.server/db/client";
import { memberBadges } from "../app/.server/messages";
import { MemberSignalSchema, type MemberEvent, type MemberSignal } from "../app/lib/realtime";
import { checkSessionsOnAlarm, closeEndedSessions, connectionTags, watchSessions } from "./sessions";

/**
 * One member's room, `member-room/{userId}` (docs/decisions/036): only that member's pages connect,
 * one socket a page. The app tells it that the member's notifications or conversations changed; while
 * a page listens, the room reads the counts the navigation badges show from D1 (the source of truth)
 * and tells every page. With no page open it reads nothing.
 */
export class MemberRoom extends Server<Env> {
  static options = { hibernate: true };

  /** Called by the app (RPC through the Durable Object stub). */
  async publish(signal: MemberSignal): Promise<void> {
    const checked = MemberSignalSchema.parse(signal);
    if (this.getConnections()[Symbol.iterator]().next().done) return;
    const badges = await memberBadges(getDb(this.env.DB), this.name);
    // When the counts were read: a page keeps whichever of these and its own data is newer.
    const at = Date.now();
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
    await closeEndedSessions(this.getConnections(), getDb(this.env.DB));
  }

  getConnectionTags(_connection: unknown, context: ConnectionContext): string[] {
    return connectionTags(context);
  }

  async onConnect(): Promise<void> {
    await watchSessions(this.ctx.storage);
  }

  async onAlarm(): Promise<void> {
    await checkSessionsOnAlarm(this.getConnections(), getDb(this.env.DB), this.ctx.storage);
  }

  /** Listening only: what a page sends is ignored. */
  onMessage() {}
}
