import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { FOLLOWING_SCAN_MIN_FOLLOWS, FOLLOWING_SCAN_WINDOW } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import type { Db } from "../db/client";
import { follows, posts, users } from "../db/schema";
import { listCards, P, type CardCondition, type ConditionContext, type ListOptions } from "./cards";
import { matching } from "./search";

/**
 * Following (docs/decisions/010-following-feed.md): posts and reposts by the people the viewer follows,
 * newest first, never the viewer's own.
 */

const followed = sql`SELECT ${follows.followingId} FROM ${follows} WHERE ${follows.followerId} = ${P.viewer}`;

/**
 * The ids of a Following page. Two ways to the same answer, in one statement: among the newest
 * FOLLOWING_SCAN_WINDOW posts, those by followed members (fast when one follows many active people;
 * skipped below FOLLOWING_SCAN_MIN_FOLLOWS); only if that finds less than a page, each followed
 * member's own newest posts through posts_user_idx (fast when one follows few). Either is bounded.
 */
function followingPageIds({ before, size }: ConditionContext) {
  const older = (id: AnySQLiteColumn | SQL) => (before ? sql`AND ${id} < ${before}` : sql``);
  const scanned = sql`CASE WHEN (SELECT ${users.followingCount} FROM ${users} WHERE ${users.id} = ${P.viewer}) >= ${FOLLOWING_SCAN_MIN_FOLLOWS}
    THEN ${FOLLOWING_SCAN_WINDOW} ELSE 0 END`;
  return sql`WITH recent AS MATERIALIZED (
      SELECT id FROM (
        SELECT ${posts.id} AS id, ${posts.userId} AS user_id FROM ${posts}
        WHERE ${posts.communityId} IS NULL ${older(posts.id)}
        ORDER BY ${posts.id} DESC LIMIT ${scanned}
      ) WHERE user_id IN (${followed})
      ORDER BY id DESC LIMIT ${size}
    )
    SELECT id FROM recent
    UNION
    SELECT walked.id FROM ${follows} AS f JOIN ${posts} AS walked ON walked.id IN (
      SELECT own.id FROM ${posts} AS own
      WHERE own.user_id = f.following_id AND own.community_id IS NULL ${older(sql.raw("own.id"))}
      ORDER BY own.id DESC LIMIT ${size}
    )
    WHERE f.follower_id = ${P.viewer} AND (SELECT count(*) FROM recent) < ${size}
    ORDER BY id DESC LIMIT ${size}`;
}

const followedPage: CardCondition = {
  key: "following",
  picksPage: true,
  where: (context) => sql`${posts.id} IN (${followingPageIds(context)})`,
};

/** A search has to look at every followed member's posts (the page-id shortcut stops at a page before matching). */
const byFollowed: CardCondition = { key: "by-followed", where: () => sql`${posts.userId} IN (${followed})` };

export function getFollowingFeed(db: Db, viewerId: string, options: ListOptions & { query?: string | null } = {}): Promise<FeedPage> {
  const conditions = options.query ? [byFollowed, matching(options.query)] : [followedPage];
  return listCards(db, viewerId, conditions, options);
}
