import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, desc, eq, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { SESSION_LIFETIME_MS, SESSION_RENEW_BEFORE_MS, SESSION_TOKEN_BYTES, SESSIONS_PER_MEMBER_MAX } from "~/lib/constants";
import type { SessionUser } from "~/lib/types/member";
import type { Db } from "../db/client";
import { mapRead, param, runRead, selectRead } from "../db/reads";
import { sessions, users } from "../db/schema";
import { sharesSql } from "../activity";
import { isInsecureLocalhost } from "../http";

/**
 * Sessions as in the Lucia guide: the member's cookie holds a random token; the database holds only
 * its SHA-256, so a leaked database cannot be replayed as cookies.
 */

export const SESSION_COOKIE = "session";


export type Session = { id: string; userId: string; expiresAt: Date };

export type SessionValidation =
  | { session: Session; user: SessionUser; renewed: boolean }
  | { session: null; user: null; renewed: false };

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(SESSION_TOKEN_BYTES)));
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The row of a new session whose cookie holds `token`. */
export function newSessionRow(token: string, userId: string, now = Date.now()): Session {
  return { id: hashToken(token), userId, expiresAt: new Date(now + SESSION_LIFETIME_MS) };
}

/**
 * Starts a session; beyond SESSIONS_PER_MEMBER_MAX of the member's, those earliest to expire end, in
 * the same transaction (a session in use is extended once it has under SESSION_RENEW_BEFORE_MS left, so
 * those are the least recently started or extended).
 */
export async function createSession(db: Db, token: string, userId: string, now = Date.now()): Promise<Session> {
  const session = newSessionRow(token, userId, now);
  const others = and(eq(sessions.userId, userId), ne(sessions.id, session.id));
  const kept = db.select({ id: sessions.id }).from(sessions).where(others).orderBy(desc(sessions.expiresAt), desc(sessions.id)).limit(SESSIONS_PER_MEMBER_MAX - 1);
  await db.batch([db.insert(sessions).values(session), db.delete(sessions).where(and(others, notInArray(sessions.id, kept)))]);
  return session;
}

/**
 * A session's row with its member (a prepared read, so it can travel in a batch with what the page
 * shell shows of the member: app/.server/shell.ts), and when the member was last active (written again
 * once due: app/.server/activity.ts). Null when there is no such session.
 */
export function sessionRead(db: Db, sessionId: string) {
  const fields = {
    expiresAt: sessions.expiresAt,
    lastActiveAt: users.lastActiveAt,
    // Whether the member shares their activity status: only then is their activity recorded (decision 082).
    sharesActivity: sql<number>`${sharesSql(users.id)}`.as("shares_activity"),
    userId: users.id,
    email: users.email,
    username: users.username,
    displayName: users.displayName,
    avatarUrl: users.avatarUrl,
    verifiedType: users.verifiedType,
  };
  const read = selectRead<{ expiresAt: Date; lastActiveAt: Date | null; sharesActivity: number; userId: string } & Omit<SessionUser, "id">>(
    db,
    "session",
    () => ({ fields, query: db.select(fields).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, param("session"))) }),
    { session: sessionId },
  );
  return mapRead(read, (rows) => rows[0] ?? null);
}

/**
 * What a found session row means now: expired (deleted), due for renewal (extended, unless `renew` is
 * false: an answer that cannot carry the renewed cookie must not extend the row, or the row would
 * outlive the cookie and no later page would renew it), or valid.
 */
export async function settleSession(
  db: Db,
  sessionId: string,
  found: Awaited<ReturnType<ReturnType<typeof sessionRead>["decode"]>>,
  now = Date.now(),
  { renew = true }: { renew?: boolean } = {},
): Promise<SessionValidation> {
  if (!found) return { session: null, user: null, renewed: false };
  const { expiresAt, lastActiveAt: _lastActiveAt, sharesActivity: _sharesActivity, userId, ...profile } = found;
  const session = { id: sessionId, userId, expiresAt };
  const user = { id: userId, ...profile };
  if (now >= session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return { session: null, user: null, renewed: false };
  }
  if (renew && session.expiresAt.getTime() - now < SESSION_RENEW_BEFORE_MS) {
    session.expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, sessionId));
    return { session, user, renewed: true };
  }
  return { session, user, renewed: false };
}

export async function validateSessionToken(db: Db, token: string, now = Date.now()): Promise<SessionValidation> {
  const id = hashToken(token);
  return settleSession(db, id, await runRead(sessionRead(db, id)), now);
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** The statement that ends every session of a member (with `also`, only while it holds: a batch's condition). */
export function userSessionsDelete(db: Db, userId: string, also?: SQL) {
  return db.delete(sessions).where(and(eq(sessions.userId, userId), also));
}

export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await userSessionsDelete(db, userId);
}

// ── cookie ──

export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || null;
  }
  return null;
}

function cookieAttributes(request: Request, maxAgeSeconds: number): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (!isInsecureLocalhost(request)) attributes.push("Secure");
  return attributes.join("; ");
}

export function sessionCookie(request: Request, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${token}; ${cookieAttributes(request, maxAge)}`;
}

export function clearedSessionCookie(request: Request): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(request, 0)}`;
}
