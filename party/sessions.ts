import { and, gt, inArray } from "drizzle-orm";
import type { Connection, ConnectionContext } from "partyserver";
import type { Db } from "../app/.server/db/client";
import { sessions } from "../app/.server/db/schema";
import { D1_MAX_BOUND_PARAMETERS, ROOM_SESSION_CHECK_MS, ROOM_SIGNED_OUT_CODE } from "../app/lib/constants";
import { ROOM_MEMBER_HEADER, ROOM_SESSION_HEADER } from "../app/lib/room-names";

/**
 * A room's sockets live only as long as the sessions that opened them (docs/decisions/067). The Worker
 * checks the session once, when the socket opens; a member who signs out, resets their password or
 * whose session ends must not go on hearing their rooms (their messages, a private community's posts)
 * on a page left open, or on a socket opened with a stolen cookie. So each socket is tagged with its
 * member and its session, and a room with listeners checks their sessions in D1 once a minute (an
 * alarm), and at once when the app asks (a sign-out, on the member's own room).
 */

const SESSION_TAG = "session:";

/** The tags of a socket the Worker let in: its member (for `revoke`) and its session. */
export function connectionTags(context: ConnectionContext): string[] {
  const member = context.request.headers.get(ROOM_MEMBER_HEADER);
  const session = context.request.headers.get(ROOM_SESSION_HEADER);
  return [...(member ? [member] : []), ...(session ? [`${SESSION_TAG}${session}`] : [])];
}

/** After a socket opens: the room checks its listeners' sessions from now on, while it has any. */
export async function watchSessions(storage: DurableObjectStorage): Promise<void> {
  if ((await storage.getAlarm()) === null) await storage.setAlarm(Date.now() + ROOM_SESSION_CHECK_MS);
}

/**
 * Closes every socket whose session no longer exists (or has expired), with the code that makes the
 * page reload, and so go to sign-in. Returns whether sockets are left to watch.
 */
export async function closeEndedSessions(connections: Iterable<Connection>, db: Db, now = Date.now()): Promise<boolean> {
  const bySession = new Map<string, Connection[]>();
  for (const connection of connections) {
    const tag = connection.tags.find((each) => each.startsWith(SESSION_TAG));
    if (!tag) continue;
    const id = tag.slice(SESSION_TAG.length);
    bySession.set(id, [...(bySession.get(id) ?? []), connection]);
  }
  if (bySession.size === 0) return false;
  const ids = [...bySession.keys()];
  const kept = new Set<string>();
  for (let start = 0; start < ids.length; start += D1_MAX_BOUND_PARAMETERS - 1) {
    const some = ids.slice(start, start + D1_MAX_BOUND_PARAMETERS - 1);
    const live = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, some), gt(sessions.expiresAt, new Date(now))));
    for (const row of live) kept.add(row.id);
  }
  let left = false;
  for (const [id, connections] of bySession) {
    if (kept.has(id)) {
      left = true;
      continue;
    }
    for (const connection of connections) connection.close(ROOM_SIGNED_OUT_CODE, "Signed out");
  }
  return left;
}

/** The alarm: check, and again in a minute while sockets are left. */
export async function checkSessionsOnAlarm(connections: Iterable<Connection>, db: Db, storage: DurableObjectStorage): Promise<void> {
  if (await closeEndedSessions(connections, db)) await storage.setAlarm(Date.now() + ROOM_SESSION_CHECK_MS);
}
