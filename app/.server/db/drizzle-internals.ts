import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

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

/**
 * A raw statement (`db.run(sql…)`, `db.all(sql…)`) that `db.batch()` can carry. drizzle 0.45's D1
 * batch binds each item's parameters to the D1 statement its query builders prepare (`stmt`), which a
 * raw query never has, so a raw query with parameters fails there ("reading 'bind'"). This prepares
 * it. Used where a write must be conditioned in SQL within one batch (docs/decisions/026); the
 * interaction tests in workerd fail if an upgrade changes the shape.
 */
export function batchable<T extends { getQuery(): { sql: string } }>(client: D1Database, raw: T): T {
  return Object.assign(raw, { stmt: client.prepare(raw.getQuery().sql) });
}

/** A raw statement's rows (`RETURNING` of a write conditioned in SQL), ready for `db.batch()`. */
export function rawRows<T = unknown>(db: Db, query: SQL) {
  return batchable(db.$client, db.all<T>(query));
}
