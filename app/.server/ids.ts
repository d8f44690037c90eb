/**
 * Time-sortable ids: 48 bits of milliseconds then 80 random bits, in Crockford base32 (26 characters),
 * as in ULID. Sorting ids as text sorts by creation time, so keyset cursors can use the id alone.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function timePart(at: number): string {
  let time = "";
  let ms = Math.floor(at);
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  return time;
}

export function newId(at: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let random = "";
  for (const byte of bytes) random += ALPHABET[byte & 31];
  return timePart(at) + random;
}

/** The smallest id of a time: every id made at `at` or later sorts at or after it, every earlier one before. */
export function firstIdAt(at: number): string {
  return timePart(at) + ALPHABET[0]!.repeat(16);
}

/** The millisecond an id was made at (its first ten characters). */
export function timeOfId(id: string): number {
  let ms = 0;
  for (let i = 0; i < 10; i++) ms = ms * 32 + ALPHABET.indexOf(id[i]!);
  return ms;
}
