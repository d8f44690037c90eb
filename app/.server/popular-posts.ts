import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { POPULAR_POSTS_KEPT, POPULAR_POSTS_SHOWN, POPULAR_POSTS_WINDOW_MS } from "~/lib/constants";
import type { ExploreTab } from "~/lib/explore";
import type { FeedItem, FeedPage } from "~/lib/types/post";
import type { Db } from "./db/client";
import { batchable } from "./db/drizzle-internals";
import { mapRead, param, type Read } from "./db/reads";
import { hashtagTrends, popularPosts, postHashtags, posts } from "./db/schema";
import { firstIdAt } from "./ids";
import { canViewSql } from "./posts/access";
import { cardsRead, P, type CardCondition } from "./posts/cards";
import type { Viewer } from "./viewer";

/**
 * 'Popular Posts' on explore (spec document 1 §2.8, §7 "top posts by views_count then likes_count
 * descending (explore uses limit 10)"; docs/decisions/034-explore.md): the most viewed, then most
 * liked, posts of the last POPULAR_POSTS_WINDOW_MS, per tab. Ranking a week of posts (~20 000 at a
 * million posts) on every page view would sort them all each time, so the cron job keeps the first
 * POPULAR_POSTS_KEPT of each tab in popular_posts; a page reads the first POPULAR_POSTS_SHOWN of them
 * that the viewer may see, as cards, with the access rules applied at that moment.
 */

/**
 * The statements that rank the posts of the window before `now`: 'trending' over every post, each
 * other category over the posts with a hashtag of that category in hashtag_trends. Originals outside
 * communities only (a repost's views are its original's). The week is a range of post ids (ids sort by
 * time), so only its posts are read.
 */
function refreshStatements(now: number): SQL[] {
  const since = now - POPULAR_POSTS_WINDOW_MS;
  const sinceId = firstIdAt(since);
  const listed = sql`p.community_id IS NULL AND p.reposted_from_post_id IS NULL AND p.created_at >= ${since} AND p.created_at <= ${now}`;
  const order = sql`p.views_count DESC, p.likes_count DESC, p.id DESC`;
  return [
    sql`DELETE FROM ${popularPosts}`,
    sql`INSERT INTO ${popularPosts} (category, position, post_id)
      SELECT 'trending', row_number() OVER (ORDER BY ${order}), p.id FROM ${posts} AS p
      WHERE p.id >= ${sinceId} AND ${listed}
      ORDER BY ${order} LIMIT ${POPULAR_POSTS_KEPT}`,
    sql`INSERT INTO ${popularPosts} (category, position, post_id)
      SELECT category, position, post_id FROM (
        SELECT tagged.category AS category, p.id AS post_id, row_number() OVER (PARTITION BY tagged.category ORDER BY ${order}) AS position
        FROM (SELECT DISTINCT ph.post_id AS post_id, t.category AS category
              FROM ${postHashtags} AS ph CROSS JOIN ${hashtagTrends} AS t ON t.hashtag = ph.hashtag
              WHERE ph.post_id >= ${sinceId} AND t.category <> 'trending') AS tagged
        CROSS JOIN ${posts} AS p ON p.id = tagged.post_id
        WHERE ${listed})
      WHERE position <= ${POPULAR_POSTS_KEPT}`,
  ];
}

/** Ranks the window's posts again (the 5-minute cron job), in one batch: one transaction. */
export async function refreshPopularPosts(db: Db, now = Date.now()): Promise<void> {
  const [first, ...rest] = refreshStatements(now).map((statement) => batchable(db.$client, db.run(statement)));
  await db.batch([first!, ...rest]);
}

/** The same statements as SQL text with their values written in, for the seed's SQL file. */
export function popularPostsRefreshSql(now: number): string[] {
  const dialect = new SQLiteSyncDialect();
  return refreshStatements(now).map((statement) => `${dialect.sqlToQuery(statement.inlineParams()).sql};`);
}

const POPULAR = { category: param("popularCategory"), since: param("popularSince") };

/**
 * The tab's popular posts the viewer may see, picked from popular_posts in rank order, still within
 * the window at `now` (a post that aged out since the refresh is left out). A subscriber-only post or
 * one kept for followers is left out unless the viewer may see it: the list shows what it ranks.
 */
function popularIn(tab: ExploreTab, now: number): CardCondition {
  return {
    key: "popular",
    picksPage: true,
    // The tabs are hashtag_trends' categories (a compile error if the two lists part).
    values: { popularCategory: tab satisfies (typeof popularPosts.category.enumValues)[number], popularSince: now - POPULAR_POSTS_WINDOW_MS },
    where: ({ viewer }) => sql`${posts.id} IN (
      SELECT pp.post_id FROM ${popularPosts} AS pp CROSS JOIN ${posts} AS popular ON popular.id = pp.post_id
      WHERE pp.category = ${POPULAR.category} AND popular.created_at >= ${POPULAR.since}
        AND ${canViewSql(viewer, sql.raw("popular.user_id"), sql.raw("popular.is_subscriber_only"), P.now, null)}
      ORDER BY pp.position LIMIT ${POPULAR_POSTS_SHOWN})`,
  };
}

/** Most viewed first, then most liked, as the counts stand when read (the ranking is up to 5 minutes old). */
function byPopularity(a: FeedItem, b: FeedItem): number {
  return b.post.counts.views - a.post.counts.views || b.post.counts.likes - a.post.counts.likes || (a.id < b.id ? 1 : -1);
}

/** The tab's popular posts as cards (one page, no 'Load more'). */
export function popularPostsRead(db: Db, viewer: Viewer, tab: ExploreTab, now = Date.now()): Read<FeedPage> {
  const read = cardsRead(db, viewer, [popularIn(tab, now)], { limit: POPULAR_POSTS_SHOWN, now });
  return mapRead(read, (page) => ({ items: [...page.items].sort(byPopularity), nextCursor: null }));
}
