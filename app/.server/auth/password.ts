import { scrypt, timingSafeEqual } from "node:crypto";
import { SCRYPT_PARAMS } from "~/lib/constants";

/**
 * Passwords are hashed with scrypt; every hash carries its own parameters and salt:
 *   scrypt$N$r$p$<salt base64>$<key base64>
 * so the cost can be raised later without breaking existing accounts.
 */

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: SCRYPT_PARAMS.maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(saltLength)));
  const key = await derive(password, salt, N, r, p, keyLength);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const actual = await derive(password, Buffer.from(saltText, "base64"), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A real hash (same parameters) of a random password that was thrown away. Checking against it when
 * the e-mail is unknown makes sign-in take about the same time whether or not the account exists.
 */
const DECOY_HASH = "scrypt$16384$8$5$dLzfXCbTekVl58bQw3Kpvg==$o+FO0vfNYypDx4rVLXulFFlyDZl8/28Q2T1Z9ZyHC2k=";

export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(password, DECOY_HASH);
  return false;
}
