import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { createCookie, type Cookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { TRUSTED_DEVICE_ACCOUNTS, TRUSTED_DEVICE_MAX_AGE_SECONDS } from "~/lib/constants";

/**
 * Trusted devices (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account carries a signed cookie naming the account and a random nonce. Its
 * sign-ins to that account are limited per device; every other attempt is limited per address and per
 * account. Guessing from many addresses can then hold strangers back from an account, never its
 * owner's own browser (docs/decisions/023-rate-limits.md).
 *
 * Each entry also carries the stamp of the password it signed in with (`p`): a browser is trusted only
 * while the account's password is the same, so a new password (changed or reset) ends the trust of
 * every browser that had the old one, as it ends their sessions (docs/decisions/074). An entry without
 * a stamp (made before stamps) trusts nothing.
 */
const Remembered = z.array(z.object({ u: z.string(), n: z.string(), p: z.string().optional() }));
export type TrustedDevice = z.infer<typeof Remembered>[number];

/**
 * What a device cookie keeps of the account's password: a short digest of its stored hash. It tells
 * nothing about the password (the hash is salted scrypt, and the digest cannot be checked without it).
 */
export function passwordStamp(passwordHash: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(passwordHash))).slice(0, 16);
}

/** The entry that trusts this browser for the account, if its password is still the one it signed in with. */
export function trustedFor(devices: TrustedDevice[], account: { id: string; passwordHash: string }): TrustedDevice | undefined {
  const stamp = passwordStamp(account.passwordHash);
  return devices.find((device) => device.u === account.id && device.p === stamp);
}

/** The device cookie's name (it changes nothing a page shows: the edge cache ignores it). */
export const DEVICE_COOKIE = "device";

export class TrustedDevices {
  #cookie: Cookie;

  constructor({ secret, secure }: { secret: string; secure: boolean }) {
    // Path "/": the sign-in form posts to /auth without JavaScript and to /auth.data with it.
    this.#cookie = createCookie(DEVICE_COOKIE, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: TRUSTED_DEVICE_MAX_AGE_SECONDS,
      secrets: [secret],
    });
  }

  /** The accounts this browser signed in to (a forged or broken cookie proves nothing). */
  async read(request: Request): Promise<TrustedDevice[]> {
    const cookies = request.headers.get("Cookie");
    if (!cookies?.includes("device=")) return [];
    // Remix's parser throws on some malformed signatures: a broken cookie is no proof either.
    const parsed = Remembered.safeParse(await this.#cookie.parse(cookies).catch(() => null));
    return parsed.success ? parsed.data : [];
  }

  /**
   * The Set-Cookie that remembers this browser for the member and their password's stamp, most recent
   * first. A browser already trusted for them with that password keeps its nonce: its sign-ins count
   * against one device limit, which a new nonce at each success would start afresh.
   */
  remember(devices: TrustedDevice[], userId: string, stamp: string): Promise<string> {
    const known = devices.find((device) => device.u === userId && device.p === stamp);
    const nonce = known?.n ?? encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(16)));
    const kept = devices.filter((device) => device.u !== userId);
    return this.#cookie.serialize([{ u: userId, n: nonce, p: stamp }, ...kept].slice(0, TRUSTED_DEVICE_ACCOUNTS));
  }

  /**
   * The Set-Cookie that no longer names a deleted account: the others this browser signed in to stay
   * trusted, and with none left the cookie goes. Null when the browser never named the account.
   */
  async forget(devices: TrustedDevice[], userId: string): Promise<string | null> {
    if (!devices.some((device) => device.u === userId)) return null;
    const kept = devices.filter((device) => device.u !== userId);
    if (kept.length > 0) return this.#cookie.serialize(kept);
    return this.#cookie.serialize([], { maxAge: 0, expires: new Date(0) });
  }
}
