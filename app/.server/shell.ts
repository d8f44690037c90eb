import { and, desc, eq, sql } from "drizzle-orm";
import { TRENDING_LIMIT } from "~/lib/constants";
import type { Db } from "./db/client";
import { hashtagTrends, notifications } from "./db/schema";

/** What the signed-in shell shows on every page: the unread badge and the trends, in one round trip. */
export async function getShellData(db: Db, userId: string) {
  const [unread, trends] = await db.batch([
    db
      .select({ count: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
    db
      .select({ hashtag: hashtagTrends.hashtag, postsCount: hashtagTrends.postsCount })
      .from(hashtagTrends)
      .orderBy(desc(hashtagTrends.postsCount), desc(hashtagTrends.growthRate))
      .limit(TRENDING_LIMIT),
  ]);
  return { unreadNotifications: unread[0]?.count ?? 0, trends };
}
