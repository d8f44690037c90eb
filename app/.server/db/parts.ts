import { sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";
import { rawRows } from "./drizzle-internals";

/**
 * Deleting many rows a part at a time, so that no D1 statement holds the database for long: an
 * account's (docs/decisions/074) and a community's (114). A part is at most `size` of a table's rows
 * that `where` names, by an index led by its column, deleted by rowid. Counted just before, not by what
 * the delete returns: a row may take another of the same part with it (a comment its replies, an
 * original its reposts), and the part would look like the last.
 */
export type Part = {
  size: number;
  count: () => ReturnType<typeof rawRows<{ n: number }>>;
  /** Read in the same batch just before the part goes: keys to act on once it went (its posts' files). */
  before: (() => ReturnType<typeof rawRows<{ key: string }>>) | null;
  statement: () => ReturnType<typeof rawRows<{ gone: number }>>;
};

/** A part of `table`'s rows that `where` names; `before`, given the part's rowids, selects keys read with it. */
export function partOf(db: Db, table: SQLiteTable, where: SQL, size: number, before?: (rowids: SQL) => SQL): Part {
  const next = sql`SELECT rowid FROM ${table} WHERE ${where} LIMIT ${size}`;
  return {
    size,
    count: () => rawRows<{ n: number }>(db, sql`SELECT count(*) AS n FROM (${next})`),
    before: before ? () => rawRows<{ key: string }>(db, before(next)) : null,
    statement: () => rawRows<{ gone: number }>(db, sql`DELETE FROM ${table} WHERE rowid IN (${next}) RETURNING 1 AS gone`),
  };
}

/**
 * Deletes the parts in rounds: each round one batch with a count, a `before` read and a statement for
 * every kind not yet done, each statement bounded by its size, until a part's count is short (or its
 * statement deleted nothing). A few hundred rows of each kind are one round trip. Answers the keys the
 * `before` reads found.
 */
export async function deleteInParts(db: Db, parts: Part[]): Promise<string[]> {
  const keys: string[] = [];
  let pending = parts;
  while (pending.length > 0) {
    const statements = pending.map((part) => [part.count(), ...(part.before ? [part.before()] : []), part.statement()] as const);
    const [first, ...rest] = statements.flat();
    const answers = (await db.batch([first!, ...rest])) as unknown as Record<string, unknown>[][];
    let at = 0;
    const whole = statements.map((asked) => {
      const [counted, ...others] = answers.slice(at, (at += asked.length));
      for (const row of asked.length === 3 ? others[0]! : []) keys.push(String(row.key));
      // Whole, and something went: a part its statement could not shrink would otherwise ask forever.
      return { counted: Number(counted![0]!.n), gone: others[others.length - 1]!.length };
    });
    pending = pending.filter((part, i) => whole[i]!.counted === part.size && whole[i]!.gone > 0);
  }
  return keys;
}
