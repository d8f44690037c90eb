import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { Lobby } from "partyserver";
import { CONVERSATION_PARTY, FEED_PARTY, feedScopeOf, isRoomId, MEMBER_PARTY, ROOM_MEMBER_HEADER, ROOM_SESSION_HEADER } from "~/lib/room-names";
import type { SessionUser } from "~/lib/types/member";
import { canPostIn } from "./communities";
import type { Db } from "./db/client";
import { users } from "./db/schema";
import { isParticipant } from "./messages";

/**
 * Who may connect to which room (DESIGN.md §6, docs/decisions/022 and 036). Every connection names a
 * party (a room kind) and a room; each kind has its own rule, and anything else is refused before a
 * Durable Object is made for it, so nobody can make the Worker create rooms by inventing names.
 */
type RoomRule = (name: string, member: SessionUser, db: Db) => boolean | Promise<boolean>;

const RULES: Partial<Record<keyof Env, RoomRule>> = {
  // A public feed shard: any member. A community's room: its members only (a private community's
  // posts must not reach anyone else). A profile's room: any member, for a member who exists.
  FeedRoom: async (name, member, db) => {
    const scope = feedScopeOf(name);
    if (!scope) return false;
    if (scope.kind === "public") return true;
    if (scope.kind === "community") return (await canPostIn(db, member.id, scope.id)) !== null;
    return (await db.select({ id: users.id }).from(users).where(eq(users.id, scope.id)).get()) !== undefined;
  },
  // A conversation's two participants.
  ConversationRoom: (name, member, db) => isRoomId(name) && isParticipant(db, member.id, name),
  // Each member's own room, for that member alone.
  MemberRoom: (name, member) => name === member.id,
};

/** Where partyserver (and partysocket's default prefix) puts the realtime rooms. */
export const ROOMS_PREFIX = "/parties/";

const PARTIES = new Set([FEED_PARTY, CONVERSATION_PARTY, MEMBER_PARTY]);

/**
 * Whether a path under ROOMS_PREFIX names one of Murmur's parties. partyserver finds a party by its
 * name on a plain object, where '__proto__' or 'constructor' is found too (and failed as a 500).
 */
export function namesAParty(pathname: string): boolean {
  return PARTIES.has(pathname.slice(ROOMS_PREFIX.length).split("/", 1)[0]!);
}

const refusal = (status: number, text: string) => new Response(text, { status, headers: { "Cache-Control": "no-store" } });

/**
 * A WebSocket to a room: a signed-in member, from a page of this site, to a room its rule allows. The
 * room gets the request with whose connection it is and its session (ROOM_MEMBER_HEADER and
 * ROOM_SESSION_HEADER, set here whatever the page sent), so it can close that member's connections
 * when they may no longer listen, and those of a session that has ended (party/sessions.ts).
 */
export async function authorizeConnection(request: Request, lobby: Lobby<Env>, context: AppLoadContext): Promise<Response | Request> {
  const rule = RULES[lobby.className];
  if (!rule) return refusal(404, "Not Found");
  // A handshake carries its page's Origin; cookies alone would not stop another site's page.
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return refusal(403, "Forbidden");
  const { user, session } = await context.getSession();
  if (!user || !session) return refusal(401, "Unauthorized");
  if (!(await rule(lobby.name, user, context.db))) return refusal(404, "Not Found");
  const admitted = new Request(request);
  admitted.headers.set(ROOM_MEMBER_HEADER, user.id);
  admitted.headers.set(ROOM_SESSION_HEADER, session.id);
  return admitted;
}

/** Rooms only speak WebSocket; the app publishes to them by RPC, never by HTTP. */
export function refuseRoomRequest(): Response {
  return refusal(404, "Not Found");
}
