import { sql, type SQL } from "drizzle-orm";
import { FOLLOWING_SCAN_MIN_FOLLOWS, FOLLOWING_SCAN_WINDOW } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import type { Db } from "../db/client";
import { follows, posts, users } from "../db/schema";
import { runRead, type Read } from "../db/reads";
import type { Viewer } from "../viewer";
import { repostInAudienceSql } from "./access";
import { cardsRead, type CardCondition, type ConditionContext, type ListOptions } from "./cards";
import { matching } from "./search";

/**
 * Following (docs/decisions/010-following-feed.md): posts and reposts by the people the viewer follows,
 * newest first, never the viewer's own.
 */

/** The ids of the members the reader follows (Following is only ever read by a member), with `also` if given. */
function followed(viewer: SQL | null, also?: SQL) {
  return sql`SELECT ${follows.followingId} FROM ${follows} WHERE ${follows.followerId} = ${viewer}${also ? sql` AND ${also}` : sql``}`;
}

/**
 * The ids of a Following page (docs/decisions/010, 026). Two ways to the same answer, in one
 * statement, each on the index that makes it cheap (named, so the plan never depends on statistics):
 * - members who follow at least FOLLOWING_SCAN_MIN_FOLLOWS people: the newest posts, newest first,
 *   checked one by one against the follows (posts_home_idx holds each post's author, so the scan
 *   reads the index alone), stopping at a page or at the FOLLOWING_SCAN_WINDOW-th newest post;
 * - otherwise, or if that finds less than a page: the followed members' own newest posts
 *   (posts_user_idx), merged newest first. The "less than a page" test sits in the list of followed
 *   members, which SQLite builds once: outside the walk's subquery it would be checked only after
 *   the walk (14 ms for a member following 1 500).
 * The viewer follows every author here, so only a repost's original can be outside their audience
 * (decision 031); that look-up runs for followed members' rows alone (the CASE keeps it after the
 * follows check, so the scan still reads the index alone for everyone else's).
 */
function followingPageIds({ viewer, before, size }: ConditionContext) {
  const older = (id: string) => (before ? sql`AND ${sql.raw(id)} < ${before}` : sql``);
  const followsMany = sql`(SELECT ${users.followingCount} FROM ${users} WHERE ${users.id} = ${viewer}) >= ${FOLLOWING_SCAN_MIN_FOLLOWS}`;
  // The oldest post the scan may reach; none (NULL: no scan) for members who follow few.
  const windowEdge = sql`CASE WHEN ${followsMany} THEN coalesce((
      SELECT edge.id FROM ${posts} AS edge INDEXED BY posts_home_idx
      WHERE edge.community_id IS NULL ${older("edge.id")}
      ORDER BY edge.id DESC LIMIT 1 OFFSET ${FOLLOWING_SCAN_WINDOW - 1}), '') END`;
  return sql`WITH recent AS MATERIALIZED (
      SELECT scanned.id AS id FROM ${posts} AS scanned INDEXED BY posts_home_idx
      WHERE scanned.community_id IS NULL ${older("scanned.id")} AND scanned.id >= ${windowEdge}
        AND CASE WHEN EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewer} AND ${follows.followingId} = scanned.user_id)
          THEN ${repostInAudienceSql(viewer, "scanned")} ELSE 0 END
      ORDER BY scanned.id DESC LIMIT ${size}
    )
    SELECT id FROM recent
    UNION
    SELECT id FROM (
      SELECT own.id AS id FROM ${posts} AS own INDEXED BY posts_user_idx
      WHERE own.user_id IN (${followed(viewer, sql`(SELECT count(*) FROM recent) < ${size}`)})
        AND own.community_id IS NULL ${older("own.id")} AND ${repostInAudienceSql(viewer, "own")}
      ORDER BY own.id DESC LIMIT ${size}
    )
    ORDER BY id DESC LIMIT ${size}`;
}

const followedPage: CardCondition = {
  key: "following",
  picksPage: true,
  where: (context) => sql`${posts.id} IN (${followingPageIds(context)})`,
};

/** A search has to look at every followed member's posts (the page-id shortcut stops at a page before matching). */
const byFollowed: CardCondition = { key: "by-followed", where: ({ viewer }) => sql`${posts.userId} IN (${followed(viewer)})` };

export function followingRead(db: Db, viewer: NonNullable<Viewer>, options: ListOptions & { query?: string | null } = {}): Read<FeedPage> {
  const conditions = options.query ? [byFollowed, matching(options.query)] : [followedPage];
  return cardsRead(db, viewer, conditions, options);
}

export function getFollowingFeed(db: Db, viewer: NonNullable<Viewer>, options: ListOptions & { query?: string | null } = {}): Promise<FeedPage> {
  return runRead(followingRead(db, viewer, options));
}
