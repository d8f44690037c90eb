import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  clearedSessionCookie,
  hashToken,
  readSessionToken,
  sessionCookie,
  sessionRead,
  settleSession,
  type SessionValidation,
} from "./auth/session";
import { getDb, type Db } from "./db/client";
import { runReads } from "./db/reads";
import { Meter, meterDatabase } from "./db/metered";
import { readConfig, type AppConfig } from "./env";
import { createNonce, isInsecureLocalhost, isLocalhost } from "./http";
import { TrustedDevices } from "./auth/devices";
import { shellReads, toShell, type ShellData } from "./shell";
import { Toasts } from "./toast";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext; cf: Request["cf"] };
    db: Db;
    config: AppConfig;
    cspNonce: string;
    /** The session of this request, validated once however many loaders ask. */
    getSession(): Promise<SessionValidation>;
    /** What the signed-in shell shows (null for a visitor), read in the session's own round trip. */
    getShell(): Promise<ShellData | null>;
    /** D1 round trips made for this request so far. */
    d1: Meter;
    /** Milliseconds spent rendering the page to a string (for the benchmark's Server-Timing). */
    renderMs: number;
    /** A Set-Cookie the worker adds to the response when validation renewed or dropped the session. */
    sessionCookieUpdate: string | null;
    /** The flash toasts of this request (signed, Secure like the session cookie). */
    toasts: Toasts;
    /** The browsers trusted for sign-in (signed device cookies, docs/decisions/023). */
    devices: TrustedDevices;
  }
}

const NO_SESSION: SessionValidation = { session: null, user: null, renewed: false };

export function createLoadContext(request: Request, env: Env, ctx: ExecutionContext): AppLoadContext {
  const d1 = new Meter();
  const db = getDb(meterDatabase(env.DB, d1));
  let validation: Promise<SessionValidation> | undefined;
  let shell: ShellData | null = null;
  const config = readConfig(env);
  // The embedded development secret signs only for this machine: a Worker deployed without its own
  // COOKIE_SECRET (and with the development vars) answers no one else.
  if (config.usesLocalSecret && !isLocalhost(request)) {
    throw new Error("COOKIE_SECRET must be set for a Worker reached beyond localhost (wrangler secret put COOKIE_SECRET)");
  }
  // Murmur's own cookies are signed, and Secure wherever the session cookie is.
  const signing = { secret: config.cookieSecret, secure: !isInsecureLocalhost(request) };
  const context: AppLoadContext = {
    cloudflare: {
      env,
      ctx,
      // Read on demand: workerd builds the cf object from JSON on every read, and no page needs it.
      get cf() {
        return request.cf;
      },
    },
    db,
    config,
    toasts: new Toasts(signing),
    devices: new TrustedDevices(signing),
    cspNonce: createNonce(),
    renderMs: 0,
    d1,
    sessionCookieUpdate: null,
    getSession() {
      validation ??= (async () => {
        const token = readSessionToken(request);
        if (!token) return NO_SESSION;
        // One round trip: the session with its member, and what the shell shows of them (020).
        const id = hashToken(token);
        const [found, member, trends] = await runReads(db, [sessionRead(db, id), ...shellReads(db, id)]);
        const result = await settleSession(db, id, found);
        if (result.renewed) context.sessionCookieUpdate = sessionCookie(request, token, result.session.expiresAt);
        if (!result.session) context.sessionCookieUpdate = clearedSessionCookie(request);
        if (result.user) shell = toShell(member, trends);
        return result;
      })();
      return validation;
    },
    async getShell() {
      await context.getSession();
      return shell;
    },
  };
  return context;
}
