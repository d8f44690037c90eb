import { sql } from "drizzle-orm";
import { MENTION_SUGGESTIONS } from "~/lib/constants";
import type { Db } from "./db/client";
import { users } from "./db/schema";

export type MentionSuggestion = {
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: "user" | "business" | null;
};

/**
 * People whose username or display name has a word starting with `query`, case-insensitively
 * (the composer's @mention suggestions), through the members' full-text index.
 */
export async function suggestMentions(db: Db, query: string): Promise<MentionSuggestion[]> {
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
    .where(sql`${users}.rowid IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${`{username display_name}: "${word}"*`})`)
    .orderBy(sql`lower(${users.username}) = lower(${word}) DESC`, sql`${users.followersCount} DESC`)
    .limit(MENTION_SUGGESTIONS);
}
