import { and, eq, gt, or, sql } from "drizzle-orm";
import { PASSWORD_RESET_LIFETIME_MS, PASSWORD_RESET_LINKS_MAX, PASSWORD_RESET_TOKEN_BYTES } from "~/lib/constants";
import { AUTH_MESSAGES, RATE_MESSAGES } from "~/lib/messages";
import { ACCOUNT_MESSAGES } from "~/lib/texts/account";
import type { ChangePasswordInput, SignInInput, SignUpInput } from "~/lib/schemas/auth";
import { usernameKey } from "~/lib/name-keys";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Db } from "../db/client";
import { batchable } from "../db/drizzle-internals";
import { memberSettings, passwordResetTokens, sessions, users } from "../db/schema";
import { newId } from "../ids";
import type { Mailer } from "../mail";
import { subjects, type Limiter } from "../limits";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password";
import { passwordStamp, trustedFor, type TrustedDevice } from "./devices";
import { generateSessionToken, hashToken, newSessionRow, userSessionsDelete } from "./session";

/**
 * Accounts: sign-up, sign-in and password recovery. Each returns either the member's id or the
 * field/form error to show, never throws for a user mistake.
 */

export type AccountResult =
  | { ok: true; userId: string; passwordStamp: string }
  | { ok: false; field?: "username" | "email"; message: string; retryAfterSeconds?: number };

/** A spent limit: sign-in says the spec's 'Too many login attempts…' (sign-in only), the other forms when to try again. */
const tooMany = (retryAfterSeconds: number, message = RATE_MESSAGES.tooOften(retryAfterSeconds)) => ({ ok: false as const, message, retryAfterSeconds });

/**
 * Taken: another member's username looks the same (its key, users_username_key_idx: 'Ieo' for 'leo',
 * decision 096) or is the same in another case ('bob' for 'BOB', whose key is 'b0b'). The key's index
 * is not unique, so this is what refuses a look-alike; lower(username)'s unique index decides a race.
 */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.usernameKey, usernameKey(username)), sql`lower(${users.username}) = lower(${username})`))
    .get();
  return row !== undefined;
}

export function emailTaken(db: Db, email: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .get()
    .then(Boolean);
}

function isUniqueViolation(error: unknown, index: string): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return text.includes("UNIQUE constraint failed") && text.includes(index);
}

export async function signUp(db: Db, limiter: Limiter, input: SignUpInput, ip: string): Promise<AccountResult> {
  const verdict = await limiter.hit([subjects.address(ip), subjects.account(input.email)], "signUp");
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);

  if (await usernameTaken(db, input.username)) {
    return { ok: false, field: "username", message: AUTH_MESSAGES.usernameTaken };
  }
  if (await emailTaken(db, input.email)) return { ok: false, field: "email", message: AUTH_MESSAGES.emailTaken };

  return createAccount(db, input, await hashPassword(input.password));
}

/**
 * The member's rows: the account and its default settings, in one batch. Two sign-ups racing for the
 * same name (in any case) or e-mail: the unique indexes decide, and the loser is told which is taken.
 * Two racing for look-alike names both pass: they are still two usernames.
 */
export async function createAccount(
  db: Db,
  input: Pick<SignUpInput, "email" | "username" | "displayName">,
  passwordHash: string,
): Promise<AccountResult> {
  const id = newId();
  try {
    await db.batch([
      db.insert(users).values({
        id,
        email: input.email.toLowerCase(),
        username: input.username,
        displayName: input.displayName,
        passwordHash,
      }),
      db.insert(memberSettings).values({ userId: id }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "username")) {
      return { ok: false, field: "username", message: AUTH_MESSAGES.usernameTaken };
    }
    if (isUniqueViolation(error, "email")) return { ok: false, field: "email", message: AUTH_MESSAGES.emailTaken };
    throw error;
  }
  return { ok: true, userId: id, passwordStamp: passwordStamp(passwordHash) };
}

/**
 * Signs in by e-mail and password. A browser trusted for this account (it signed in to it before,
 * ./devices.ts) is limited on its own; any other attempt per address and per account, so a guessing
 * run from many addresses cannot lock the owner's own browser out.
 */
export async function signIn(
  db: Db,
  limiter: Limiter,
  input: SignInInput,
  { ip, devices = [] }: { ip: string; devices?: TrustedDevice[] },
): Promise<AccountResult> {
  const email = input.email.toLowerCase();
  const user = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .get();
  const verdict = await limiter.hit(passwordAttemptSubjects(email, user, { ip, devices }), "signIn");
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds, AUTH_MESSAGES.tooManyAttempts);

  const valid = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDecoy(input.password);
  if (!user || !valid) return { ok: false, message: AUTH_MESSAGES.invalidCredentials };
  return { ok: true, userId: user.id, passwordStamp: passwordStamp(user.passwordHash) };
}

