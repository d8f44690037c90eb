import { drizzle } from "drizzle-orm/d1";
import { writingLimits } from "./limits";

/**
 * The database handle of one request. Without the relational `schema` option: Murmur uses only the
 * query builder, and deriving the relational metadata costs ~3 ms on every request. A LIMIT or OFFSET
 * bound as a whole number is written into the statement's text (`writingLimits`, decision 064).
 */
export function getDb(d1: D1Database) {
  return drizzle(writingLimits(d1));
}

export type Db = ReturnType<typeof getDb>;
