import { sql } from "drizzle-orm";
import { POST_STATS_TOP } from "~/lib/constants";
import { clipCharacters } from "~/lib/text";
import type { PostStats } from "~/lib/types/subscription";
import type { Db } from "./db/client";
import { mapRead, selectRead, type Read } from "./db/reads";
import { posts, users } from "./db/schema";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "./viewer";

/** How much of a post's text names it in the list of the most viewed. */
const EXCERPT_CHARACTERS = 80;

/** Only a verified member reads their numbers (the benefit 'Advanced Analytics', decision 073): for anyone else the reads stop at once. */
const verifiedSql = (me: unknown) => sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${me} AND ${users.verifiedType} IS NOT NULL)`;

type TotalsRow = { posts: number; views: number; likes: number; reposts: number; comments: number };
type TopRow = { id: string; content: string; hasMedia: number; views: number; likes: number };

/**
 * A verified member's own posts in numbers (/verified): how many, their views, likes, reposts and
 * comments in all, and the POST_STATS_TOP most viewed. Reposts are not their posts and are left out;
 * posts in communities and for subscribers count. Two reads of posts_user_stats_idx alone (the top
 * posts' rows for their text only), however many posts the member has; in the session's trip.
 */
export function postStatsReads(db: Db, viewer: Viewer): [Read<Omit<PostStats, "top">>, Read<PostStats["top"]>] {
  const own = (me: unknown) => sql`${posts.userId} = ${me} AND ${posts.repostedFromPostId} IS NULL AND ${verifiedSql(me)}`;
  const totals = selectRead<TotalsRow>(
    db,
    `post-stats:${viewerKey(viewer)}`,
    () => {
      const fields = {
        posts: sql<number>`count(*)`.as("stats_posts"),
        views: sql<number>`coalesce(sum(${posts.viewsCount}), 0)`.as("stats_views"),
        likes: sql<number>`coalesce(sum(${posts.likesCount}), 0)`.as("stats_likes"),
        reposts: sql<number>`coalesce(sum(${posts.repostsCount}), 0)`.as("stats_reposts"),
        comments: sql<number>`coalesce(sum(${posts.commentsCount}), 0)`.as("stats_comments"),
      };
      return { fields, query: db.select(fields).from(posts).where(own(viewerSql(viewer) ?? sql`NULL`)) };
    },
    viewerValues(viewer),
  );
  const top = selectRead<TopRow>(
    db,
    `post-stats-top:${viewerKey(viewer)}`,
    () => {
      const fields = {
        id: posts.id,
        content: posts.content,
        hasMedia: sql<number>`${posts.mediaUrls} IS NOT NULL OR ${posts.videoUrl} IS NOT NULL`.as("stats_has_media"),
        views: posts.viewsCount,
        likes: posts.likesCount,
      };
      const query = db
        .select(fields)
        .from(posts)
        .where(own(viewerSql(viewer) ?? sql`NULL`))
        .orderBy(sql`${posts.viewsCount} DESC, ${posts.id} DESC`)
        .limit(POST_STATS_TOP);
      return { fields, query };
    },
    viewerValues(viewer),
  );
  return [
    mapRead(totals, ([row]) => ({
      posts: Number(row?.posts ?? 0),
      views: Number(row?.views ?? 0),
      likes: Number(row?.likes ?? 0),
      reposts: Number(row?.reposts ?? 0),
      comments: Number(row?.comments ?? 0),
    })),
    mapRead(top, (rows) => rows.map((row) => ({ id: row.id, excerpt: clipCharacters(row.content, EXCERPT_CHARACTERS), hasMedia: Boolean(row.hasMedia), views: row.views, likes: row.likes }))),
  ];
}
