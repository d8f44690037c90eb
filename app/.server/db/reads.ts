import { Column, fillPlaceholders, is, SQL, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "./client";
import { decoderOf, type Decoder } from "./drizzle-internals";
import { inlineLimits } from "./limits";

/**
 * Reads that a loader sends together, in one explicit round trip (`runReads`), and hot reads built
 * once per isolate like prepared statements (docs/decisions/013-prepared-reads.md).
 *
 * drizzle rebuilds a query's SQL text on every call and decodes every field of every row through its
 * generic mapper; for a feed page of 21 cards × 30 columns that is about a millisecond of CPU. A
 * prepared read is written with `param()` for everything that varies per request and named by a key
 * that covers everything that changes its text; its text, parameter order and per-column decoders are
 * then reused, and only the values change.
 */

/** A read: its statement, and how its positional rows become the answer. */
export type Read<T> = { statement: D1PreparedStatement; decode: (rows: unknown[][]) => T };

/** A value bound per request: written into the query as a placeholder of this name. */
export function param<TName extends string>(name: TName): Placeholder<TName> {
  return sql.placeholder(name);
}

/** What a read's builder returns: the query, and the flat selection it was built from. */
export type PreparedSelect = {
  query: { toSQL(): { sql: string; params: unknown[] } };
  fields: Record<string, unknown>;
};

type Built = { sql: string; params: unknown[]; keys: string[]; decoders: Decoder[] };

const built = new Map<string, Built>();

function build({ query, fields }: PreparedSelect): Built {
  const written = query.toSQL();
  const { sql: text, params } = inlineLimits(written.sql, written.params);
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => {
    const field = fields[key];
    if (is(field, Column)) return field;
    if (is(field, SQL)) return decoderOf(field);
    if (is(field, SQL.Aliased)) return decoderOf(field.sql);
    // Nested objects would need drizzle's path mapping: reads select flat rows only.
    throw new Error(`read: field '${key}' is not a column or SQL expression`);
  });
  return { sql: text, params, keys, decoders };
}

/**
 * A select as a read: built once per `key` (which names everything that changes its text), with
 * `values` bound to its placeholders, answering rows keyed like the selection and decoded as drizzle
 * would decode them.
 */
export function selectRead<Row>(db: Db, key: string, builder: () => PreparedSelect, values: Record<string, unknown> = {}): Read<Row[]> {
  let statement = built.get(key);
  if (!statement) {
    statement = build(builder());
    built.set(key, statement);
  }
  const { keys, decoders } = statement;
  return {
    statement: db.$client.prepare(statement.sql).bind(...fillPlaceholders(statement.params, values)),
    decode: (rows) =>
      rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const value = row[i];
          out[keys[i]!] = value === null || value === undefined ? null : decoders[i]!.mapFromDriverValue(value);
        }
        return out as Row;
      }),
  };
}

/** The same read with its answer turned into something else (rows into a page, say). */
export function mapRead<T, U>(read: Read<T>, map: (value: T) => U): Read<U> {
  return { statement: read.statement, decode: (rows) => map(read.decode(rows)) };
}

export async function runRead<T>(read: Read<T>): Promise<T> {
  return read.decode(await read.statement.raw());
}

/** The rows of each read, in one round trip, not decoded yet (a caller that decodes groups apart). */
export async function fetchRows(db: Db, reads: readonly Read<unknown>[]): Promise<unknown[][][]> {
  if (reads.length === 1) return [await reads[0]!.statement.raw<unknown[]>()];
  const results = await db.$client.batch<Record<string, unknown>>(reads.map((read) => read.statement));
  return results.map((result) => result.results.map((row) => Object.values(row)));
}

/** The answers of reads from their rows (`fetchRows`' order). */
export function decodeRows<const R extends readonly Read<unknown>[]>(reads: R, rows: unknown[][][]): Answers<R> {
  return reads.map((read, i) => read.decode(rows[i]!)) as Answers<R>;
}

export type Answers<R extends readonly Read<unknown>[]> = { [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/**
 * Reads that belong to one loader, in one D1 round trip. `batch()` answers rows as objects keyed by
 * column name (in column order), so every selected column needs a name of its own
 * (docs/decisions/008-d1-result-columns.md).
 */
export async function runReads<const R extends readonly Read<unknown>[]>(db: Db, reads: R): Promise<Answers<R>> {
  return decodeRows(reads, await fetchRows(db, reads));
}

/**
 * A page's reads started before its loader awaits the session guard (docs/decisions/026): marked as
 * handled, so a failure meanwhile is no unhandled rejection; the loader awaits it after the guard.
 */
export function readLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
