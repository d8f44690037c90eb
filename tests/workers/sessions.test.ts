import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createSession,
  generateSessionToken,
  hashToken,
  invalidateSession,
  invalidateUserSessions,
  validateSessionToken,
} from "~/.server/auth/session";
import { sessions } from "~/.server/db/schema";
import { SESSION_LIFETIME_MS, SESSION_RENEW_BEFORE_MS, SESSIONS_PER_MEMBER_MAX, TIME } from "~/lib/constants";
import { createUser, db } from "./helpers";

describe("sessions", () => {
  it("stores only the token's SHA-256 and validates the token back to its member", async () => {
    const user = await createUser();
    const token = generateSessionToken();
    const session = await createSession(db(), token, user.id);

    expect(session.id).toBe(hashToken(token));
    expect(session.id).not.toContain(token);
    const stored = await db().select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(stored.map((row) => row.id)).toEqual([hashToken(token)]);

    const result = await validateSessionToken(db(), token);
    expect(result.user?.id).toBe(user.id);
    expect(result.user?.username).toBe(user.username);
    expect(result.renewed).toBe(false);
  });

  it("a session lasts 30 days", async () => {
    const user = await createUser();
    const now = Date.now();
    const session = await createSession(db(), generateSessionToken(), user.id, now);
    expect(session.expiresAt.getTime()).toBe(now + SESSION_LIFETIME_MS);
  });

  it(`a member holds at most ${SESSIONS_PER_MEMBER_MAX} sessions: a sign-in beyond ends the one earliest to expire, never the new one`, async () => {
    const user = await createUser();
    const other = await createUser();
    const start = Date.now() - TIME.DAY;
    const tokens: string[] = [];
    // Each a minute later than the last, so each expires a minute later; the third was used since (renewed).
    for (let i = 0; i < SESSIONS_PER_MEMBER_MAX; i++) {
      const token = generateSessionToken();
      tokens.push(token);
      await createSession(db(), token, user.id, start + i * TIME.MINUTE);
    }
    await db().update(sessions).set({ expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) }).where(eq(sessions.id, hashToken(tokens[2]!)));
    const otherToken = generateSessionToken();
    await createSession(db(), otherToken, other.id);
    const newest = generateSessionToken();
    await createSession(db(), newest, user.id, start - TIME.HOUR);
    const left = (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id);
    expect(left).toHaveLength(SESSIONS_PER_MEMBER_MAX);
    // The first (earliest to expire) went; the renewed third, the new one (though its clock was early) and another member's stayed.
    expect(left).not.toContain(hashToken(tokens[0]!));
    for (const token of [tokens[1]!, tokens[2]!, newest]) expect(left).toContain(hashToken(token));
    expect((await validateSessionToken(db(), otherToken)).session).not.toBeNull();
  });

  it("an unknown token is no session", async () => {
    const result = await validateSessionToken(db(), generateSessionToken());
    expect(result.session).toBeNull();
    expect(result.user).toBeNull();
  });

  it("is extended to 30 days when fewer than 15 days remain", async () => {
    const user = await createUser();
    const token = generateSessionToken();
    const created = Date.now();
    await createSession(db(), token, user.id, created);

    const justBefore = created + SESSION_LIFETIME_MS - SESSION_RENEW_BEFORE_MS - TIME.MINUTE;
    expect((await validateSessionToken(db(), token, justBefore)).renewed).toBe(false);

    const later = created + SESSION_LIFETIME_MS - SESSION_RENEW_BEFORE_MS + TIME.MINUTE;
    const renewed = await validateSessionToken(db(), token, later);
    expect(renewed.renewed).toBe(true);
    expect(renewed.session?.expiresAt.getTime()).toBe(later + SESSION_LIFETIME_MS);
    const row = await db().select().from(sessions).where(eq(sessions.id, hashToken(token))).get();
    expect(row?.expiresAt.getTime()).toBe(later + SESSION_LIFETIME_MS);
  });

  it("an expired session is refused and deleted", async () => {
    const user = await createUser();
    const token = generateSessionToken();
    const created = Date.now();
    await createSession(db(), token, user.id, created);

    const result = await validateSessionToken(db(), token, created + SESSION_LIFETIME_MS + 1);
    expect(result.session).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.id, hashToken(token))).get()).toBeUndefined();
  });

  it("sign-out revokes that session only; a password change revokes all of them", async () => {
    const user = await createUser();
    const [a, b, c] = [generateSessionToken(), generateSessionToken(), generateSessionToken()];
    for (const token of [a, b, c]) await createSession(db(), token, user.id);

    await invalidateSession(db(), hashToken(a));
    expect((await validateSessionToken(db(), a)).session).toBeNull();
    expect((await validateSessionToken(db(), b)).session).not.toBeNull();

    await invalidateUserSessions(db(), user.id);
    expect((await validateSessionToken(db(), b)).session).toBeNull();
    expect((await validateSessionToken(db(), c)).session).toBeNull();
  });
});
