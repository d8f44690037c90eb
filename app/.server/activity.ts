import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { ACTIVITY_RECORD_EVERY_MS } from "~/lib/constants";
import type { Db } from "./db/client";
import { memberSettings, messages, users } from "./db/schema";
import { blockedPairSql } from "./posts/access";

/**
 * A member's activity status (spec document 2 §3 showActivity; decisions 076, 082): when they last
 * used Murmur, written at most once an ACTIVITY_RECORD_EVERY_MS while they share it (turning it off
 * forgets it), and shown to a member they have written to only while both share theirs.
 */

/** Whether the member's last activity, as their session's read found it, is due to be written again. */
export function activityDue(lastActiveAt: Date | null, now: number): boolean {
  return lastActiveAt === null || now - lastActiveAt.getTime() >= ACTIVITY_RECORD_EVERY_MS;
}

/** A member's showActivity (no settings row: on), for the member `memberId` names; the session's read asks it too. */
export const sharesSql = (memberId: unknown) =>
  sql`coalesce((SELECT ${memberSettings.showActivity} FROM ${memberSettings} WHERE ${memberSettings.userId} = ${memberId}), 1)`;

/**
 * Writes it, only while it is still due (two pages at once write it once) and the member still shares
 * it (a page that read the setting before it was turned off must not write the time it just forgot).
 */
export async function recordActivity(db: Db, memberId: string, now: number): Promise<void> {
  const due = or(isNull(users.lastActiveAt), lte(users.lastActiveAt, new Date(now - ACTIVITY_RECORD_EVERY_MS)));
  await db.update(users).set({ lastActiveAt: new Date(now) }).where(and(eq(users.id, memberId), due, sql`${sharesSql(users.id)} = 1`));
}

/**
 * Whether `viewerId` sees when `otherId` was last active in their conversation: both share their
 * activity status, as the usual meaning of the setting has it (one who hides theirs sees no one's),
 * and the other has written in it: the setting's "people you message" (decision 082). Without that,
 * anyone allowed to press Message could read a member's last activity without writing a word. Never
 * while they are in a block, either way (decision 120): the conversation stays readable, but a blocked
 * member learns nothing new of the other.
 */
export const activityShownSql = (otherId: AnySQLiteColumn, viewerId: AnySQLiteColumn, conversationId: unknown) =>
  sql<number>`(${sharesSql(otherId)} AND ${sharesSql(viewerId)} AND NOT ${blockedPairSql(viewerId, otherId)}
    AND EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.conversationId} = ${conversationId} AND ${messages.senderId} = ${otherId}))`;
