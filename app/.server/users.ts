import { eq, sql, type SQL } from "drizzle-orm";
import { MENTION_SUGGESTIONS } from "~/lib/constants";
import type { Byline } from "~/lib/types/post";
import type { Db } from "./db/client";
import { users } from "./db/schema";
import { blockedPairSql } from "./posts/access";

/** Reading members: by username, for @mention suggestions, and what they offer subscribers. */

/** The one username match: case-insensitive, through the unique index on lower(username). */
export function hasUsername(username: string | SQL): SQL {
  return sql`lower(${users.username}) = lower(${username})`;
}

/** The id of the member with this username (in any case), or null. */
export async function findMemberId(db: Db, username: string): Promise<string | null> {
  const row = await db.select({ id: users.id }).from(users).where(hasUsername(username)).get();
  return row?.id ?? null;
}

/**
 * People whose username or display name has a word starting with `query`, case-insensitively
 * (the composer's @mention suggestions), through the members' full-text index; never one in a block
 * with the member typing (decision 100: a mention of them would tell them nothing).
 */
export async function suggestMentions(db: Db, query: string, memberId: string): Promise<Byline[]> {
  const word = query.replace(/[^\p{L}\p{N}_]/gu, "");
  if (!word) return [];
  return db
    .select({
      username: users.username,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      verifiedType: users.verifiedType,
    })
    .from(users)
    .where(
      sql`${users}.rowid IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${`{username display_name}: "${word}"*`})
        AND NOT ${blockedPairSql(memberId, sql.raw(`"users"."id"`))}`,
    )
    .orderBy(sql`lower(${users.username}) = lower(${word}) DESC`, sql`${users.followersCount} DESC`)
    .limit(MENTION_SUGGESTIONS);
}

/**
 * A member offers subscriptions (decision 037): on, at a price above 0, and verified. A badge that
 * lapses pauses the offering (the price is kept; it resumes with the badge).
 */
export function offeringSql(): SQL<number> {
  return sql<number>`(${users.offersSubscriptions} = 1 AND ${users.subscriptionPriceCents} > 0 AND ${users.verifiedType} IS NOT NULL)`;
}

/** May the member mark posts subscriber-only? Only while they offer subscriptions (`offeringSql`). */
export async function canPostForSubscribers(db: Db, userId: string): Promise<boolean> {
  const row = await db.select({ offering: offeringSql() }).from(users).where(eq(users.id, userId)).get();
  return Boolean(row?.offering);
}
