import { sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rateLimits } from "./db/schema";

export type RateLimit = { max: number; windowMs: number };

/**
 * Fixed-window counter per key, one statement: a new window starts when the old one has passed.
 * Returns whether this hit is still within the limit.
 */
export async function hitRateLimit(db: Db, key: string, limit: RateLimit, now = Date.now()): Promise<boolean> {
  const expired = now - limit.windowMs;
  const row = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count })
    .get();
  return (row?.count ?? 1) <= limit.max;
}

/** Hits every key (so each one counts the attempt) and allows only if all are within the limit. */
export async function hitRateLimits(db: Db, keys: string[], limit: RateLimit, now = Date.now()): Promise<boolean> {
  const results = await Promise.all(keys.map((key) => hitRateLimit(db, key, limit, now)));
  return results.every(Boolean);
}

export async function deleteExpiredRateLimits(db: Db, limit: RateLimit, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} <= ${now - limit.windowMs}`);
}
