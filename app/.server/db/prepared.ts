import { Column, fillPlaceholders, is, SQL, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Hot reads built once per isolate, like prepared statements (docs/decisions/013-prepared-reads.md).
 * drizzle rebuilds a query's SQL text on every call and decodes every field of every row through its
 * generic mapper; for a feed page of 21 cards × 30 columns that is about a millisecond of CPU. A hot
 * read is written with `param()` for everything that varies per request, and named by a key that
 * covers everything that changes its text; its text, parameter list and per-column decoders are
 * then reused, and only the values change.
 */

/** A value bound per request: written into the query as a placeholder of this name. */
export function param<TName extends string>(name: TName): Placeholder<TName> {
  return sql.placeholder(name);
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

type Built = { sql: string; params: unknown[]; keys: string[]; decoders: Decoder[] };

/** What a hot read's builder returns: the query, and the flat selection it was built from. */
export type PreparedSelect = {
  query: { toSQL(): { sql: string; params: unknown[] } };
  fields: Record<string, unknown>;
};

const decoderOf = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

const built = new Map<string, Built>();

function build({ query, fields }: PreparedSelect): Built {
  const { sql: text, params } = query.toSQL();
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => {
    const field = fields[key];
    if (is(field, Column)) return field;
    // An expression's decoder: sql<T>`…`.mapWith(…), else the identity (drizzle's `decoder`, untyped).
    if (is(field, SQL)) return decoderOf(field);
    if (is(field, SQL.Aliased)) return decoderOf(field.sql);
    // Nested objects would need drizzle's path mapping: hot reads select flat rows only.
    throw new Error(`prepared read: field '${key}' is not a column or SQL expression`);
  });
  return { sql: text, params, keys, decoders };
}

/**
 * Runs a hot read: builds it (once per key; every time when the key is null, e.g. a search whose text
 * depends on the words), binds `values` to its placeholders and maps the positional rows to objects
 * keyed like the selection, decoded as drizzle would.
 */
export async function runPrepared<Row>(
  db: Db,
  key: string | null,
  builder: () => PreparedSelect,
  values: Record<string, unknown>,
): Promise<Row[]> {
  let statement = key === null ? undefined : built.get(key);
  if (!statement) {
    statement = build(builder());
    if (key !== null) built.set(key, statement);
  }
  const { keys, decoders } = statement;
  const rows = await db.$client
    .prepare(statement.sql)
    .bind(...fillPlaceholders(statement.params, values))
    .raw();
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      out[keys[i]!] = value === null || value === undefined ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return out as Row;
  });
}
