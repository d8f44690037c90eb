import { and, eq, gt, sql } from "drizzle-orm";
import { PASSWORD_RESET_LIFETIME_MS, PASSWORD_RESET_LINKS_MAX, PASSWORD_RESET_TOKEN_BYTES } from "~/lib/constants";
import { AUTH_MESSAGES, RATE_MESSAGES } from "~/lib/messages";
import type { SignInInput, SignUpInput } from "~/lib/schemas/auth";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Db } from "../db/client";
import { memberSettings, passwordResetTokens, users } from "../db/schema";
import { newId } from "../ids";
import type { Mailer } from "../mail";
import { subjects, type Limiter } from "../limits";
import { findMemberId } from "../users";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password";
import type { TrustedDevice } from "./devices";
import { hashToken, userSessionsDelete } from "./session";

/**
 * Accounts: sign-up, sign-in and password recovery. Each returns either the member's id or the
 * field/form error to show, never throws for a user mistake.
 */

export type AccountResult =
  | { ok: true; userId: string }
  | { ok: false; field?: "username" | "email"; message: string; retryAfterSeconds?: number };

/** A spent limit: sign-in says the spec's 'Too many login attempts…' (sign-in only), the other forms when to try again. */
const tooMany = (retryAfterSeconds: number, message = RATE_MESSAGES.tooOften(retryAfterSeconds)) => ({ ok: false as const, message, retryAfterSeconds });

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return (await findMemberId(db, username)) !== null;
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
 * same name or e-mail: the unique indexes decide, and the loser is told which is taken.
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
  return { ok: true, userId: id };
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
  const trusted = user ? devices.find((device) => device.u === user.id) : undefined;
  const limitedAs = trusted ? [subjects.device(trusted.n)] : [subjects.address(ip), subjects.account(email)];
  const verdict = await limiter.hit(limitedAs, "signIn");
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds, AUTH_MESSAGES.tooManyAttempts);

  const valid = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDecoy(input.password);
  if (!user || !valid) return { ok: false, message: AUTH_MESSAGES.invalidCredentials };
  return { ok: true, userId: user.id };
}

/**
 * Sends a one-hour, single-use reset link when the e-mail belongs to an account. Answers the same
 * either way, so the form cannot be used to find out who has an account: a mail that could not be sent
 * is logged and its link taken back, and the answer does not change (decision 075). With `afterAnswer`
 * (a deploy: the request's waitUntil) the mail is sent after the answer, so an account's e-mail is not
 * told apart by the time a provider takes either.
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

  const user = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.email, email))
    .get();
  if (user) {
    const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(PASSWORD_RESET_TOKEN_BYTES)));
    // A new link only while the account holds fewer than PASSWORD_RESET_LINKS_MAX live ones (decision
    // 070): no one can fill a member's inbox by asking again and again, and no one can lock them out
    // of a reset either, for the links already sent still work. Beyond it, the same answer, no mail.
    const issued = await db.all<{ id: string }>(sql`INSERT INTO ${passwordResetTokens} (id, user_id, expires_at)
      SELECT ${hashToken(token)}, ${user.id}, ${now + PASSWORD_RESET_LIFETIME_MS}
      WHERE (SELECT count(*) FROM ${passwordResetTokens} WHERE user_id = ${user.id} AND expires_at > ${now}) < ${PASSWORD_RESET_LINKS_MAX}
      RETURNING id`);
    if (issued.length === 0) return { ok: true, message: AUTH_MESSAGES.resetEmailSent };
    const link = `${input.origin}/reset-password?token=${token}`;
    // A link whose mail was not sent must not count toward the limit: it goes again.
    const unsent = () => db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, hashToken(token)));
    const sending = mailer.send({
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
    }).catch(async (error: unknown) => {
      console.error("A password-reset mail was not sent; its link is taken back:", error);
      await unsent().catch((cause: unknown) => console.error("Taking back an unsent reset link failed:", cause));
    });
    if (input.afterAnswer) input.afterAnswer(sending);
    else await sending;
  }
  return { ok: true, message: AUTH_MESSAGES.resetEmailSent };
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
