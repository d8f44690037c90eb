import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import * as build from "remix-build";
import { readSessionToken, SESSION_COOKIE } from "../app/.server/auth/session";
import { createLoadContext, refuseLocalConfigBeyondLocalhost } from "../app/.server/context";
import { edgeCacheKeyOf, serveFromEdgeCache, withoutMark, type EdgeCacheKey } from "../app/.server/edge-cache";
import { readConfig } from "../app/.server/env";
import { badRequest, isCrossOriginMutation, isLocalhost, readForm, readTextUpTo, refuseUnacceptedRequest, withLiteralBackslashes, withSecurityHeaders } from "../app/.server/http";
import { isFiveMinuteSlot, runScheduledMaintenance } from "../app/.server/maintenance";
import { authorizeConnection, namesAParty, refuseRoomRequest, ROOMS_PREFIX } from "../app/.server/rooms";
import { getDb } from "../app/.server/db/client";
import { logWithoutQueryValues } from "../app/.server/log";
import { handleStripeWebhook } from "../app/.server/stripe";
import { purgeProfilesOfMembers } from "../app/.server/profile-changes";
import { isOneClickUnsubscribe, unsubscribeByLink } from "../app/.server/unsubscribe";
import { STRIPE_WEBHOOK_MAX_BYTES } from "../app/lib/constants";
import { RATE_MESSAGES } from "../app/lib/texts/rate";
import { UNSUBSCRIBE_TEXTS } from "../app/lib/texts/notification";

export { ConversationRoom } from "../party/conversation-room";
export { FeedRoom } from "../party/feed-room";
export { MemberRoom } from "../party/member-room";
export { RateLimiter } from "./rate-limiter";

// A failed statement's bound values (an e-mail address, a message's words) never reach the logs (decision 082).
logWithoutQueryValues();

const handleRemixRequest = createRequestHandler(build);

/** Stripe's webhook (docs/decisions/037): JSON signed by Stripe, read raw, before any form rule. */
const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";

async function stripeWebhook(request: Request, env: Env): Promise<Response> {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  try {
    // Counted as it arrives when no Content-Length says its size: an unsigned body is never held whole.
    const payload = await readTextUpTo(request, STRIPE_WEBHOOK_MAX_BYTES);
    if (payload === null) return Response.json({ error: "too large" }, { status: 413 });
    const db = getDb(env.DB);
    const config = readConfig(env);
    refuseLocalConfigBeyondLocalhost(config, request);
    const answer = await handleStripeWebhook(db, config, payload, request.headers.get("Stripe-Signature"));
    // A badge given or taken shows on the member's public profile (docs/decisions/028).
    await purgeProfilesOfMembers(db, [new URL(request.url).origin, config.origin], answer.badgesChanged ?? []);
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    // Stripe retries an event that was not acknowledged: nothing applied is applied twice.
    console.error("The Stripe webhook failed:", error);
    return Response.json({ error: "failed" }, { status: 500 });
  }
}

/**
 * RFC 8058's one-click unsubscribe (decision 085): the mail provider POSTs `List-Unsubscribe=One-Click`
 * to a digest's link from its own servers, with no Origin of Murmur's (or another site's), so it would
 * fail the same-origin rule every other POST must pass (403 here, and Remix's own check throws on a
 * foreign Origin). This one path and that exact body are the exception, answered here before Remix:
 * it needs no session, acts only on a link signed for the member, and can only turn that member's
 * digest off. Any other cross-origin POST to it is refused as everywhere. The page's own button is a
 * same-origin form and goes through Remix like every other.
 */
const UNSUBSCRIBE_PATH = "/unsubscribe";

