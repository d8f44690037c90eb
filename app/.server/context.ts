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
import { activityDue, recordActivity } from "./activity";
import { getDb, type Db } from "./db/client";
import { decodeRows, fetchRows, runReads, type Answers, type Read } from "./db/reads";
import { Meter, meterDatabase } from "./db/metered";
import { isolateHints } from "./hints";
import { readConfig, type AppConfig } from "./env";
import { createNonce, isInsecureLocalhost, isLocalhost } from "./http";
import { TrustedDevices } from "./auth/devices";
import { shellReads, toShell, type ShellData } from "./shell";
import { Toasts } from "./toast";
import type { Viewer } from "./viewer";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext; cf: Request["cf"] };
    db: Db;
    config: AppConfig;
    /** The origin this request came to (the edge cache keeps pages under it, docs/decisions/028). */
    origin: string;
    cspNonce: string;
    /** The session of this request, validated once however many loaders ask. */
    getSession(): Promise<SessionValidation>;
    /**
     * The member this request's session cookie belonged to when this isolate last validated it (a
     * session never changes member), before it is validated again: only to start work keyed by the
     * member (their rate limit) alongside the validation, never to decide what anyone may see or do.
     */
    sessionMemberHint(): string | null;
    /** What the signed-in shell shows (null for a visitor), read in the session's own round trip. */
    getShell(): Promise<ShellData | null>;
    /**
     * A page's reads in the session's own round trip (docs/decisions/026), built for the member the
     * session cookie names, or for a visitor when there is none; answered as a visitor's if the session
     * turns out unknown or expired. Call it before awaiting anything: the trip leaves once the loaders
     * that started together have handed over their reads (a later call reads on its own).
     */
    readAsViewer<const R extends readonly Read<unknown>[]>(build: (viewer: Viewer) => R): Promise<Answers<R>>;
    /**
     * The same for a page only members see: null, with nothing read, without a session cookie (the
     * loader's `requireUser` sends the visitor to sign in, as it does when the session is not valid).
     */
    readAsMember<const R extends readonly Read<unknown>[]>(build: (viewer: NonNullable<Viewer>) => R): Promise<Answers<R> | null>;
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

/** Sessions this isolate has validated, and their members (the newest SESSION_HINTS_KEPT). */
const SESSION_HINTS_KEPT = 10_000;
const sessionMembers = isolateHints<string>(SESSION_HINTS_KEPT);

/**
 * A local configuration (ENVIRONMENT "development" or "test") answers this machine only. Deployed with
 * the development vars, it would sign with the public development secret, or, given a COOKIE_SECRET,
 * take payments through the test-mode provider (free badges) and print reset links to its logs: it
 * refuses instead (decision 075), whatever APP_ORIGIN says.
 */
export function refuseLocalConfigBeyondLocalhost(config: AppConfig, request: Request): void {
  if (!config.isLocal || isLocalhost(request)) return;
  // The embedded development secret signs only for this machine.
  if (config.usesLocalSecret) throw new Error("COOKIE_SECRET must be set for a Worker reached beyond localhost (wrangler secret put COOKIE_SECRET --env production)");
  throw new Error(
    `ENVIRONMENT is "${config.ENVIRONMENT}": a local Worker answers only localhost, not ${new URL(request.url).host} (deploy with npm run deploy, which uses wrangler.toml [env.production])`,
  );
}

/** Reads handed to the session's round trip, and where their answers go. */
type Rider = { reads: readonly Read<unknown>[]; settle: (answers: readonly unknown[]) => void; fail: (error: unknown) => void };

/**
 * `renewsSession: false` for an answer that cannot carry the renewed session cookie (a room's
 * WebSocket handshake): the session is checked but not extended (`settleSession`).
 */
