import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/** D1 binds at most 100 values a statement: lists of ids or keys go in parts of this many, with room for the statement's own. */
export const VALUES_PER_STATEMENT = 90;

/** `items` in consecutive parts of at most `size`. */
export const chunksOf = <T>(items: T[], size = VALUES_PER_STATEMENT): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * A statement per part of `items` (chunksOf), all in one round trip (one D1 batch); the rows they
 * answer, in order. No items: no statement, no rows.
 */
export async function inParts<T, Row>(db: Db, items: T[], statement: (part: T[]) => BatchItem<"sqlite"> & PromiseLike<Row[]>): Promise<Row[]> {
  const [first, ...rest] = chunksOf(items).map(statement);
  if (!first) return [];
  const answers = (await db.batch([first, ...rest])) as unknown as Row[][];
  return answers.flat();
}
