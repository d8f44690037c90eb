import { getDb } from "../app/.server/db/client";
import { MEMBER_BADGES_EVERY_MS } from "../app/lib/constants";
import { memberBadges } from "../app/.server/messages";
import { MemberSignalSchema, type MemberEvent, type MemberSignal } from "../app/lib/realtime";
import { SessionBoundRoom } from "./sessions";

/**
 * One member's room, `member-room/{userId}` (docs/decisions/036): only that member's pages connect,
 * one socket a page. The app tells it that the member's notifications or conversations changed; while
 * a page listens, the room reads the counts the navigation badges show from D1 (the source of truth)
 * and tells every page, at most once a MEMBER_BADGES_EVERY_MS after the first. With no page open it
 * reads nothing.
 */
export class MemberRoom extends SessionBoundRoom {
  /** What changed since the counts were last sent: the notifications, and the inbox (its last conversation). */
  #pending: { notifications: boolean; inbox: string | null } = { notifications: false, inbox: null };
  /** Set for MEMBER_BADGES_EVERY_MS after the counts are read: what changes meanwhile is sent at its end. */
  #cooling: ReturnType<typeof setTimeout> | undefined;

  /**
   * Called by the app (RPC through the Durable Object stub). The first change is read and sent at once;
   * a burst of them (likes pouring in on a member's post) is read and sent once more at the end of
   * MEMBER_BADGES_EVERY_MS, not once each (decision 072).
   */
  async publish(signal: MemberSignal): Promise<void> {
    const checked = MemberSignalSchema.parse(signal);
    if (this.getConnections()[Symbol.iterator]().next().done) return;
    if (checked.type === "notifications-changed") this.#pending.notifications = true;
    else this.#pending.inbox = checked.conversationId;
    if (this.#cooling === undefined) await this.#sendBadges();
  }

  async #sendBadges(): Promise<void> {
    const { notifications, inbox } = this.#pending;
    this.#pending = { notifications: false, inbox: null };
    // Nothing changed, or no page is left to tell: the window closes, and the next change is sent at once.
    if ((!notifications && inbox === null) || this.getConnections()[Symbol.iterator]().next().done) return;
    this.#cooling = setTimeout(() => {
      this.#cooling = undefined;
      this.#sendBadges().catch((error: unknown) => console.error(`member room ${this.name}: sending the badges failed`, error));
    }, MEMBER_BADGES_EVERY_MS);
    // When the counts began to be read, as a page's are stamped: a page keeps the newer. A read that
    // fails sends nothing (as before the window): the pages' next change, or their next page, reads again.
    const at = Date.now();
    const badges = await memberBadges(getDb(this.env.DB), this.name);
    const events: MemberEvent[] = [
      ...(notifications ? [{ type: "notifications" as const, unread: badges.notifications, at }] : []),
      ...(inbox !== null ? [{ type: "inbox" as const, unread: badges.messages, conversationId: inbox, at }] : []),
    ];
    for (const event of events) this.broadcast(JSON.stringify(event));
  }

  /**
   * Called by the app when a session of the member ended (a sign-out, a password reset): the pages
   * whose session it was are closed at once (party/sessions.ts); those of a session `renewed` in its
   * browser (a password change) are told to connect again.
   */
  async checkSessions(renewed?: string): Promise<void> {
    await this.closeEndedSessions(Date.now(), renewed);
  }

  /** Listening only: what a page sends is ignored. */
  onMessage() {}
}
