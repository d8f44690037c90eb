import { drizzle } from "drizzle-orm/d1";

/**
 * The database handle of one request. Without the relational `schema` option: Murmur uses only the
 * query builder, and deriving the relational metadata costs ~3 ms on every request.
 */
export function getDb(d1: D1Database) {
  return drizzle(d1);
}

export type Db = ReturnType<typeof getDb>;
