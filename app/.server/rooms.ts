import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Lobby } from "partyserver";
import { FEED_ROOMS } from "~/lib/realtime";
import type { SessionUser } from "~/lib/types/member";

/**
 * Who may connect to which room (DESIGN.md §6). Every connection names a party (a room kind) and a
 * room; each kind has its own rule, and anything else is refused before a Durable Object is made for
 * it, so nobody can make the Worker create rooms by inventing names.
 */
type RoomRule = (name: string, member: SessionUser) => boolean;

const RULES: Partial<Record<keyof Env, RoomRule>> = {
  // The feed rooms that exist; any signed-in member may listen.
  FeedRoom: (name) => FEED_ROOMS.includes(name),
};

const refusal = (status: number, text: string) => new Response(text, { status, headers: { "Cache-Control": "no-store" } });

/** A WebSocket to a room: a signed-in member, from a page of this site, to a room its rule allows. */
export async function authorizeConnection(request: Request, lobby: Lobby<Env>, context: AppLoadContext): Promise<Response | void> {
  const rule = RULES[lobby.className];
  if (!rule) return refusal(404, "Not Found");
  // A handshake carries its page's Origin; cookies alone would not stop another site's page.
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return refusal(403, "Forbidden");
  const { user } = await context.getSession();
  if (!user) return refusal(401, "Unauthorized");
  if (!rule(lobby.name, user)) return refusal(404, "Not Found");
}

/** Rooms only speak WebSocket; the app publishes to them by RPC, never by HTTP. */
export function refuseRoomRequest(): Response {
  return refusal(404, "Not Found");
}
