import type { SQL } from "drizzle-orm";

/**
 * The one place Murmur reads a drizzle internal (docs/decisions/013-prepared-reads.md): the decoder an
 * `sql` expression carries (`.mapWith(…)`, else the identity), which drizzle keeps in a field it does not
 * export. Prepared reads decode rows themselves and need it; `tests/unit/drizzle-internals.test.ts`
 * fails if an upgrade moves it. Without prepared reads, nothing needs it.
 */
export type Decoder = { mapFromDriverValue(value: unknown): unknown };

export function decoderOf(expression: SQL): Decoder {
  const decoder = (expression as unknown as { decoder?: Decoder }).decoder;
  if (typeof decoder?.mapFromDriverValue !== "function") {
    throw new Error("drizzle-orm no longer keeps an sql expression's decoder in `decoder`: see docs/decisions/013-prepared-reads.md");
  }
  return decoder;
}
