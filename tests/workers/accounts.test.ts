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
import { emailOutbox, memberSettings, passwordResetTokens, users } from "~/.server/db/schema";
import { createOutboxMailer } from "~/.server/mail";
import { deleteExpiredAccess } from "~/.server/maintenance";
import { newId } from "~/.server/ids";
import { PASSWORD_RESET_LIFETIME_MS, PASSWORD_RESET_LINKS_MAX, RATE_LIMITS, SCRYPT_PARAMS, TIME } from "~/lib/constants";
import { AUTH_MESSAGES } from "~/lib/messages";
import { unique } from "../fixtures/factories";
import { createUser, db, fetchWorker, formPost, limiter, sqliteError, TEST_PASSWORD } from "./helpers";

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
    const result = await signUp(db(), limiter(), input, ip());
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
    expect((await signUp(db(), limiter(), first, ip())).ok).toBe(true);
    const again = await signUp(db(), limiter(), signUpInput({ username: first.username.toUpperCase() }), ip());
    expect(again).toEqual({ ok: false, field: "username", message: AUTH_MESSAGES.usernameTaken });
  });

  it("refuses an e-mail that is taken, also when it differs only in case", async () => {
    const first = signUpInput();
    expect((await signUp(db(), limiter(), first, ip())).ok).toBe(true);
    const again = await signUp(db(), limiter(), signUpInput({ email: first.email.toUpperCase() }), ip());
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
    expect(await signIn(db(), limiter(), { email: user.email.toUpperCase(), password: TEST_PASSWORD }, { ip: ip() })).toEqual({
      ok: true,
      userId: user.id,
      passwordStamp: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const wrong = await signIn(db(), limiter(), { email: user.email, password: "wrong password" }, { ip: ip() });
    const unknown = await signIn(db(), limiter(), { email: `${unique()}@example.com`, password: "wrong password" }, { ip: ip() });
    expect(wrong).toEqual({ ok: false, message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown).toEqual(wrong);
  });

  it("an unknown e-mail still costs a password hash, so timing does not reveal accounts", async () => {
    const user = await createUser();
    const time = async (email: string) => {
      const start = performance.now();
      await signIn(db(), limiter(), { email, password: "wrong password" }, { ip: ip() });
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
  const { max, windowMs } = RATE_LIMITS.signIn;

  it("allow 25 attempts per 5 minutes per subject, then refuse with the time left, then allow again in a new window", async () => {
    const subject = unique("subject-");
    const now = Date.now();
    for (let i = 0; i < max; i++) expect(await limiter().hit([subject], "signIn", { now })).toEqual({ allowed: true });
    expect(await limiter().hit([subject], "signIn", { now: now + 1000 })).toEqual({ allowed: false, retryAfterSeconds: windowMs / 1000 - 1 });
    expect(await limiter().hit([subject], "signIn", { now: now + windowMs })).toEqual({ allowed: true });
  });

  it("sign-in answers 'Too many login attempts' after 25 tries for one account, even from many addresses", async () => {
    const user = await createUser();
    for (let i = 0; i < max; i++) await signIn(db(), limiter(), { email: user.email, password: "nope-nope" }, { ip: ip() });
    const result = await signIn(db(), limiter(), { email: user.email, password: TEST_PASSWORD }, { ip: ip() });
    expect(result).toMatchObject({ ok: false, message: AUTH_MESSAGES.tooManyAttempts });
  });

  it("sign-up says when to try again after 25 tries from one address ('Too many login attempts' is for sign-in only)", async () => {
    const address = ip();
    for (let i = 0; i < max; i++) {
      await signUp(db(), limiter(), signUpInput({ username: "taken_name_x" }), address);
    }
    const input = signUpInput();
    const result = await signUp(db(), limiter(), input, address);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/^You're doing that too often\. Please wait/) });
    const created = await db().select({ n: sql<number>`count(*)` }).from(users).where(eq(users.email, input.email)).get();
    expect(created).toEqual({ n: 0 });
  });
});

describe("guessing a password cannot lock the owner out (trusted devices)", () => {
  const signInForm = (email: string, password: string, address: string, cookie?: string) =>
    fetchWorker(formPost("/auth", { mode: "sign-in", email, password }, { "CF-Connecting-IP": address, ...(cookie ? { Cookie: cookie } : {}) }));
  const deviceCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("device="))?.split(";")[0];

  it("after 25 wrong passwords from 25 addresses the owner's own browser still signs in; strangers wait with Retry-After", async () => {
    const owner = await createUser();
    const signedIn = await signInForm(owner.email, TEST_PASSWORD, ip());
    expect(signedIn.status).toBe(302);
    const trusted = deviceCookie(signedIn);
    expect(trusted).toMatch(/^device=.+\..+/);
    // Sent with every sign-in: the form posts to /auth without JavaScript and to /auth.data with it.
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith("device="))).toContain("Path=/;");

    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) await signInForm(owner.email, `guess-${i}`, ip());

    // The right password from a fresh address, without the cookie: held back with everyone else.
    const stranger = await signInForm(owner.email, TEST_PASSWORD, ip());
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await stranger.text()).toContain(AUTH_MESSAGES.tooManyAttempts);
    // A forged cookie naming the owner proves nothing, signed with a made-up key or not signed at all.
    const claim = encodeURIComponent(btoa(JSON.stringify([{ u: owner.id, n: "forged-nonce" }])));
    for (const forged of [`device=${claim}.bm90LWEtc2lnbmF0dXJl`, `device=${claim}`]) {
      expect((await signInForm(owner.email, TEST_PASSWORD, ip(), forged)).status).toBe(429);
    }
    // The owner's browser, from yet another address: in, without JavaScript and with it (/auth.data).
    const owners = await signInForm(owner.email, TEST_PASSWORD, ip(), trusted);
    expect(owners.status).toBe(302);
    expect(owners.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(true);
    const withJs = await fetchWorker(
      formPost("/auth.data", { mode: "sign-in", email: owner.email, password: TEST_PASSWORD }, { "CF-Connecting-IP": ip(), Cookie: trusted! }),
    );
    expect(withJs.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(true);
  });

  it("an address that spent its tries cannot lock the accounts it goes on naming", async () => {
    const [first, second] = [await createUser(), await createUser()];
    const address = ip();
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) await signInForm(first.email, `guess-${i}`, address);
    // Refused at the address: the second account is not counted, again and again.
    for (let i = 0; i < RATE_LIMITS.signIn.max + 5; i++) expect((await signInForm(second.email, `guess-${i}`, address)).status).toBe(429);
    expect((await signInForm(second.email, TEST_PASSWORD, ip())).status).toBe(302);
  });

  it("a trusted browser keeps its nonce through its sign-ins: a success does not start its limit afresh", async () => {
    const owner = await createUser();
    const nonceOf = (cookie: string | undefined) =>
      (JSON.parse(atob(decodeURIComponent(cookie!.slice("device=".length).split(".")[0]!))) as { u: string; n: string }[]).find((device) => device.u === owner.id)?.n;
    const first = deviceCookie(await signInForm(owner.email, TEST_PASSWORD, ip()));
    const again = deviceCookie(await signInForm(owner.email, TEST_PASSWORD, ip(), first));
    expect(nonceOf(first)).toMatch(/^[0-9a-f]{32}$/);
    expect(nonceOf(again)).toBe(nonceOf(first));
    // A browser not yet trusted for the account gets a nonce of its own.
    const elsewhere = deviceCookie(await signInForm(owner.email, TEST_PASSWORD, ip()));
    expect(nonceOf(elsewhere)).not.toBe(nonceOf(first));
  });

  it("a trusted browser is limited on its own: 25 wrong passwords from it, and it waits too", async () => {
    const owner = await createUser();
    const trusted = deviceCookie(await signInForm(owner.email, TEST_PASSWORD, ip()));
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) await signInForm(owner.email, `guess-${i}`, ip(), trusted);
    expect((await signInForm(owner.email, TEST_PASSWORD, ip(), trusted)).status).toBe(429);
    // Everyone else was not held by that browser's tries.
    expect((await signInForm(owner.email, TEST_PASSWORD, ip())).status).toBe(302);
  });
});

