import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { TREND_WINDOW_MS } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import type { Db } from "./db/client";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { hashtagTrends, postHashtags, posts } from "./db/schema";
import { loadFeedPage } from "./feed-load";
import { firstIdAt } from "./ids";
import { canViewSql } from "./posts/access";
import { cardsRead, P, type CardCondition, type ListOptions } from "./posts/cards";
import { readableByEveryoneSql } from "./trends";
import type { Viewer } from "./viewer";

/**
 * The hashtag page (spec document 2 §2 "Hashtag page", §7 posts by hashtag and hashtag_trends): the
 * tag's post count and growth, and its posts newest first. Tags are stored lower-case (post_hashtags),
 * so the page asks for the tag as `hashtagOf` (app/lib/text.ts) writes it and matches any case.
 */

const TAG = param("hashtag");
const SINCE = { at: param("since"), id: param("sinceId") };

export type HashtagStats = { postsCount: number; growthRate: number };

/**
 * The tag's count and growth as the trends job counts them (docs/decisions/033): its posts of the last
 * TREND_WINDOW_MS that everybody may read, and the growth against the window before, from
 * hashtag_trends. A tag without a row had no such post when the job last ran (up to 5 minutes ago):
 * it is counted from its rows of the window, through post_hashtags_tag_idx from the window's first id
 * (coalesce evaluates that only without a row), and its growth is 0. Locked posts are never counted:
 * the page must not tell what a visitor could not read.
 */
export function hashtagStatsRead(db: Db, hashtag: string, now = Date.now()): Read<HashtagStats> {
  const since = now - TREND_WINDOW_MS;
  const read = selectRead<{ postsCount: number; growthRate: number }>(
    db,
    "hashtag:stats",
    () => {
      const recentCount = sql`SELECT count(*) FROM ${postHashtags} INDEXED BY post_hashtags_tag_idx CROSS JOIN ${posts} ON ${posts.id} = ${postHashtags.postId}
        WHERE ${postHashtags.hashtag} = asked.hashtag AND ${postHashtags.postId} >= ${SINCE.id} AND ${postHashtags.createdAt} > ${SINCE.at}
          AND ${readableByEveryoneSql()}`;
      const fields = {
        postsCount: sql<number>`coalesce(${hashtagTrends.postsCount}, (${recentCount}))`.as("hashtag_posts_count"),
        growthRate: sql<number>`coalesce(${hashtagTrends.growthRate}, 0)`.as("hashtag_growth_rate"),
      };
      const query = db
        .select(fields)
        .from(sql`(SELECT ${TAG} AS hashtag) AS asked`)
        .leftJoin(hashtagTrends, eq(hashtagTrends.hashtag, sql`asked.hashtag`));
      return { fields, query };
    },
    { hashtag, since, sinceId: firstIdAt(since) },
  );
  return mapRead(read, (rows) => ({ postsCount: Number(rows[0]?.postsCount ?? 0), growthRate: Number(rows[0]?.growthRate ?? 0) }));
}

/**
 * Posts with the tag, newest first: the condition picks its page itself through post_hashtags_tag_idx
 * (hashtag, post_id), named, walking the tag's rows from the newest post and stopping at a page,
 * keyset-paged by the post's id. Posts in communities the viewer may see are among them (035). A post
 * the viewer may not see is left out: its hashtags are its content, and a locked post never matches
 * by them (decision 016).
 */
function taggedWith(hashtag: string): CardCondition {
  return {
    key: "hashtag",
    picksPage: true,
    values: { hashtag },
    where: ({ viewer, before, size }) => sql`${posts.id} IN (
      SELECT ph.post_id FROM ${postHashtags} AS ph INDEXED BY post_hashtags_tag_idx CROSS JOIN ${posts} AS tagged ON tagged.id = ph.post_id
      WHERE ph.hashtag = ${TAG}
        AND ${canViewSql(viewer, sql.raw("tagged.user_id"), sql.raw("tagged.is_subscriber_only"), P.now, sql.raw("tagged.community_id"))}${before ? sql` AND ph.post_id < ${before}` : sql``}
      ORDER BY ph.post_id DESC LIMIT ${size})`,
  };
}

export function hashtagPostsRead(db: Db, viewer: Viewer, hashtag: string, options: ListOptions = {}): Read<FeedPage> {
  return cardsRead(db, viewer, [taggedWith(hashtag)], options);
}

export type LoadedHashtag = { stats: HashtagStats | null; page: FeedPage; failed: string | null };

/**
 * The hashtag page's reads, handed to the session's round trip (026): call before awaiting anything,
 * then `requireUser`. A failed read is the feed's message with the cursor kept (015), and no count.
 */
export async function loadHashtagPage(context: AppLoadContext, hashtag: string, cursor: string | null): Promise<LoadedHashtag> {
  let stats: HashtagStats | null = null;
  const { page, failed } = await loadFeedPage(async () => {
    const answers = await context.readAsMember((viewer) => [hashtagStatsRead(context.db, hashtag), hashtagPostsRead(context.db, viewer, hashtag, { cursor })] as const);
    stats = answers?.[0] ?? null;
    return answers?.[1] ?? { items: [], nextCursor: cursor };
  }, cursor);
  return { stats, page, failed };
}
