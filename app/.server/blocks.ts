import { and, eq, or, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { BLOCK_PURGE } from "~/lib/constants";
import { BLOCK_TEXTS } from "~/lib/texts/profile";
import type { KeptMemberPage } from "~/lib/types/profile";
import type { Db } from "./db/client";
import { batchable, rawRows } from "./db/drizzle-internals";
import type { Read } from "./db/reads";
import { blocks, comments, creatorSubscriptions, follows, notifications, postReposts, posts, users } from "./db/schema";
import { newId } from "./ids";
import { keptMembersRead, otherMember, type MemberTarget } from "./kept-members";
import type { Outcome } from "./outcome";
import type { StoppedRenewals } from "./subscriptions";
import type { Viewer } from "./viewer";

/**
 * Blocks (docs/decisions/100): a member blocks another, and from then on neither sees the other's posts
 * or comments (the access rule, ./posts/access.ts), follows the other, writes to the other or is told of
 * what the other does. A block is the blocker's to undo. The spec has none; X, Instagram and Mastodon do.
 */

export type BlockTarget = MemberTarget;

/** A repost a block took back (its entry's id, who reposted it, its community): the pages showing it are told. */
export type TakenBack = { id: string; userId: string; communityId: string | null };

/**
 * The member a username names, as a block or an unblock finds them (and the confirmation page shows
 * them): not oneself, and existing.
 */
export function blockTarget(db: Db, memberId: string, username: string): Promise<Outcome<BlockTarget>> {
  return otherMember(db, memberId, username, BLOCK_TEXTS.self);
}

/**
 * Blocks the member `username` names, in one batch: the block (a second one changes nothing), the
 * follows between the two either way (the counters follow by trigger, 003), each one's reposts of the
 * other's posts, the notifications either
 * has of the other, and the renewal of any creator subscription between them (the period paid for
 * stays; the caller stops it at the provider after the answer, `stopped`, and tells the pages showing
 * the reposts taken back, `takenBack`). It also names the blocker's posts whose pages showed the
 * blocked member's comments, now hidden from everyone (`commentedPosts`, bounded by BLOCK_PURGE), for the
 * caller to purge visitors' copies of. A blocked subscriber keeps
 * no access, since the rule hides the creator's posts from them, so nothing more is charged for it.
 */
export async function blockMember(
  db: Db,
  memberId: string,
  username: string,
  now = Date.now(),
): Promise<Outcome<BlockTarget & { stopped: StoppedRenewals; takenBack: TakenBack[]; commentedPosts: string[] }>> {
  const target = await blockTarget(db, memberId, username);
  if (!target.ok) return target;
  const other = target.id;
  const between = (one: AnySQLiteColumn, two: AnySQLiteColumn) => or(and(eq(one, memberId), eq(two, other)), and(eq(one, other), eq(two, memberId)));
  // Each one's reposts of the other's posts, as an un-repost takes them back (the entry and the
  // member's repost row; the counters by trigger): a blocked member's repost would go on spreading the
  // post. Both are found from the repost rows (post_reposts_user_idx: each one's reposts, each original
  // by its key), not from all of either member's posts, so the entries go first.
  const repostsBetween = sql`SELECT mine.post_id, mine.user_id FROM ${postReposts} AS mine JOIN ${posts} AS reposted ON reposted.id = mine.post_id
    WHERE mine.user_id IN (${memberId}, ${other}) AND reposted.user_id = CASE mine.user_id WHEN ${memberId} THEN ${other} ELSE ${memberId} END`;
  const [commented, , , takenBack, , , stopped] = await db.batch([
    // The blocked member's newest comments by comments_user_idx (rowid order within a member), kept
    // if under the blocker's posts: a few hundred index entries and post keys, however many they wrote.
    rawRows<{ postId: string }>(
      db,
      sql`SELECT theirs.post_id AS postId FROM (SELECT ${comments.postId} AS post_id, ${comments}.rowid AS at FROM ${comments}
          WHERE ${comments.userId} = ${other} ORDER BY ${comments}.rowid DESC LIMIT ${BLOCK_PURGE.commentsRead}) AS theirs
        JOIN ${posts} ON ${posts.id} = theirs.post_id WHERE ${posts.userId} = ${memberId}
        GROUP BY theirs.post_id ORDER BY max(theirs.at) DESC LIMIT ${BLOCK_PURGE.posts}`,
    ),
    batchable(
      db.$client,
      db.all(sql`INSERT INTO ${blocks} (id, blocker_id, blocked_id, created_at)
        SELECT ${newId(now)}, ${memberId}, ${users.id}, ${now} FROM ${users} WHERE ${users.id} = ${other}
        ON CONFLICT DO NOTHING`),
    ),
    db.delete(follows).where(between(follows.followerId, follows.followingId)),
    rawRows<TakenBack>(
      db,
      sql`DELETE FROM ${posts} WHERE ${posts.repostedFromPostId} IS NOT NULL AND (${posts.repostedFromPostId}, ${posts.userId}) IN (${repostsBetween})
      RETURNING id, user_id AS userId, community_id AS communityId`,
    ),
    batchable(db.$client, db.run(sql`DELETE FROM ${postReposts} WHERE (${postReposts.postId}, ${postReposts.userId}) IN (${repostsBetween})`)),
    db.delete(notifications).where(between(notifications.userId, notifications.relatedUserId)),
    db
      .update(creatorSubscriptions)
      .set({ cancelledAt: new Date(now) })
      .where(
        and(
          between(creatorSubscriptions.subscriberId, creatorSubscriptions.subscribedToId),
          // Whatever its status: a lapsed Stripe one (095) is still retried at Stripe, and a retry that
          // succeeds would make it active again.
          sql`${creatorSubscriptions.cancelledAt} IS NULL`,
        ),
      )
      .returning({ provider: creatorSubscriptions.provider, reference: creatorSubscriptions.providerReference }),
  ]);
  return { ...target, stopped, takenBack, commentedPosts: commented.map((row) => row.postId) };
}

/** Undoes the member's block of `username` (none: nothing changes, and it is still an answer). */
export async function unblockMember(db: Db, memberId: string, username: string): Promise<Outcome<BlockTarget>> {
  const target = await blockTarget(db, memberId, username);
  if (!target.ok) return target;
  await db.delete(blocks).where(and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, target.id)));
  return target;
}

