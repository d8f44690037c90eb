import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  findPasswordResetUser,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from "~/.server/auth/accounts";
import { hashPassword, verifyPassword } from "~/.server/auth/password";
import { createSession, generateSessionToken, validateSessionToken } from "~/.server/auth/session";
import { emailOutbox, memberSettings, users } from "~/.server/db/schema";
import { createOutboxMailer } from "~/.server/mail";
import { hitRateLimit } from "~/.server/rate-limit";
import { AUTH_RATE_LIMIT, PASSWORD_RESET_LIFETIME_MS, SCRYPT_PARAMS } from "~/lib/constants";
import { AUTH_MESSAGES } from "~/lib/messages";
import { unique } from "../fixtures/factories";
import { createUser, db, sqliteError, TEST_PASSWORD } from "./helpers";

const signUpInput = (overrides: Partial<{ username: string; email: string; displayName: string; password: string }> = {}) => {
  const username = unique("new_").slice(0, 30);
  return {
    displayName: "New Member",
    username,
    email: `${username}@example.com`,
    password: "secret-password",
    confirmPassword: "secret-password",
    ...overrides,
  };
};
const ip = () => unique("ip-");

describe("passwords", () => {
  it("scrypt round trip: the right password verifies, a wrong one does not", async () => {
    const hash = await hashPassword("hunter22");
    expect(hash.startsWith(`scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$`)).toBe(true);
    expect(await verifyPassword("hunter22", hash)).toBe(true);
    expect(await verifyPassword("hunter23", hash)).toBe(false);
    expect(await verifyPassword("hunter22", "not-a-hash")).toBe(false);
  });

  it("two hashes of the same password differ (random salt)", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
});

describe("sign-up", () => {
  it("creates the member with a lower-case e-mail, the username as typed, and default settings", async () => {
    const input = signUpInput({ email: `MiXeD_${unique()}@Example.COM` });
    const result = await signUp(db(), input, ip());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const user = await db().select().from(users).where(eq(users.id, result.userId)).get();
    expect(user?.email).toBe(input.email.toLowerCase());
    expect(user?.username).toBe(input.username);
    expect(await verifyPassword(input.password, user!.passwordHash)).toBe(true);
    expect(await db().select().from(memberSettings).where(eq(memberSettings.userId, result.userId)).get()).toBeDefined();
  });

  it("refuses a username that is taken, also when it differs only in case", async () => {
    const first = signUpInput();
    expect((await signUp(db(), first, ip())).ok).toBe(true);
    const again = await signUp(db(), signUpInput({ username: first.username.toUpperCase() }), ip());
    expect(again).toEqual({ ok: false, field: "username", message: AUTH_MESSAGES.usernameTaken });
  });

  it("refuses an e-mail that is taken, also when it differs only in case", async () => {
    const first = signUpInput();
    expect((await signUp(db(), first, ip())).ok).toBe(true);
    const again = await signUp(db(), signUpInput({ email: first.email.toUpperCase() }), ip());
    expect(again).toEqual({ ok: false, field: "email", message: AUTH_MESSAGES.emailTaken });
  });

  it("the database itself refuses duplicate usernames and e-mails differing only in case", async () => {
    const user = await createUser();
    expect(await sqliteError(createUser({ username: user.username.toUpperCase() }))).toMatch(/UNIQUE.*username/);
    expect(await sqliteError(createUser({ email: user.email }))).toMatch(/UNIQUE.*email/);
  });
});

describe("sign-in", () => {
  it("accepts the right password and answers an unknown e-mail exactly like a wrong password", async () => {
    const user = await createUser();
    expect(await signIn(db(), { email: user.email.toUpperCase(), password: TEST_PASSWORD }, ip())).toEqual({
      ok: true,
      userId: user.id,
    });
    const wrong = await signIn(db(), { email: user.email, password: "wrong password" }, ip());
    const unknown = await signIn(db(), { email: `${unique()}@example.com`, password: "wrong password" }, ip());
    expect(wrong).toEqual({ ok: false, message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown).toEqual(wrong);
  });

  it("an unknown e-mail still costs a password hash, so timing does not reveal accounts", async () => {
    const user = await createUser();
    const time = async (email: string) => {
      const start = performance.now();
      await signIn(db(), { email, password: "wrong password" }, ip());
      return performance.now() - start;
    };
    await time(user.email); // warm up
    const known = await time(user.email);
    const unknown = await time(`${unique()}@example.com`);
    // Without the decoy hash an unknown e-mail would answer in about a millisecond.
    expect(unknown).toBeGreaterThan(known * 0.3);
  });
});

describe("rate limits", () => {
  it("allows 25 attempts per 5 minutes per key, then refuses, then allows again in a new window", async () => {
    const key = unique("key-");
    const now = Date.now();
    for (let i = 0; i < AUTH_RATE_LIMIT.max; i++) expect(await hitRateLimit(db(), key, AUTH_RATE_LIMIT, now)).toBe(true);
    expect(await hitRateLimit(db(), key, AUTH_RATE_LIMIT, now + 1000)).toBe(false);
    expect(await hitRateLimit(db(), key, AUTH_RATE_LIMIT, now + AUTH_RATE_LIMIT.windowMs)).toBe(true);
  });

  it("sign-in answers 'Too many login attempts' after 25 tries for one e-mail, even from many addresses", async () => {
    const user = await createUser();
    for (let i = 0; i < AUTH_RATE_LIMIT.max; i++) await signIn(db(), { email: user.email, password: "nope-nope" }, ip());
    const result = await signIn(db(), { email: user.email, password: TEST_PASSWORD }, ip());
    expect(result).toEqual({ ok: false, message: AUTH_MESSAGES.tooManyAttempts });
  });

  it("sign-up answers the same after 25 tries from one address", async () => {
    const address = ip();
    for (let i = 0; i < AUTH_RATE_LIMIT.max; i++) {
      await signUp(db(), signUpInput({ username: "taken_name_x" }), address);
    }
    const input = signUpInput();
    const result = await signUp(db(), input, address);
    expect(result).toEqual({ ok: false, message: AUTH_MESSAGES.tooManyAttempts });
    const created = await db().select({ n: sql<number>`count(*)` }).from(users).where(eq(users.email, input.email)).get();
    expect(created).toEqual({ n: 0 });
  });
});

describe("password recovery", () => {
  async function requestLink(email: string, now = Date.now()) {
    await requestPasswordReset(db(), createOutboxMailer(db()), { email, origin: "https://murmur.test", ip: ip() }, now);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email.toLowerCase())).all();
    const text = mail.at(-1)?.textBody ?? "";
    return text.match(/token=([a-z0-9]+)/)?.[1];
  }

  it("mails a one-hour link that sets a new password once and signs out every session", async () => {
    const user = await createUser();
    const oldSession = generateSessionToken();
    await createSession(db(), oldSession, user.id);

    const token = await requestLink(user.email);
    expect(token).toBeDefined();
    expect(await resetPassword(db(), token!, "brand-new-password")).toBe(user.id);

    const stored = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(await verifyPassword("brand-new-password", stored!.passwordHash)).toBe(true);
    expect((await validateSessionToken(db(), oldSession)).session).toBeNull();
    // Single use.
    expect(await resetPassword(db(), token!, "another-password")).toBeNull();
  });

  it("a link older than an hour no longer works", async () => {
    const user = await createUser();
    const issued = Date.now();
    const token = await requestLink(user.email, issued);
    expect(await findPasswordResetUser(db(), token!, issued + PASSWORD_RESET_LIFETIME_MS - 1000)).toBe(user.id);
    expect(await resetPassword(db(), token!, "brand-new-password", issued + PASSWORD_RESET_LIFETIME_MS + 1)).toBeNull();
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const email = `${unique()}@example.com`;
    const result = await requestPasswordReset(db(), createOutboxMailer(db()), { email, origin: "https://murmur.test", ip: ip() });
    expect(result).toEqual({ ok: true, message: AUTH_MESSAGES.resetEmailSent });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).all()).toEqual([]);
  });
});
