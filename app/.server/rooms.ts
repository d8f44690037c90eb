import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * Who may listen in a room: a signed-in member, from a page of this site (a WebSocket handshake
 * carries its Origin; cookies alone would not stop another site's page).
 */
export async function authorizeRoom(request: Request, context: AppLoadContext): Promise<Response | void> {
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return new Response("Forbidden", { status: 403 });
  const { user } = await context.getSession();
  if (!user) return new Response("Unauthorized", { status: 401 });
}
