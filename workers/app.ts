import { createRequestHandler } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import * as build from "remix-build";
import { SESSION_COOKIE } from "../app/.server/auth/session";
import { createLoadContext } from "../app/.server/context";
import { refuseUnacceptedRequest, withSecurityHeaders } from "../app/.server/http";
import { runScheduledMaintenance } from "../app/.server/maintenance";
import { authorizeConnection, refuseRoomRequest } from "../app/.server/rooms";

export { FeedRoom } from "../party/feed-room";
export { RateLimiter } from "./rate-limiter";

const handleRemixRequest = createRequestHandler(build);

/** Where partyserver (and partysocket's default prefix) puts the realtime rooms. */
const ROOMS_PREFIX = "/parties/";

/**
 * Locally, a request carrying this header gets the whole server time (loaders and rendering, until
 * the last byte), the D1 wait and the rendering to a string in Server-Timing: the benchmark's measure.
 */
const SERVER_TIMING_HEADER = "X-Measure-Server-Time";

async function timed(response: Response, started: number, context: { d1: { waited: number }; renderMs: number }): Promise<Response> {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  const total = (performance.now() - started).toFixed(2);
  headers.set("Server-Timing", `total;dur=${total}, d1;dur=${context.d1.waited.toFixed(2)}, render;dur=${context.renderMs.toFixed(2)}`);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

export default {
  async fetch(request, env, ctx) {
    const started = performance.now();
    const context = createLoadContext(request, env, ctx);
    // Realtime rooms first (/parties/…): each connection authorized for its room.
    if (new URL(request.url).pathname.startsWith(ROOMS_PREFIX)) {
      const room = await routePartykitRequest(request, env, {
        onBeforeConnect: (req, lobby) => authorizeConnection(req, lobby, context),
        onBeforeRequest: refuseRoomRequest,
      });
      return room ?? refuseRoomRequest();
    }
    const refused = refuseUnacceptedRequest(request);
    if (refused) return withSecurityHeaders(refused, context.cspNonce, request);
    const response = withSecurityHeaders(await handleRemixRequest(request, context), context.cspNonce, request);
    // Validation renewed or dropped the session: refresh the cookie unless the route set its own.
    const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    if (context.sessionCookieUpdate && !setsSession) response.headers.append("Set-Cookie", context.sessionCookieUpdate);
    if (!context.config.isLocal) return response;
    response.headers.set("X-D1-Calls", String(context.d1.calls));
    response.headers.set("X-D1-Depth", String(context.d1.depth));
    return request.headers.has(SERVER_TIMING_HEADER) ? timed(response, started, context) : response;
  },

  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledMaintenance(env));
  },
} satisfies ExportedHandler<Env>;