/** Whether two members are in a block, either way (a payment between them is not applied: decision 100). */
export async function inBlock(db: Db, one: string, other: string): Promise<boolean> {
  const row = await db.select({ id: blocks.id }).from(blocks).where(or(and(eq(blocks.blockerId, one), eq(blocks.blockedId, other)), and(eq(blocks.blockerId, other), eq(blocks.blockedId, one)))).get();
  return row !== undefined;
}

/**
 * Which of `others` are in a block with `memberId`, either way (a feed room leaves them out when it
 * announces the member's new post): the list goes as one JSON value, so a room of any size is one
 * statement, each id one probe of the pair's key or of blocks_blocked_idx.
 */
export async function inBlockWithAmong(db: Db, memberId: string, others: string[]): Promise<string[]> {
  if (others.length === 0) return [];
  const rows = await rawRows<{ other: string }>(
    db,
    sql`WITH listed AS MATERIALIZED (SELECT value AS id FROM json_each(${JSON.stringify(others)}))
      SELECT ${blocks.blockedId} AS other FROM ${blocks} WHERE ${blocks.blockerId} = ${memberId} AND ${blocks.blockedId} IN (SELECT id FROM listed)
      UNION SELECT ${blocks.blockerId} FROM ${blocks} WHERE ${blocks.blockedId} = ${memberId} AND ${blocks.blockerId} IN (SELECT id FROM listed)`,
  );
  return rows.map((row) => row.other);
}

/** One keyset page of the members the viewer blocked, newest block first. */
export function blockedListRead(db: Db, viewer: Viewer, cursor: string | null = null): Read<KeptMemberPage> {
  return keptMembersRead(db, viewer, cursor, { key: "blocked-list", table: blocks, by: blocks.blockerId, of: blocks.blockedId });
}