/**
 * Whom a try of an account's password counts against (decision 023): a browser trusted for the account
 * (with its password as it is now) on its own; any other try per address and per account.
 */
function passwordAttemptSubjects(
  email: string,
  account: { id: string; passwordHash: string } | undefined,
  { ip, devices }: { ip: string; devices: TrustedDevice[] },
): string[] {
  const trusted = account ? trustedFor(devices, account) : undefined;
  return trusted ? [subjects.device(trusted.n)] : [subjects.address(ip), subjects.account(email)];
}

/** Where a password is tried: the client's address and the browser's trusted-device entries. */
export type AttemptFrom = { ip: string; devices: TrustedDevice[] };

/** A signed-in member's password, checked: the stored hash it matched, or why not. */
export type PasswordCheck =
  | { ok: true; passwordHash: string }
  | { ok: false; wrong: true }
  | { ok: false; wrong: false; retryAfterSeconds: number };

/**
 * Checks a signed-in member's password before a change to the account (a new password, deleting it).
 * Each try is a sign-in attempt: it counts against the same limits (the trusted browser's, or the
 * address's and the account's), so a stolen session cannot guess the password any faster than the sign-in
 * form could, and guesses here and there add up (docs/decisions/074).
 */
export async function checkPassword(db: Db, limiter: Limiter, memberId: string, password: string, from: AttemptFrom): Promise<PasswordCheck> {
  const account = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, memberId)).get();
  if (!account) return { ok: false, wrong: true };
  const verdict = await limiter.hit(passwordAttemptSubjects(account.email, account, from), "signIn");
  if (!verdict.allowed) return { ok: false, wrong: false, retryAfterSeconds: verdict.retryAfterSeconds };
  return (await verifyPassword(password, account.passwordHash)) ? { ok: true, passwordHash: account.passwordHash } : { ok: false, wrong: true };
}

/**
 * What changing a password answers: the new password's stamp (this browser stays trusted) and this
 * browser's new session (its token, for the cookie), or the field and text to show.
 */
export type PasswordChange =
  | { ok: true; passwordStamp: string; session: { token: string; expiresAt: Date } }
  | { ok: false; field?: "currentPassword"; message: string; retryAfterSeconds?: number };

/**
 * Settings › Account: a new password for a signed-in member who knows the current one. The hash is
 * replaced, every session of the member ends and so do their reset links, and this browser gets a new
 * session in their place (decision 083: a token copied before the change, this browser's too, no longer
 * works after it), in one batch, each statement only while the password is still the one checked: two
 * changes at once cannot both pass, and a failure changes nothing. The trust of every browser that
 * signed in with the old password ends with it (its stamp no longer matches: ./devices.ts).
 */
export async function changePassword(
  db: Db,
  limiter: Limiter,
  member: { id: string },
  input: ChangePasswordInput,
  from: AttemptFrom,
  now = Date.now(),
): Promise<PasswordChange> {
  const checked = await checkPassword(db, limiter, member.id, input.currentPassword, from);
  if (!checked.ok) {
    return checked.wrong
      ? { ok: false, field: "currentPassword", message: ACCOUNT_MESSAGES.currentPasswordWrong }
      : tooMany(checked.retryAfterSeconds);
  }
  const passwordHash = await hashPassword(input.password);
  const unchanged = sql`EXISTS (SELECT 1 FROM ${users} AS checked WHERE checked.id = ${member.id} AND checked.password_hash = ${checked.passwordHash})`;
  const token = generateSessionToken();
  const session = newSessionRow(token, member.id, now);
  // The hash last: the statements before it ask for the old one.
  const [, , , changed] = await db.batch([
    userSessionsDelete(db, member.id, unchanged),
    batchable(
      db.$client,
      db.run(sql`INSERT INTO ${sessions} (id, user_id, expires_at) SELECT ${session.id}, ${session.userId}, ${session.expiresAt.getTime()} WHERE ${unchanged}`),
    ),
    db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, member.id), unchanged)),
    db.update(users).set({ passwordHash }).where(and(eq(users.id, member.id), unchanged)).returning({ id: users.id }),
  ]);
  // Changed meanwhile by another request (a reset, another tab): the password checked is no longer it.
  if (changed.length === 0) return { ok: false, field: "currentPassword", message: ACCOUNT_MESSAGES.currentPasswordWrong };
  return { ok: true, passwordStamp: passwordStamp(passwordHash), session: { token, expiresAt: session.expiresAt } };
}

