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
import { SESSION_LIFETIME_MS, SESSION_RENEW_BEFORE_MS, TIME } from "~/lib/constants";
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
