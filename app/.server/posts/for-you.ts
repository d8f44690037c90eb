import { and, desc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { FEED_PAGE_SIZE, FOR_YOU, INTEREST_POSTS_SAMPLE, TIME } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import type { Db } from "../db/client";
import { mapRead, param, runRead, selectRead, type Read } from "../db/reads";
import { postHashtags, posts } from "../db/schema";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "../viewer";
import { inAudienceSql, notMutedSql, subscriberRuleSql } from "./access";
import { cardFields, cardsRead, originalsOnly, P, selectCards, toFeedItem, unmuted, type CardRow, type ListOptions } from "./cards";
import { parseListCursor, rankedCursor } from "./cursors";
import { forYouSearch } from "./search";

/**
 * 'For you' (docs/decisions/006-for-you-ranking.md): the newest posts (not reposts) in a pool ranked by
 * score, then every older post newest first. The first page pins the time and the pool's newest id
 * into the cursor.
 */

/**
 * The ranking's own time (pinned in the cursor, so pages rank alike) is not the access rule's: that
 * one is always the server's now, whatever a cursor says.
 */
const R = { rankAt: param("rankAt"), poolTop: param("poolTop"), score: param("score"), after: param("after") };

/**
 * The score of a post:
 *   (1 + ln(1 + likes·1 + reposts·2 + comments·3 + views·0.05))
 *   × (1 + 0.5 · min(hashtags shared with the viewer's last 50 posts, 3)), the shared hashtags counted
 *     only on a post the viewer may read (a locked one's count as none)
 *   ÷ (age in hours + 2) ^ 1.5
 */
function forYouScore(viewer: SQL | null) {
  const w = FOR_YOU;
  const interests = sql`(SELECT ${postHashtags.hashtag} FROM ${postHashtags} WHERE ${postHashtags.postId} IN (
      SELECT mine.id FROM ${posts} AS mine WHERE mine.user_id = ${viewer} ORDER BY mine.id DESC LIMIT ${INTEREST_POSTS_SAMPLE}))`;
  // `+ph.hashtag`: look up the post's own few tags and test each against the interests, rather than
  // probing the index once per interest for each of the pool's posts (docs/decisions/026).
  // Only a post the viewer may read: a locked post's tags are its words (decision 016), and its place in
  // the ranking (its score in the cursor) must not tell which of the viewer's tags it has.
  const matches = sql`CASE WHEN ${subscriberRuleSql(viewer, posts.userId, posts.isSubscriberOnly, P.now)}
    THEN (SELECT count(*) FROM ${postHashtags} AS ph WHERE ph.post_id = ${posts.id} AND +ph.hashtag IN ${interests}) ELSE 0 END`;
  const engagement = sql`(${posts.likesCount} * ${w.likeWeight} + ${posts.repostsCount} * ${w.repostWeight}
    + ${posts.commentsCount} * ${w.commentWeight} + ${posts.viewsCount} * ${w.viewWeight})`;
  const ageHours = sql`((${R.rankAt} - ${posts.createdAt}) / (${TIME.HOUR} * 1.0))`;
  return sql<number>`((1.0 + ln(1.0 + ${engagement})) * (1.0 + ${w.interestBoost} * min(${matches}, ${w.maxInterestMatches}))
    / pow(max(${ageHours}, 0) + ${w.ageOffsetHours}, ${w.gravity}))`;
}

/**
 * A page of the ranked pool: the pool is the newest FOR_YOU.poolSize posts (of those the viewer is in
 * the audience of, decision 031, and by no one they muted, 107) up to the cursor's pinned
 * top; the page is the next `size` by score after the cursor's (score, id). The page's ids come first:
 * card columns (flags, comments, access) are then computed for them alone.
 */
function rankedCards(db: Db, viewer: SQL | null, present: SQL | undefined, paging: boolean, size: number) {
  const pool = db.$with("pool").as(
    db
      .select({ poolId: sql<string>`${posts.id}`.as("pool_id"), score: forYouScore(viewer).as("score") })
      .from(posts)
      .where(
        and(present, isNull(posts.communityId), isNull(posts.repostedFromPostId), paging ? lte(posts.id, R.poolTop) : undefined, inAudienceSql(viewer, posts.userId), notMutedSql(viewer, posts.userId)),
      )
      .orderBy(desc(posts.id))
      .limit(FOR_YOU.poolSize),
  );
  const ranked = db.$with("ranked").as(
    db
      .select({ rankedId: sql<string>`${pool.poolId}`.as("ranked_id"), rankedScore: sql<number>`${pool.score}`.as("ranked_score") })
      .from(pool)
      .where(paging ? sql`(${pool.score} < ${R.score} OR (${pool.score} = ${R.score} AND ${pool.poolId} < ${R.after}))` : undefined)
      .orderBy(desc(pool.score), desc(pool.poolId))
      .limit(size),
  );
  const fields = {
    // The pool holds only posts outside communities, not reposts, in their author's audience.
    ...cardFields(viewer, { listed: true }),
    score: ranked.rankedScore,
    poolTop: sql<string>`(SELECT max(${pool.poolId}) FROM ${pool})`.as("pool_top"),
    poolBottom: sql<string>`(SELECT min(${pool.poolId}) FROM ${pool})`.as("pool_bottom"),
    poolCount: sql<number>`(SELECT count(*) FROM ${pool})`.as("pool_count"),
  };
  const query = selectCards(db.with(pool, ranked), fields)
    .innerJoin(ranked, eq(ranked.rankedId, posts.id))
    .orderBy(desc(ranked.rankedScore), desc(posts.id));
  return { fields, query };
}

type RankedRow = CardRow & { score: number; poolTop: string; poolBottom: string; poolCount: number };

export function forYouRead(db: Db, viewer: NonNullable<Viewer>, options: ListOptions & { query?: string | null } = {}): Read<FeedPage> {
  // A search lists the matching posts and their reposts newest first (decision 060).
  if (options.query) return cardsRead(db, viewer, [forYouSearch(options.query)], options);
  const cursor = parseListCursor(options.cursor);
  if (cursor?.kind === "time") return cardsRead(db, viewer, [originalsOnly, unmuted], options);

  const limit = options.limit ?? FEED_PAGE_SIZE;
  const now = options.now ?? Date.now();
  const rankAt = cursor?.now ?? now;
  const read = selectRead<RankedRow>(
    db,
    `forYou:ranked:${viewerKey(viewer)}:${cursor ? "next" : "first"}:${limit}`,
    () => rankedCards(db, viewerSql(viewer), viewerPresentSql(viewer), cursor !== null, limit + 1),
    { ...viewerValues(viewer), now, rankAt, ...(cursor ? { poolTop: cursor.top, score: cursor.score, after: cursor.id } : {}) },
  );
  return mapRead(read, (rows) => {
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    let nextCursor: string | null = null;
    if (rows.length > limit && last) nextCursor = rankedCursor({ now: rankAt, top: last.poolTop, score: last.score, id: last.id });
    // The pool is used up: older posts follow in time order, if the pool did not already hold them all.
    else if (last && last.poolCount >= FOR_YOU.poolSize) nextCursor = last.poolBottom;
    return { items: page.map(toFeedItem), nextCursor };
  });
}

export function getForYouFeed(db: Db, viewer: NonNullable<Viewer>, options: ListOptions & { query?: string | null } = {}): Promise<FeedPage> {
  return runRead(forYouRead(db, viewer, options));
}