export function createLoadContext(request: Request, env: Env, ctx: ExecutionContext, { renewsSession = true }: { renewsSession?: boolean } = {}): AppLoadContext {
  const d1 = new Meter();
  const db = getDb(meterDatabase(env.DB, d1));
  let validation: Promise<SessionValidation> | undefined;
  let shell: ShellData | null = null;
  // The session's time: its expiry is judged at the same instant by the worker and by reads riding along.
  const now = Date.now();
  const token = readSessionToken(request);
  const sessionId = token ? hashToken(token) : null;
  let riders: Rider[] | null = [];
  const config = readConfig(env);
  refuseLocalConfigBeyondLocalhost(config, request);
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
    origin: new URL(request.url).origin,
    toasts: new Toasts(signing),
    devices: new TrustedDevices(signing),
    cspNonce: createNonce(),
    renderMs: 0,
    d1,
    sessionCookieUpdate: null,
    getSession() {
      validation ??= (async () => {
        if (!token || !sessionId) return NO_SESSION;
        // Loaders start side by side: the trip waits for the ones started with this one to add their reads.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const aboard = riders ?? [];
        riders = null;
        // One round trip: the session with its member, what the shell shows of them (020), and the
        // page's own reads (026).
        const own = [sessionRead(db, sessionId), ...shellReads(db, sessionId)] as const;
        // A page's read that fails (its statement, or its decoding) fails that read alone: the session
        // and the shell are read again on their own if the shared trip failed (020: one loader's error
        // never fails another's).
        let rows: unknown[][][] | null = null;
        try {
          // The page's own first: a page that marks something read (an opened conversation) is
          // counted by the shell's badges after it.
          const theirs = aboard.flatMap((rider) => rider.reads);
          const fetched = await fetchRows(db, [...theirs, ...own]);
          rows = [...fetched.slice(theirs.length), ...fetched.slice(0, theirs.length)];
        } catch (error) {
          aboard.forEach((rider) => rider.fail(error));
        }
        let at = own.length;
        for (const rider of rows ? aboard : []) {
          const mine = rows!.slice(at, (at += rider.reads.length));
          try {
            rider.settle(decodeRows(rider.reads, mine));
          } catch (error) {
            rider.fail(error);
          }
        }
        const [found, member, trends] = rows ? decodeRows(own, rows) : await runReads(db, own);
        const result = await settleSession(db, sessionId, found, now, { renew: renewsSession });
        // The member's last activity, at most once an ACTIVITY_RECORD_EVERY_MS, after the answer and off
        // its meter: no page waits for it (decision 076); only while they share it (082). A room's
        // handshake is no activity of the member (a page in the background reconnects).
        if (result.user && renewsSession && found!.sharesActivity && activityDue(found!.lastActiveAt, now)) {
          ctx.waitUntil(recordActivity(getDb(env.DB), result.user.id, now).catch((error: unknown) => console.error("Recording a member's activity failed:", error)));
        }
        if (result.renewed) context.sessionCookieUpdate = sessionCookie(request, token, result.session.expiresAt);
        if (!result.session) context.sessionCookieUpdate = clearedSessionCookie(request);
        if (result.user) {
          shell = toShell(member, trends, now);
          sessionMembers.set(sessionId, result.user.id);
        } else sessionMembers.forget(sessionId);
        return result;
      })();
      return validation;
    },
    sessionMemberHint: () => (sessionId ? (sessionMembers.get(sessionId) ?? null) : null),
    readAsViewer(build) {
      if (!sessionId) return runReads(db, build(null));
      if (!riders) return context.getSession().then(({ user }) => runReads(db, build(user?.id ?? null)));
      return ride(build({ session: sessionId, now }));
    },
    async readAsMember(build) {
      if (!sessionId) return null;
      if (!riders) {
        const { user } = await context.getSession();
        return user ? runReads(db, build(user.id)) : null;
      }
      // Its reads find nothing without a member: a made-up cookie costs no feed query.
      return ride(build({ session: sessionId, now, membersOnly: true }));
    },
    async getShell() {
      await context.getSession();
      return shell;
    },
  };
  /** Hands reads to the session's trip (not yet left) and answers what they read. */
  function ride<const R extends readonly Read<unknown>[]>(reads: R): Promise<Answers<R>> {
    const answered = new Promise<readonly unknown[]>((settle, fail) => riders!.push({ reads, settle, fail }));
    void context.getSession().catch(() => {}); // a failed trip reaches these reads through `fail`
    return answered as Promise<Answers<R>>;
  }

  return context;
}
