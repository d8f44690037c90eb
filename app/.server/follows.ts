import { and, eq, sql, type SQL } from "drizzle-orm";
import { PROFILE_MESSAGES } from "~/lib/texts/profile";
import type { Db } from "./db/client";
import { batchable } from "./db/drizzle-internals";
import { follows, users } from "./db/schema";
import { newId } from "./ids";
import { refuse, type Outcome } from "./outcome";
import { hasUsername } from "./users";

/**
 * Follows: a member follows another (never themselves); followers_count and following_count follow by
 * trigger (docs/decisions/003). The caller passes the wanted state, and the pair is unique
 * (follows_pair_unique), so a repeated or concurrent request leaves one row and the counts right.
 */

export const FOLLOW_MESSAGES = {
  self: PROFILE_MESSAGES.followSelf,
  notFound: PROFILE_MESSAGES.notFound,
} as const;

/**
 * users.id written out in full: in a select from one table drizzle leaves columns unqualified, and an
 * unqualified "id" inside a subquery on follows would be the follow's own id.
 */
export const USERS_ID = sql.raw(`"users"."id"`);

export type FollowResult = { following: boolean; username: string; followersCount: number };

/**
 * Follows or unfollows the member `target` names, in one batch: the write (conditioned in SQL: only a
 * member who exists and is not the follower) and the target as it is afterwards.
 */
async function applyFollow(db: Db, followerId: string, target: SQL, wanted: boolean): Promise<Outcome<FollowResult>> {
  const targetId = sql`(SELECT ${users.id} FROM ${users} WHERE ${target})`;
  const write = wanted
    ? batchable(
        db.$client,
        db.all(sql`INSERT INTO ${follows} (id, follower_id, following_id)
          SELECT ${newId()}, ${followerId}, ${users.id} FROM ${users} WHERE ${target} AND ${users.id} <> ${followerId}
          ON CONFLICT DO NOTHING`),
      )
    : db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, targetId)));
  const [, found] = await db.batch([
    write,
    db
      .select({
        id: users.id,
        username: users.username,
        followersCount: users.followersCount,
        following: sql<number>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${followerId} AND ${follows.followingId} = ${USERS_ID})`.as("follow_state"),
      })
      .from(users)
      .where(target),
  ]);
  const member = found[0];
  if (!member) return refuse(404, FOLLOW_MESSAGES.notFound);
  if (member.id === followerId) return refuse(400, FOLLOW_MESSAGES.self);
  return { ok: true, following: Boolean(member.following), username: member.username, followersCount: member.followersCount };
}

/** Follow or unfollow a member by username (any case), as the profile's Follow button does. */
export function setFollowByUsername(db: Db, followerId: string, username: string, wanted: boolean): Promise<Outcome<FollowResult>> {
  return applyFollow(db, followerId, hasUsername(username), wanted);
}

/** Follow or unfollow a member by id (fixtures and tests). */
export async function setFollow(db: Db, followerId: string, followingId: string, wanted: boolean): Promise<Outcome<{ following: boolean }>> {
  if (followerId === followingId) return refuse(400, FOLLOW_MESSAGES.self);
  return applyFollow(db, followerId, eq(users.id, followingId), wanted);
}
