import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { users } from "./db/schema";
import { limiterOf, subjects } from "./limits";
import { turnOffEmailNotifications } from "./settings";

/**
 * The notification digest's unsubscribe link (decision 085): it works without signing in, because
 * Murmur does not verify addresses and whoever gets a digest for an account a stranger made with their
 * address must be able to stop it, and mail providers ask recurring mail for RFC 8058's one-click
 * unsubscribe. The link names the member and carries an HMAC-SHA256, with the cookie secret, of the
 * purpose, the member and the address the digest went to: it cannot be guessed or made for another
 * member, and it stops working once the account's address changes (the new address's owner is not
 * unsubscribed by the old one's). The purpose keeps it apart from Remix's cookie signatures, made with
 * the same secret over base64 values, which never hold a colon.
 */
const signedText = (member: { id: string; email: string }) => `murmur:unsubscribe:digest:${member.id}:${member.email.toLowerCase()}`;

/** A member's id (ids.ts), a dot, and the signature in base64url (32 bytes: 43 characters). */
const TOKEN = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/;

const encoder = new TextEncoder();

function keyOf(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** The token of a member's unsubscribe link, for the address their digest goes to. */
export async function unsubscribeToken(secret: string, member: { id: string; email: string }): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await keyOf(secret), encoder.encode(signedText(member)));
  return `${member.id}.${encodeBase64urlNoPadding(new Uint8Array(signature))}`;
}

/** The link (a token is letters, digits, '.', '-' and '_': nothing to encode). */
export const unsubscribeLink = (origin: string, token: string) => `${origin}/unsubscribe?t=${token}`;

/**
 * The member a token unsubscribes, or null for one that is malformed, tampered with, of a member who
 * is gone, or made for an address the account no longer has. One read of a key, and only for a token
 * of the right shape; the signature is compared in constant time (`crypto.subtle.verify`).
 */
export async function memberOfUnsubscribeToken(db: Db, secret: string, token: string): Promise<string | null> {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const [, memberId, signature] = parts as unknown as [string, string, string];
  const member = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, memberId)).get();
  if (!member) return null;
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = new Uint8Array(decodeBase64urlIgnorePadding(signature));
  } catch {
    return null;
  }
  const valid = await crypto.subtle.verify("HMAC", await keyOf(secret), mac, encoder.encode(signedText(member)));
  return valid ? member.id : null;
}

/**
 * Turns off the digest of the member a link's token names (Email Notifications, decision 076), a write
 * limited per member (a link is the member's, and providers send one-click requests from a few servers).
 * 400: the token is not valid, and nothing changed; 429: too often, try again in `retryAfterSeconds`.
 */
export async function unsubscribeByLink(context: AppLoadContext, token: string): Promise<{ status: 200 } | { status: 400 } | { status: 429; retryAfterSeconds: number }> {
  const memberId = await memberOfUnsubscribeToken(context.db, context.config.cookieSecret, token);
  if (!memberId) return { status: 400 };
  const verdict = await limiterOf(context).hit([subjects.member(memberId)], "unsubscribe");
  if (!verdict.allowed) return { status: 429, retryAfterSeconds: verdict.retryAfterSeconds };
  await turnOffEmailNotifications(context.db, memberId);
  return { status: 200 };
}

/**
 * RFC 8058's one-click request: a POST whose body is exactly `List-Unsubscribe=One-Click` (as a form,
 * urlencoded or multipart), sent by the mail provider from its own servers.
 */
export function isOneClickUnsubscribe(form: FormData): boolean {
  const fields = [...form.entries()];
  return fields.length === 1 && fields[0]![0] === "List-Unsubscribe" && fields[0]![1] === "One-Click";
}
