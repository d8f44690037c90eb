import { and, gt, inArray } from "drizzle-orm";
import { Server, type Connection, type ConnectionContext } from "partyserver";
import { inParts } from "../app/.server/db/chunks";
import { getDb, type Db } from "../app/.server/db/client";
import { sessions } from "../app/.server/db/schema";
import { ROOM_RENEWED_CODE, ROOM_SESSION_CHECK_MS, ROOM_SIGNED_OUT_CODE } from "../app/lib/constants";
import { ROOM_MEMBER_HEADER, ROOM_SESSION_HEADER } from "../app/lib/room-names";

const SESSION_TAG = "session:";

/**
 * A room's sockets live only as long as the sessions that opened them (docs/decisions/067). The Worker
 * checks the session once, when the socket opens; a member who signs out, resets their password or
 * whose session ends must not go on hearing their rooms (their messages, a private community's posts)
 * on a page left open, or on a socket opened with a stolen cookie. So each socket is tagged with its
 * member and its session, and a room with listeners checks their sessions in D1 once a minute (an
 * alarm), and at once when the app asks (a sign-out, on the member's own room).
 */
export class SessionBoundRoom extends Server<Env> {
  /** Every room hibernates between messages (decision 036); the rooms inherit this. */
  static options = { hibernate: true };

  /** Whether this room checks its sockets' sessions (a room that only says what anyone may see need not). */
  protected checksSessions(): boolean {
    return true;
  }

  /** Each socket is tagged with its member (for `revoke`) and its session (set by the Worker). */
  getConnectionTags(_connection: Connection, context: ConnectionContext): string[] {
    const member = context.request.headers.get(ROOM_MEMBER_HEADER);
    const session = context.request.headers.get(ROOM_SESSION_HEADER);
    return [...(member ? [member] : []), ...(session ? [`${SESSION_TAG}${session}`] : [])];
  }

  /** After a socket opens: the room checks its listeners' sessions from now on, while it has any. */
  async onConnect(): Promise<void> {
    if (!this.checksSessions()) return;
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + ROOM_SESSION_CHECK_MS);
  }

  /**
   * The minute's check, and again in a minute while sockets are left, whatever became of this one (a
   * failed read must not end the checks: Cloudflare gives up on an alarm that keeps failing).
   */
  async onAlarm(): Promise<void> {
    // An alarm set before this room stopped checking (an earlier build) ends here.
    if (!this.checksSessions()) return;
    try {
      await this.closeEndedSessions();
      await this.closeOutsiders(getDb(this.env.DB), this.listenersByMember());
    } catch (error) {
      // The next minute's check tries again; the runtime's own retries would only add to it.
      console.error(`room ${this.name}: checking its sockets' sessions failed`, error);
    }
    if (!this.getConnections()[Symbol.iterator]().next().done) await this.ctx.storage.setAlarm(Date.now() + ROOM_SESSION_CHECK_MS);
  }

  /**
   * The minute's second check, for a room whose listeners must also still belong (a community's):
   * closes the sockets of members who no longer do. None here.
   */
  protected async closeOutsiders(_db: Db, _listeners: Map<string, Connection[]>): Promise<void> {}

  /** The open sockets by their member (the tag the Worker set that is neither the socket's id nor its session's). */
  protected listenersByMember(): Map<string, Connection[]> {
    return this.socketsBy((connection) => connection.tags.find((tag) => tag !== connection.id && !tag.startsWith(SESSION_TAG)));
  }

  /** The open sockets grouped by what `key` reads from each (those it reads nothing from are left out). */
  private socketsBy(key: (connection: Connection) => string | undefined): Map<string, Connection[]> {
    const groups = new Map<string, Connection[]>();
    for (const connection of this.getConnections()) {
      const found = key(connection);
      if (found === undefined) continue;
      const same = groups.get(found);
      if (same) same.push(connection);
      else groups.set(found, [connection]);
    }
    return groups;
  }

  /**
   * Closes every socket whose session no longer exists (or has expired), with the code that makes its
   * page reload to sign-in; those of the session `renewed` (replaced in the same browser: decision 083)
   * with the code that has them connect again, with that browser's new cookie.
   */
  async closeEndedSessions(now = Date.now(), renewed?: string): Promise<void> {
    const bySession = this.socketsBy((connection) => connection.tags.find((tag) => tag.startsWith(SESSION_TAG))?.slice(SESSION_TAG.length));
    if (bySession.size === 0) return;
    const db = getDb(this.env.DB);
    const found = await inParts(db, [...bySession.keys()], (part) =>
      db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, part), gt(sessions.expiresAt, new Date(now)))),
    );
    const live = new Set(found.map((row) => row.id));
    for (const [id, connections] of bySession) {
      if (live.has(id)) continue;
      for (const connection of connections) {
        if (id === renewed) connection.close(ROOM_RENEWED_CODE, "Session renewed");
        else connection.close(ROOM_SIGNED_OUT_CODE, "Signed out");
      }
    }
  }
}