/**
 * Sends a one-hour, single-use reset link when the e-mail belongs to an account. Answers the same
 * either way, so the form cannot be used to find out who has an account: a mail that could not be sent
 * is logged and its link taken back, and the answer does not change (decision 075). With `afterAnswer`
 * (a deploy: the request's waitUntil) everything after the limit (finding the account, writing its link,
 * the mail) happens after the answer, so an account's e-mail is not told apart by the answer's time:
 * neither by the provider's nor by the one more D1 trip an account's link takes (decision 078).
 */
export async function requestPasswordReset(
  db: Db,
  limiter: Limiter,
  mailer: Mailer,
  input: { email: string; origin: string; ip: string; afterAnswer?: (sending: Promise<void>) => void },
  now = Date.now(),
): Promise<{ ok: true; message: string } | { ok: false; message: string; retryAfterSeconds: number }> {
  const email = input.email.toLowerCase();
  const verdict = await limiter.hit([subjects.address(input.ip), subjects.account(email)], "passwordReset", { now });
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);

  if (input.afterAnswer) {
    input.afterAnswer(
      issueResetLink(db, mailer, email, input.origin, now).catch((error: unknown) => console.error("A reset link was not issued:", error)),
    );
  } else {
    await issueResetLink(db, mailer, email, input.origin, now);
  }
  return { ok: true, message: AUTH_MESSAGES.resetEmailSent };
}

/**
 * The reset link of an account's e-mail, written and mailed; nothing for an e-mail no account has.
 * A mail that could not be sent is logged and its link taken back; a failed D1 read or write throws.
 */
async function issueResetLink(db: Db, mailer: Mailer, email: string, origin: string, now: number): Promise<void> {
  const user = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.email, email))
    .get();
  if (!user) return;
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(PASSWORD_RESET_TOKEN_BYTES)));
  // A new link only while the account holds fewer than PASSWORD_RESET_LINKS_MAX live ones (decision
  // 070): no one can fill a member's inbox by asking again and again, and no one can lock them out
  // of a reset either, for the links already sent still work. Beyond it, the same answer, no mail.
  const issued = await db.all<{ id: string }>(sql`INSERT INTO ${passwordResetTokens} (id, user_id, expires_at)
    SELECT ${hashToken(token)}, ${user.id}, ${now + PASSWORD_RESET_LIFETIME_MS}
    WHERE (SELECT count(*) FROM ${passwordResetTokens} WHERE user_id = ${user.id} AND expires_at > ${now}) < ${PASSWORD_RESET_LINKS_MAX}
    RETURNING id`);
  if (issued.length === 0) return;
  const link = `${origin}/reset-password?token=${token}`;
  // A link whose mail was not sent must not count toward the limit: it goes again.
  const unsent = () => db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, hashToken(token)));
  await mailer
    .send({
      to: email,
      subject: "Reset your Murmur password",
      text: [
        `Hi ${user.displayName},`,
        "",
        "Someone asked to reset the password of your Murmur account. To choose a new password, open this link:",
        link,
        "",
        "The link works once and expires in one hour. If you did not ask for this, you can ignore this e-mail.",
      ].join("\n"),
    })
    .catch(async (error: unknown) => {
      console.error("A password-reset mail was not sent; its link is taken back:", error);
      await unsent().catch((cause: unknown) => console.error("Taking back an unsent reset link failed:", cause));
    });
}

/** The member a reset token belongs to, if it is unused and not expired. */
export async function findPasswordResetUser(db: Db, token: string, now = Date.now()): Promise<string | null> {
  const row = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, hashToken(token)), gt(passwordResetTokens.expiresAt, new Date(now))))
    .get();
  return row?.userId ?? null;
}

/**
 * Sets the new password, uses up every reset link of the member and signs out all their sessions.
 * Returns the member's id, or null when the link is invalid, expired or already used.
 */
export async function resetPassword(db: Db, token: string, password: string, now = Date.now()): Promise<string | null> {
  const userId = await findPasswordResetUser(db, token, now);
  if (!userId) return null;
  const passwordHash = await hashPassword(password);
  // One batch, each statement only while the link is still there and live: a failure changes nothing
  // (the link still works), and of two concurrent uses only the first finds it.
  const live = sql`EXISTS (SELECT 1 FROM ${passwordResetTokens} AS live WHERE live.id = ${hashToken(token)} AND live.expires_at > ${now})`;
  const [changed] = await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date(now) }).where(and(eq(users.id, userId), live)).returning({ id: users.id }),
    userSessionsDelete(db, userId, live),
    db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), live)),
  ]);
  return changed.length > 0 ? userId : null;
}
