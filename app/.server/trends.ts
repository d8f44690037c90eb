import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { TREND_WINDOW_MS } from "~/lib/constants";
import { KEYWORD_CATEGORIES, TREND_KEYWORDS } from "~/lib/trend-categories";
import type { Db } from "./db/client";
import { batchable } from "./db/drizzle-internals";
import { hashtagTrends, postHashtags, posts } from "./db/schema";
import { inAudienceSql } from "./posts/access";

/**
 * The trends job (spec document 1 §3 hashtag_trends, §9 'refreshed every 5 minutes';
 * docs/decisions/033-trends.md), run by the cron (app/.server/maintenance.ts) and by the seed:
 * - posts_count: a tag's posts of the last TREND_WINDOW_MS (24 hours, `now` included);
 * - growth_rate: (that count − the count of the window before) / max(the count before, 1), a ratio
 *   (0.25 is +25%; a tag new this window grows by its count);
 * - category: from the keyword map (app/lib/trend-categories.ts);
 * counting only posts everybody may read (`readableByEveryoneSql`). A tag with no such post in the
 * last window has no row. The table is replaced in one batch (one transaction): readers see the old
 * trends or the new ones, never a mix.
 */

/**
 * Whether everybody may read the post (`posts` as the statement names it): outside communities, not
 * for subscribers only, and by an author who keeps nothing from anyone (neither followers-only posts
 * nor a private profile, decision 031), i.e. what a signed-out visitor may read. A trend or a count
 * built from these never tells what someone could not read.
 */
export function readableByEveryoneSql(): SQL<number> {
  return sql<number>`(${posts.communityId} IS NULL AND ${posts.isSubscriberOnly} = 0 AND ${inAudienceSql(null, posts.userId)})`;
}

/** A keyword written into the SQL as a literal: only lower-case letters and digits, checked here. */
function literal(word: string): SQL {
  if (!/^[a-z0-9]+$/.test(word)) throw new Error(`trend keyword "${word}" must be lower-case letters and digits`);
  return sql.raw(`'${word}'`);
}

/**
 * `categoryOf` (app/lib/trend-categories.ts) as SQL over a tag: the first category with a keyword the
 * tag begins with, else 'trending'. Keywords are grouped by length (`substr(tag, 1, n) IN (…)`);
 * they are constants of the code, written as literals (D1 binds at most 100 values per statement).
 */
function categorySql(tag: SQL): SQL {
  const branches = KEYWORD_CATEGORIES.map((category) => {
    const byLength = new Map<number, SQL[]>();
    for (const keyword of TREND_KEYWORDS[category]) byLength.set(keyword.length, [...(byLength.get(keyword.length) ?? []), literal(keyword)]);
    const tests = [...byLength].map(([length, words]) => sql`substr(${tag}, 1, ${sql.raw(String(length))}) IN (${sql.join(words, sql`, `)})`);
    return sql`WHEN ${sql.join(tests, sql` OR `)} THEN ${literal(category)}`;
  });
  return sql`CASE ${sql.join(branches, sql` `)} ELSE ${literal("trending")} END`;
}

/**
 * The job's two statements: empty the table, then fill it from one range of post_hashtags_created_idx
 * (named, so no planner can choose a scan of the tag index for the GROUP BY's order) covering both
 * windows, each row's post found by its key (CROSS JOIN keeps post_hashtags outside).
 */
export function trendStatements(now: number): [SQL, SQL] {
  const recentFrom = now - TREND_WINDOW_MS;
  const earlierFrom = now - 2 * TREND_WINDOW_MS;
  const columns = [hashtagTrends.hashtag, hashtagTrends.postsCount, hashtagTrends.growthRate, hashtagTrends.category, hashtagTrends.updatedAt];
  const tag = sql.raw("counted.hashtag");
  const fill = sql`INSERT INTO ${hashtagTrends} (${sql.join(columns.map((column) => sql.identifier(column.name)), sql`, `)})
SELECT ${tag}, counted.recent, (counted.recent - counted.earlier) * 1.0 / max(counted.earlier, 1), ${categorySql(tag)}, ${now}
FROM (
  SELECT ${postHashtags.hashtag} AS hashtag, sum(${postHashtags.createdAt} > ${recentFrom}) AS recent, sum(${postHashtags.createdAt} <= ${recentFrom}) AS earlier
  FROM ${postHashtags} INDEXED BY post_hashtags_created_idx CROSS JOIN ${posts} ON ${posts.id} = ${postHashtags.postId}
  WHERE ${postHashtags.createdAt} > ${earlierFrom} AND ${postHashtags.createdAt} <= ${now} AND ${readableByEveryoneSql()}
  GROUP BY ${postHashtags.hashtag}
) AS counted
WHERE counted.recent > 0`;
  return [sql`DELETE FROM ${hashtagTrends}`, fill];
}

/** Computes hashtag_trends as of `now`, replacing every row, in one D1 round trip. */
export async function refreshTrends(db: Db, now = Date.now()): Promise<void> {
  const [clear, fill] = trendStatements(now);
  await db.batch([batchable(db.$client, db.run(clear)), batchable(db.$client, db.run(fill))]);
}

/**
 * The job as SQL text with its values written in, for the scripts that write SQL files to run through
 * wrangler (the seed, tests/bench/generate.mjs): the same statements as refreshTrends.
 */
export function trendsScript(now: number): string {
  const dialect = new SQLiteAsyncDialect();
  return trendStatements(now)
    .map((statement) => `${dialect.sqlToQuery(statement.inlineParams()).sql};`)
    .join("\n");
}