async function oneClickUnsubscribe(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const context = createLoadContext(request, env, ctx);
  const answer = async (): Promise<Response> => {
    // A form of a form's size (readForm throws its 400 or 413), of exactly the one-click field.
    const form = await readForm(request);
    if (!isOneClickUnsubscribe(form)) return badRequest("Forbidden: cross-origin request", 403);
    const outcome = await unsubscribeByLink(context, new URL(request.url).searchParams.get("t") ?? "");
    if (outcome.status === 400) return badRequest(UNSUBSCRIBE_TEXTS.invalid);
    if (outcome.status === 429) return badRequest(RATE_MESSAGES.tooOften(outcome.retryAfterSeconds), 429, { "Retry-After": String(outcome.retryAfterSeconds) });
    return new Response(UNSUBSCRIBE_TEXTS.done, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  };
  const response = await answer().catch((error: unknown) => {
    if (error instanceof Response) return error;
    // The provider may send it again; nothing was half done (one write).
    console.error("A one-click unsubscribe failed:", error);
    return badRequest(UNSUBSCRIBE_TEXTS.failed, 500);
  });
  return withSecurityHeaders(response, context.cspNonce, request);
}

/**
 * Locally, a request carrying this header gets the whole server time (loaders and rendering, until
 * the last byte), the D1 wait and the rendering to a string in Server-Timing: the benchmark's measure.
 */
const SERVER_TIMING_HEADER = "X-Measure-Server-Time";
/** With it too, a GET's D1 reads are made again after the answer and timed alone (Server-Timing floor). */
const FLOOR_HEADER = "X-Measure-D1-Floor";
/** With it too, a visitor's public page is answered as a miss (looked up, rendered, stored): the benchmark's cold row. */
const MEASURE_MISS_HEADER = "X-Measure-Cache-Miss";

async function timed(response: Response, started: number, context: AppLoadContext, withFloor: boolean): Promise<Response> {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  const total = (performance.now() - started).toFixed(2);
  const timing = [`total;dur=${total}`, `d1;dur=${context.d1.waited.toFixed(2)}`, `render;dur=${context.renderMs.toFixed(2)}`];
  // The floor: the same D1 round trips again, one after another with nothing around them.
  const floor = withFloor ? await context.d1.floor() : null;
  if (floor !== null) timing.push(`floor;dur=${floor.toFixed(2)}`);
  headers.set("Server-Timing", timing.join(", "));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The worker's own answer: Remix behind the checks every request passes, with the security headers,
 * a renewed or dropped session cookie, and locally the D1 counts and (when asked) Server-Timing.
 */
async function render(request: Request, env: Env, ctx: ExecutionContext, started: number): Promise<Response> {
  const context = createLoadContext(request, env, ctx);
  const withSession = readSessionToken(request) !== null;
  const refused = refuseUnacceptedRequest(request, { withSession });
  if (refused) return withSecurityHeaders(refused, context.cspNonce, request);
  const response = withSecurityHeaders(await handleRemixRequest(request, context), context.cspNonce, request);
  // What a session's request is answered is that member's: no shared cache keeps it (unless the route
  // said). Its pages are kept by no cache at all, so Back after signing out on a shared computer asks
  // the server again and finds no session; its data (`.data`) may be kept to be asked again, so a link's
  // prefetch on hover serves the click that follows (decision 070).
  if (withSession && !response.headers.has("Cache-Control")) {
    const page = response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
    response.headers.set("Cache-Control", page ? "private, no-store" : "private, no-cache");
  }
  // Validation renewed or dropped the session: refresh the cookie unless the route set its own.
  const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (context.sessionCookieUpdate && !setsSession) response.headers.append("Set-Cookie", context.sessionCookieUpdate);
  if (!context.config.isLocal) return response;
  response.headers.set("X-D1-Calls", String(context.d1.calls));
  response.headers.set("X-D1-Depth", String(context.d1.depth));
  response.headers.set("X-D1-Bound-Limits", String(context.d1.boundLimits));
  if (!request.headers.has(SERVER_TIMING_HEADER)) return response;
  return timed(response, started, context, request.method === "GET" && request.headers.has(FLOOR_HEADER));
}

/**
 * A visitor's public page (docs/decisions/028): from the edge cache when it has it. A page served from
 * there carries the same headers as a rendered one (with a nonce of its own), locally 0 D1 calls and,
 * when asked, its Server-Timing.
 */
function serveVisitorPage(request: Request, env: Env, ctx: ExecutionContext, started: number, key: EdgeCacheKey): Promise<Response> {
  const { isLocal } = readConfig(env);
  return serveFromEdgeCache(request, ctx, key, {
    render: (page) => render(page, env, ctx, page === request ? started : performance.now()),
    dress(response, nonce) {
      const dressed = withSecurityHeaders(response, nonce, request);
      if (!isLocal) return dressed;
      dressed.headers.set("X-D1-Calls", "0");
      dressed.headers.set("X-D1-Depth", "0");
      dressed.headers.set("X-D1-Bound-Limits", "0");
      if (request.headers.has(SERVER_TIMING_HEADER)) {
        dressed.headers.set("Server-Timing", `total;dur=${(performance.now() - started).toFixed(2)}, d1;dur=0.00, render;dur=0.00`);
      }
      return dressed;
    },
    build: build.assets.version,
    // The benchmark's cold row: the whole way of a miss, as right after a purge.
    forceMiss: isLocal && request.headers.has(MEASURE_MISS_HEADER),
  });
}

/**
 * A file's name at the root that is not one of ours (/favicon.ico, /apple-touch-icon.png, /sitemap.xml,
 * /wp-login.php): browsers and crawlers ask for such files on their own. Ours are served before the
 * worker (public/), and no page's address ends so (a profile's starts with "@"; a page's data ends
 * in .data: /explore.data, /_root.data).
 */
const NAMES_A_FILE = /^\/[^/@]*\.(?:ico|png|jpe?g|gif|svg|webp|avif|xml|txt|json|webmanifest|js|css|map|php|aspx?|cgi|env|ini|ya?ml|bak|sql|zip|gz)$/i;

/** A plain 404 for such a file, before any session is read: not a sign-in page, nor a whole page of ours. */
function fileNotFound(): Response {
  return badRequest("Not Found", 404, { "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" });
}

/**
 * A request over plain http beyond this machine (a custom domain without Cloudflare's "Always Use HTTPS"):
 * a page is sent to its https address, and anything sent (a password, a post) is refused, so no form
 * works in the clear and the Secure session cookie is never silently dropped (decision 124).
 */
function insecureRequestAnswer(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.protocol !== "http:" || isLocalhost(request)) return null;
  if (request.method === "GET" || request.method === "HEAD") {
    url.protocol = "https:";
    // https on its own port: a plain-http port (8080) says nothing of it.
    url.port = "";
    return new Response(null, { status: 308, headers: { Location: url.toString(), "Cache-Control": "no-store" } });
  }
  return badRequest("Use https:// to reach this site.", 403);
}

export default {
  async fetch(received, env, ctx) {
    const started = performance.now();
    const request = withLiteralBackslashes(received);
    const insecure = insecureRequestAnswer(request);
    if (insecure) return insecure;
    const { pathname } = new URL(request.url);
    if (pathname === STRIPE_WEBHOOK_PATH) return stripeWebhook(request, env);
    if (pathname === UNSUBSCRIBE_PATH && isCrossOriginMutation(request) && request.method === "POST") return oneClickUnsubscribe(request, env, ctx);
    // Realtime rooms first (/parties/…): each connection authorized for its room.
    if (pathname.startsWith(ROOMS_PREFIX)) {
      if (!namesAParty(pathname)) return refuseRoomRequest();
      // A handshake's answer cannot renew the session cookie, so it does not renew the session.
      const context = createLoadContext(request, env, ctx, { renewsSession: false });
      const room = await routePartykitRequest(request, env, {
        onBeforeConnect: (req, lobby) => authorizeConnection(req, lobby, context),
        onBeforeRequest: refuseRoomRequest,
      });
      return room ?? refuseRoomRequest();
    }
    if (NAMES_A_FILE.test(pathname)) return fileNotFound();
    const key = edgeCacheKeyOf(request);
    if (key) return serveVisitorPage(request, env, ctx, started, key);
    return withoutMark(await render(request, env, ctx, started));
  },

  // The cron's own time: every minute subscriptions end or renew, due notification digests go out and the search indexes take a step of their merging; every 5 minutes' trends are counted as of their slot (wrangler.toml).
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledMaintenance(env, controller.scheduledTime, { all: isFiveMinuteSlot(controller.scheduledTime) }));
  },
} satisfies ExportedHandler<Env>;
