/**
 * Time-sortable ids: 48 bits of milliseconds then 80 random bits, in Crockford base32 (26 characters),
 * as in ULID. Sorting ids as text sorts by creation time, so keyset cursors can use the id alone.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newId(at: number = Date.now()): string {
  let time = "";
  let ms = Math.floor(at);
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let random = "";
  for (const byte of bytes) random += ALPHABET[byte & 31];
  return time + random;
}

/** The smallest id of a moment: every id made at `at` or later sorts at or after it (a range's start). */
export function firstIdAt(at: number): string {
  return newId(at).slice(0, 10) + ALPHABET[0]!.repeat(16);
}
