import { and, eq, sql, type SQL } from "drizzle-orm";
import { BLOCK_TEXTS, PROFILE_MESSAGES, REMOVE_FOLLOWER_TEXTS } from "~/lib/texts/profile";
import type { Db } from "./db/client";
import { batchable } from "./db/drizzle-internals";
import { follows, users } from "./db/schema";
import { newId } from "./ids";
import { refuse, type Outcome } from "./outcome";
import { blockedPairSql } from "./posts/access";
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
            AND NOT ${blockedPairSql(followerId, USERS_ID)}
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
        blocked: blockedPairSql(followerId, USERS_ID).as("follow_blocked"),
      })
      .from(users)
      .where(target),
  ]);
  const member = found[0];
  if (!member) return refuse(404, FOLLOW_MESSAGES.notFound);
  if (member.id === followerId) return refuse(400, FOLLOW_MESSAGES.self);
  // Never between two members in a block, either way (decision 100); unfollowing is always allowed.
  if (wanted && member.blocked) return refuse(403, BLOCK_TEXTS.cannotFollow(member.username));
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

export type RemovedFollower = { username: string; displayName: string; followersCount: number };

/**
 * A member removes one of their followers (docs/decisions/098): the follows row where they are followed
 * and the named member follows, in one batch with the follower and the member's count as they are
 * afterwards. The triggers do what an unfollow does (both counts, the follow's unread notification),
 * and every read of follows (Following, the audience rule of decision 031) stops counting it at once.
 * The removed member is not told. A member who does not exist is 404; one who does not follow the
 * member (or has just been removed) is 409, and nothing changes.
 */
export async function removeFollower(db: Db, memberId: string, followerUsername: string): Promise<Outcome<RemovedFollower>> {
  const followerId = sql`(SELECT ${users.id} FROM ${users} WHERE ${hasUsername(followerUsername)})`;
  const [removed, found, member] = await db.batch([
    db
      .delete(follows)
      .where(and(eq(follows.followingId, memberId), eq(follows.followerId, followerId)))
      .returning({ id: follows.id }),
    db.select({ username: users.username, displayName: users.displayName }).from(users).where(hasUsername(followerUsername)),
    db.select({ followersCount: users.followersCount }).from(users).where(eq(users.id, memberId)),
  ]);
  const follower = found[0];
  if (!follower) return refuse(404, FOLLOW_MESSAGES.notFound);
  if (removed.length === 0) return refuse(409, REMOVE_FOLLOWER_TEXTS.notFollower(follower.username));
  return { ok: true, ...follower, followersCount: member[0]?.followersCount ?? 0 };
}

/**
 * The follower a member is about to remove, for the confirmation (the page without JavaScript): the
 * same refusals as `removeFollower`, read without writing.
 */
export async function followerToRemove(db: Db, memberId: string, followerUsername: string): Promise<Outcome<{ username: string; displayName: string }>> {
  const [follower] = await db
    .select({
      username: users.username,
      displayName: users.displayName,
      follows: sql<number>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${USERS_ID} AND ${follows.followingId} = ${memberId})`.as("follows_member"),
    })
    .from(users)
    .where(hasUsername(followerUsername));
  if (!follower) return refuse(404, FOLLOW_MESSAGES.notFound);
  if (!follower.follows) return refuse(409, REMOVE_FOLLOWER_TEXTS.notFollower(follower.username));
  return { ok: true, username: follower.username, displayName: follower.displayName };
}
