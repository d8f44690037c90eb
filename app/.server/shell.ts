import { and, desc, eq, sql } from "drizzle-orm";
import { TRENDING_LIMIT } from "~/lib/constants";
import type { Db } from "./db/client";
import { hashtagTrends, notifications } from "./db/schema";
import { offersPaidSubscriptions, subscriptionOffer } from "./users";

/**
 * What the signed-in shell shows on every page, in one round trip: the unread badge, the trends and
 * whether the composer may offer 'Subscribers only'.
 */
export async function getShellData(db: Db, userId: string) {
  const [unread, trends, member] = await db.batch([
    db
      .select({ count: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
    db
      .select({ hashtag: hashtagTrends.hashtag, postsCount: hashtagTrends.postsCount })
      .from(hashtagTrends)
      .orderBy(desc(hashtagTrends.postsCount), desc(hashtagTrends.growthRate))
      .limit(TRENDING_LIMIT),
    subscriptionOffer(db, userId),
  ]);
  return {
    unreadNotifications: unread[0]?.count ?? 0,
    trends,
    canPostForSubscribers: offersPaidSubscriptions(member[0]),
  };
}
