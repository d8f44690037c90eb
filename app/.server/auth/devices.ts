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
 */
const Remembered = z.array(z.object({ u: z.string(), n: z.string() }));
export type TrustedDevice = z.infer<typeof Remembered>[number];

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

  /** The Set-Cookie that remembers this browser for the member (a new nonce), most recent first. */
  remember(devices: TrustedDevice[], userId: string): Promise<string> {
    const nonce = encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(16)));
    const kept = devices.filter((device) => device.u !== userId);
    return this.#cookie.serialize([{ u: userId, n: nonce }, ...kept].slice(0, TRUSTED_DEVICE_ACCOUNTS));
  }
}
