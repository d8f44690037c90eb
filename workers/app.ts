import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "remix-build";
import { createLoadContext } from "../app/.server/context";
import { isCrossOriginMutation, withSecurityHeaders } from "../app/.server/http";
import { runScheduledMaintenance } from "../app/.server/maintenance";
import { SESSION_COOKIE } from "../app/.server/auth/session";

const handleRemixRequest = createRequestHandler(build);

export default {
  async fetch(request, env, ctx) {
    const context = createLoadContext(request, env, ctx);
    if (isCrossOriginMutation(request)) {
      return withSecurityHeaders(new Response("Forbidden: cross-origin request", { status: 403 }), context.cspNonce);
    }
    const response = withSecurityHeaders(await handleRemixRequest(request, context), context.cspNonce);
    // Validation renewed or dropped the session: refresh the cookie unless the route set its own.
    const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    if (context.sessionCookieUpdate && !setsSession) response.headers.append("Set-Cookie", context.sessionCookieUpdate);
    if (context.config.isLocal) response.headers.set("X-D1-Calls", String(context.d1.calls));
    return response;
  },

  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledMaintenance(env));
  },
} satisfies ExportedHandler<Env>;