describe("password recovery", () => {
  async function requestLink(email: string, now = Date.now()) {
    await requestPasswordReset(db(), limiter(), createOutboxMailer(db()), { email, origin: "https://murmur.test", ip: ip() }, now);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email.toLowerCase())).all();
    const text = mail.at(-1)?.textBody ?? "";
    return text.match(/token=([a-z0-9]+)/)?.[1];
  }

  it("mails a one-hour link that sets a new password once and signs out every session", async () => {
    const user = await createUser();
    const oldSession = generateSessionToken();
    await createSession(db(), oldSession, user.id);

    const other = await requestLink(user.email);
    const token = await requestLink(user.email);
    expect(token).toBeDefined();
    expect(await resetPassword(db(), token!, "brand-new-password")).toBe(user.id);
    // Every link of the member is used up with it.
    expect(await findPasswordResetUser(db(), other!)).toBeNull();

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
    expect(await verifyPassword(TEST_PASSWORD, (await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash)).toBe(true);
  });

  it("a reset that fails changes nothing: the link still works, the password and the sessions stay", async () => {
    const user = await createUser();
    const session = generateSessionToken();
    await createSession(db(), session, user.id);
    const token = await requestLink(user.email);
    // D1 refuses the reset's writes (one batch now; before, the link was claimed in a trip of its own).
    const refusing = new Proxy(db(), { get: (target, name) => (name === "batch" ? () => Promise.reject(new Error("D1 is unavailable")) : Reflect.get(target, name)) });
    await expect(resetPassword(refusing, token!, "brand-new-password")).rejects.toThrow();
    expect(await findPasswordResetUser(db(), token!)).toBe(user.id);
    expect((await validateSessionToken(db(), session)).session).not.toBeNull();
    expect(await verifyPassword(TEST_PASSWORD, (await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash)).toBe(true);
    expect(await resetPassword(db(), token!, "brand-new-password")).toBe(user.id);
  });

  it("a link whose mail could not be sent is taken back: the answer is the same, and it does not count toward the limit of live links", async () => {
    const user = await createUser();
    const broken = { send: () => Promise.reject(new Error("the mail provider is down")) };
    for (let i = 0; i < PASSWORD_RESET_LINKS_MAX; i++) {
      const result = await requestPasswordReset(db(), limiter(), broken, { email: user.email, origin: "https://murmur.test", ip: ip() });
      expect(result).toEqual({ ok: true, message: AUTH_MESSAGES.resetEmailSent });
    }
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all()).toEqual([]);
    expect(await requestLink(user.email)).toBeDefined();
  });

  it("with afterAnswer the mail goes after the answer; one that fails then is taken back too (decision 075)", async () => {
    const user = await createUser();
    let fail: (error: Error) => void = () => {};
    let asked: () => void = () => {};
    const sendAsked = new Promise<void>((resolve) => (asked = resolve));
    const slow = {
      send: () =>
        new Promise<void>((_, reject) => {
          fail = reject;
          asked();
        }),
    };
    const later: Promise<void>[] = [];
    const result = await requestPasswordReset(db(), limiter(), slow, { email: user.email, origin: "https://murmur.test", ip: ip(), afterAnswer: (sending) => later.push(sending) });
    expect(result).toEqual({ ok: true, message: AUTH_MESSAGES.resetEmailSent });
    expect(later).toHaveLength(1);
    await sendAsked;
    const links = () => db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all();
    expect(await links()).toHaveLength(1);
    fail(new Error("the mail provider timed out"));
    await later[0];
    expect(await links()).toEqual([]);
  });

  it("with afterAnswer the answer waits for no account's link: one more D1 trip would tell an account's e-mail apart (decision 078)", async () => {
    const user = await createUser();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The link's write waits until released; the answer must not wait for it.
    const holding = new Proxy(db(), {
      get: (target, name) => (name === "all" ? (...args: Parameters<typeof target.all>) => held.then(() => target.all(...args)) : Reflect.get(target, name)),
    });
    const mailer = createOutboxMailer(db());
    for (const email of [user.email, `nobody-${ip()}@murmur.test`]) {
      const later: Promise<void>[] = [];
      const answer = requestPasswordReset(holding, limiter(), mailer, { email, origin: "https://murmur.test", ip: ip(), afterAnswer: (issuing) => later.push(issuing) });
      const first = await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1000))]);
      expect(first).toEqual({ ok: true, message: AUTH_MESSAGES.resetEmailSent });
      expect(later).toHaveLength(1);
      release();
      await later[0];
    }
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all()).toHaveLength(1);
  });

  it("mails at most PASSWORD_RESET_LINKS_MAX live links: asking again answers alike and mails nothing, and the links sent still work (decision 070)", async () => {
    const user = await createUser();
    const start = Date.now();
    const mails = () => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email.toLowerCase())).all();
    for (let i = 0; i < PASSWORD_RESET_LINKS_MAX + 5; i++) {
      const result = await requestPasswordReset(db(), limiter(), createOutboxMailer(db()), { email: user.email, origin: "https://murmur.test", ip: ip() }, start + i);
      expect(result).toEqual({ ok: true, message: AUTH_MESSAGES.resetEmailSent });
    }
    const sent = await mails();
    expect(sent).toHaveLength(PASSWORD_RESET_LINKS_MAX);
    const first = sent[0]!.textBody.match(/token=([a-z0-9]+)/)![1]!;
    expect(await findPasswordResetUser(db(), first, start + 10)).toBe(user.id);
    // Once the first links have expired, a new one is sent.
    expect(await requestLink(user.email, start + PASSWORD_RESET_LIFETIME_MS + 100)).toBeDefined();
    expect(await mails()).toHaveLength(PASSWORD_RESET_LINKS_MAX + 1);
  });

  it("the clean-up job deletes the mails whose links have expired, and only those (decision 070)", async () => {
    const user = await createUser();
    const sentAt = Date.now();
    await requestLink(user.email, sentAt);
    const mails = () => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email.toLowerCase())).all();
    expect(await mails()).toHaveLength(1);
    await deleteExpiredAccess(db(), sentAt + PASSWORD_RESET_LIFETIME_MS - TIME.MINUTE);
    expect(await mails()).toHaveLength(1);
    // A mail sent later (its id says when) stays.
    const later = newId(sentAt + 2 * TIME.MINUTE);
    await db().insert(emailOutbox).values({ id: later, toAddress: user.email.toLowerCase(), subject: "Later", textBody: "token=later" });
    await deleteExpiredAccess(db(), sentAt + PASSWORD_RESET_LIFETIME_MS + TIME.MINUTE);
    expect((await mails()).map((mail) => mail.id)).toEqual([later]);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const email = `${unique()}@example.com`;
    const result = await requestPasswordReset(db(), limiter(), createOutboxMailer(db()), { email, origin: "https://murmur.test", ip: ip() });
    expect(result).toEqual({ ok: true, message: AUTH_MESSAGES.resetEmailSent });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).all()).toEqual([]);
  });
});
