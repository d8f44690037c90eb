import { desc, eq } from "drizzle-orm";
import { TRENDING_LIMIT } from "~/lib/constants";
import type { Db } from "./db/client";
import { mapRead, param, selectRead } from "./db/reads";
import { hashtagTrends, sessions, users } from "./db/schema";
import { unreadConversationsSql } from "./messages";
import { unreadNotificationsSql } from "./notifications";
import { offeringSql } from "./users";

/**
 * What the signed-in shell shows on every page: the unread badge, the trends and whether the composer
 * may offer 'Subscribers only'. Its reads are keyed by the session, so they travel in the session's
 * own batch (app/.server/context.ts), with the page's own reads when its loader hands them over:
 * a page waits for one round trip (docs/decisions/020, 026).
 */
export type ShellData = {
  unreadNotifications: number;
  /** Conversations with messages the member has not read (docs/decisions/036). */
  unreadMessages: number;
  trends: { hashtag: string; postsCount: number }[];
  canPostForSubscribers: boolean;
  /**
   * When the request began, before its counts were read (ms): a live count the member room read after
   * that is newer than these (app/lib/live-rooms.ts).
   */
  badgesAt: number;
};

export function shellReads(db: Db, sessionId: string) {
  const S = { session: param("session") };
  const memberFields = {
    // Items as the page shows them (decision 032): unread heads (notifications_unread_idx), counted
    // only as far as the badge tells them apart (99+).
    unread: unreadNotificationsSql(users.id).as("shell_unread"),
    unreadMessages: unreadConversationsSql(users.id).as("shell_unread_messages"),
    // Subscriber-only posts only while the member offers subscriptions.
    offering: offeringSql().as("shell_offering"),
  };
  const member = selectRead<ShellMember>(
    db,
    "shell:member",
    // Joined from the session (not `users.id = (SELECT …)`, which D1's planner may answer by a scan).
    () => ({
      fields: memberFields,
      query: db.select(memberFields).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, S.session)),
    }),
    { session: sessionId },
  );
  const trendFields = { hashtag: hashtagTrends.hashtag, postsCount: hashtagTrends.postsCount };
  const trends = selectRead<ShellData["trends"][number]>(
    db,
    "shell:trends",
    () => ({
      fields: trendFields,
      query: db.select(trendFields).from(hashtagTrends).orderBy(desc(hashtagTrends.postsCount), desc(hashtagTrends.growthRate)).limit(TRENDING_LIMIT),
    }),
  );
  return [mapRead(member, (rows) => rows[0] ?? null), trends] as const;
}

type ShellMember = { unread: number; unreadMessages: number; offering: number };

export function toShell(member: ShellMember | null, trends: ShellData["trends"], readFrom: number): ShellData {
  return {
    badgesAt: readFrom,
    unreadNotifications: member?.unread ?? 0,
    unreadMessages: member?.unreadMessages ?? 0,
    trends,
    canPostForSubscribers: Boolean(member?.offering),
  };
}
