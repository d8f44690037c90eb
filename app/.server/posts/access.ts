import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { blocks, communities, communityMembers, creatorSubscriptions, follows, memberSettings, mutes, posts } from "../db/schema";

/**
 * Whether the viewer is among the people an author shares posts with (decision 031): everyone, unless
 * the author keeps them for followers (postVisibility 'followers': the author and their followers), or
 * keeps them from signed-out visitors (profileVisibility 'private', decision 030), or the two members
 * are in a block, either way (decision 100: a signed-in member never sees the posts of someone they
 * blocked or who blocked them). A viewer given as SQL that finds no member (an unknown or expired
 * session) is a visitor here. The settings and the blocks count sit in member_settings_audience_idx,
 * which holds only the members who chose one or are in a block, so the answer for everyone else is one
 * probe of a small index.
 */
export function inAudienceSql(viewerId: string | Placeholder | SQL | null, authorId: SQL | typeof posts.userId): SQL<number> {
  // The author keeps their posts from someone (the rows member_settings_audience_idx holds). Written as
  // the index's condition, so that SQLite may use it.
  const keepsSome = sql`${memberSettings.userId} = ${authorId}
    AND (${memberSettings.postVisibility} = 'followers' OR ${memberSettings.profileVisibility} = 'private' OR ${memberSettings.blocksCount} > 0)`;
  const fromVisitors = sql`(${memberSettings.postVisibility} = 'followers' OR ${memberSettings.profileVisibility} = 'private')`;
  const keeps = sql`SELECT 1 FROM ${memberSettings} INDEXED BY member_settings_audience_idx WHERE ${keepsSome}`;
  if (!viewerId) return qualified(sql`NOT EXISTS (${keeps} AND ${fromVisitors})`);
  if (viewerId === viewerOnce) {
    // The same rule with `me` joined: its column, not three subqueries of it (decision 062).
    return qualified(sql`NOT EXISTS (SELECT 1 FROM me CROSS JOIN ${memberSettings} INDEXED BY member_settings_audience_idx
      LEFT JOIN ${follows} AS audience_follow ON audience_follow.follower_id = me.id AND audience_follow.following_id = ${memberSettings.userId}
      WHERE ${keepsSome} AND CASE
      WHEN me.id IS NULL THEN ${fromVisitors}
      WHEN ${memberSettings.blocksCount} > 0 AND ${blockedPairSql(sql`me.id`, authorId)} THEN 1
      WHEN ${memberSettings.postVisibility} = 'followers' THEN ${authorId} IS NOT me.id AND audience_follow.follower_id IS NULL
      ELSE 0 END)`);
  }
  return qualified(sql`NOT EXISTS (${keeps} AND CASE
    WHEN ${viewerId} IS NULL THEN ${fromVisitors}
    WHEN ${memberSettings.blocksCount} > 0 AND ${blockedPairSql(viewerId, authorId)} THEN 1
    WHEN ${memberSettings.postVisibility} = 'followers' THEN ${authorId} IS NOT ${viewerId}
      AND NOT EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewerId} AND ${follows.followingId} = ${authorId})
    ELSE 0 END)`);
}

/**
 * Whether two members are in a block, either way (decision 100): a probe of the blocks key each way.
 * `one` is named once (a session's member is two bound values, and a statement has at most 100). The
 * blocks count of member_settings says whether a member is in any; ask it first where it is at hand.
 */
export function blockedPairSql(one: string | Placeholder | SQL | AnySQLiteColumn, other: SQL | AnySQLiteColumn | string | Placeholder): SQL<number> {
  return qualified(sql`EXISTS (SELECT 1 FROM (SELECT ${one} AS id) AS pair_one JOIN ${blocks} AS pair_block
    ON (pair_block.blocker_id = pair_one.id AND pair_block.blocked_id = ${other}) OR (pair_block.blocker_id = ${other} AND pair_block.blocked_id = pair_one.id))`);
}

/**
 * Whether a post's author is not one the viewer muted (decision 107): Home's feeds and Videos leave
 * muted members out; lists one opens by choice (their profile, a search, a tag, a community, bookmarks)
 * do not. The muted members are listed once per statement (an uncorrelated list SQLite builds once),
 * so each row costs one look-up in it, nothing when the viewer muted no one. True for a visitor.
 */
export function notMutedSql(viewer: SQL | null, authorId: SQL | AnySQLiteColumn): SQL<number> {
  if (!viewer) return sql<number>`1`;
  return qualified(sql`${authorId} NOT IN (SELECT ${mutes.mutedId} FROM ${mutes} WHERE ${mutes.muterId} = ${viewer})`);
}

/** For an entry under `alias`: a repost's original is not by a member the viewer muted (decision 107). */
export function originalNotMutedSql(viewer: SQL | null, alias: string): SQL<number> {
  const original = sql.raw(`${alias}.reposted_from_post_id`);
  return qualified(sql`${original} IS NULL OR ${notMutedSql(viewer, sql`(SELECT mo.user_id FROM ${posts} AS mo WHERE mo.id = ${original})`)}`);
}

/**
 * Which way a block between the viewer and a member goes, when there is one: 'blockedByYou' (the
 * viewer's own, which they can undo; it wins when both blocked) or 'blocksYou'. NULL otherwise.
 */
export function blockWaySql(viewer: string | Placeholder | SQL, member: SQL | AnySQLiteColumn | string | Placeholder): SQL<"blockedByYou" | "blocksYou" | null> {
  // An aggregate of the (at most two) rows rather than a sort of them: none gives NULL.
  return sql<"blockedByYou" | "blocksYou" | null>`(SELECT CASE WHEN max(way_block.blocker_id = way_one.id) = 1 THEN 'blockedByYou' WHEN count(*) > 0 THEN 'blocksYou' END
    FROM (SELECT ${viewer} AS id) AS way_one JOIN ${blocks} AS way_block
    ON (way_block.blocker_id = way_one.id AND way_block.blocked_id = ${member}) OR (way_block.blocker_id = ${member} AND way_block.blocked_id = way_one.id))`;
}

/**
 * For a list of comments: true unless the writer is in a block with the viewer, or the author of the
 * post the comment is on blocked the writer (decision 100: a blocked member's comments under the
 * blocker's posts are hidden from everyone, as Instagram hides them, so the blocker need not find and
 * delete them). Only a writer the audience index holds with a blocks count is asked further, so a list
 * of anyone else's comments pays one probe of a small index a row.
 */
export function notBlockedWriterSql(viewerId: string | Placeholder | SQL | null, writerId: SQL | AnySQLiteColumn, postAuthorId: SQL | AnySQLiteColumn): SQL<number> {
  const byAuthor = blockedByAuthorSql(postAuthorId, writerId);
  const hidden = viewerId ? sql`(${blockedPairSql(viewerId, writerId)} OR ${byAuthor})` : byAuthor;
  return qualified(sql`NOT EXISTS (SELECT 1 FROM ${memberSettings} INDEXED BY member_settings_audience_idx
    WHERE ${memberSettings.userId} = ${writerId}
      AND (${memberSettings.postVisibility} = 'followers' OR ${memberSettings.profileVisibility} = 'private' OR ${memberSettings.blocksCount} > 0)
      AND ${memberSettings.blocksCount} > 0 AND ${hidden})`);
}

/** Whether a post's author blocked a comment's writer: the comment is then no one's to see or answer (decision 100). */
export function blockedByAuthorSql(postAuthorId: SQL | AnySQLiteColumn | string, writerId: SQL | AnySQLiteColumn): SQL<number> {
  return qualified(sql`EXISTS (SELECT 1 FROM ${blocks} AS author_block WHERE author_block.blocker_id = ${postAuthorId} AND author_block.blocked_id = ${writerId})`);
}

/**
 * Drizzle writes the columns of a single-table select's own fields without their table's name, so an
 * outer column inside a subquery (`posts.user_id` beside `member_settings.user_id`) would name the inner
 * one. Nested one level down, every column keeps its table's name, whatever the statement.
 */
function qualified(condition: SQL): SQL<number> {
  return sql<number>`(${condition})`;
}

/**
 * The viewer read once per statement (a search names them in a dozen places, and a session's member is
 * two bound values each time, past D1's 100 per statement): `viewerOnceCte` makes `me`, a one-row
 * table of their id, and `viewerOnce` is that id as SQL. The rules here given `viewerOnce` join `me`
 * rather than read it in a subquery at each mention: each subquery costs its preparing (decision 062),
 * paid once per statement workerd keeps (per isolate) since 064. `viewerIf`: the viewer only while the
 * condition holds of their id, else `me` is no one (NULL).
 */
export const viewerOnceCte = (viewer: SQL, viewerIf?: (viewerId: SQL) => SQL) =>
  viewerIf
    ? sql`me AS MATERIALIZED (SELECT CASE WHEN ${viewerIf(sql`v.id`)} THEN v.id END AS id FROM (SELECT ${viewer} AS id) AS v)`
    : sql`me AS MATERIALIZED (SELECT ${viewer} AS id)`;
export const viewerOnce: SQL = sql`(SELECT id FROM me)`;

/** Whether the author keeps their posts for followers (the one feed room must not announce them). */
export function keepsForFollowersSql(authorId: SQL | AnySQLiteColumn): SQL<number> {
  return qualified(sql`EXISTS (SELECT 1 FROM ${memberSettings} INDEXED BY member_settings_audience_idx
    WHERE ${memberSettings.userId} = ${authorId} AND ${memberSettings.postVisibility} = 'followers')`);
}

/**
 * Whether a member is in any block, either way (decision 100): the feed rooms then leave the members in
 * a block with them out when announcing their new posts. One probe of member_settings_audience_idx.
 */
export function inAnyBlockSql(memberId: SQL | AnySQLiteColumn): SQL<number> {
  return qualified(sql`EXISTS (SELECT 1 FROM ${memberSettings} INDEXED BY member_settings_audience_idx
    WHERE ${memberSettings.userId} = ${memberId} AND ${memberSettings.blocksCount} > 0)`);
}

/**
 * Whether anyone muted a member (decision 107): Home's rooms then leave out the members who muted them
 * when announcing their new posts. One probe of mutes_muted_idx.
 */
export function mutedByAnySql(memberId: SQL | AnySQLiteColumn): SQL<number> {
  return qualified(sql`EXISTS (SELECT 1 FROM ${mutes} AS any_mute WHERE any_mute.muted_id = ${memberId})`);
}

/** Whether a post (by its community) is in a private community: the one feed room must not tell of it either. */
export function inPrivateCommunitySql(communityId: SQL | AnySQLiteColumn): SQL<number> {
  return qualified(sql`EXISTS (SELECT 1 FROM ${communities} AS kc WHERE kc.id = ${communityId} AND kc.is_private = 1)`);
}

/**
 * Whether the viewer may see the posts of a post's community (docs/decisions/035): a post outside
 * communities (NULL), one in a public community, or one in a private community the viewer belongs to.
 * A private community is invisible to everyone else, everywhere.
 */
export function inCommunitySql(viewerId: string | Placeholder | SQL | null, communityId: SQL | AnySQLiteColumn): SQL<number> {
  const open = sql`EXISTS (SELECT 1 FROM ${communities} AS pc WHERE pc.id = ${communityId} AND pc.is_private = 0)`;
  if (!viewerId) return qualified(sql`${communityId} IS NULL OR ${open}`);
  return qualified(sql`${communityId} IS NULL OR ${open} OR EXISTS (
    SELECT 1 FROM ${communityMembers} AS pm WHERE pm.community_id = ${communityId} AND pm.user_id = ${viewerId})`);
}

/**
 * Who may see a post's content: the author's audience (above); for a subscriber-only post only its
 * author and members with an active subscription to the author (status active, expiry in the future);
 * and for a post in a private community only its members (`community`; null for a statement that
 * reads no community posts). Every read and every interaction decides through here, on the server.
 */
export function canViewSql(
  viewerId: string | Placeholder | SQL | null,
  authorId: SQL | typeof posts.userId,
  subscriberOnly: SQL | typeof posts.isSubscriberOnly,
  now: number | Placeholder,
  community: SQL | AnySQLiteColumn | null,
): SQL<number> {
  const audience = community ? sql`${inAudienceSql(viewerId, authorId)} AND ${inCommunitySql(viewerId, community)}` : inAudienceSql(viewerId, authorId);
  if (!viewerId) return qualified(sql`${subscriberOnly} = 0 AND ${audience}`);
  return qualified(sql`${audience} AND ${subscriberRuleSql(viewerId, authorId, subscriberOnly, now)}`);
}

/**
 * The subscriber-only part of `canViewSql` alone: a post that is not subscriber-only, or the viewer is
 * its author or has an active subscription to the author. For a statement whose rows are already known
 * to be in the viewer's audience and community (a list, decision 051).
 */
export function subscriberRuleSql(
  viewerId: string | Placeholder | SQL | null,
  authorId: SQL | typeof posts.userId,
  subscriberOnly: SQL | typeof posts.isSubscriberOnly,
  now: number | Placeholder,
): SQL<number> {
  if (!viewerId) return qualified(sql`${subscriberOnly} = 0`);
  const subscribed = (subscriber: SQL | string | Placeholder) => sql`EXISTS (
    SELECT 1 FROM ${creatorSubscriptions}
    WHERE ${creatorSubscriptions.subscriberId} = ${subscriber}
      AND ${creatorSubscriptions.subscribedToId} = ${authorId}
      AND ${creatorSubscriptions.status} = 'active'
      AND ${creatorSubscriptions.expiresAt} > ${now})`;
  // With `me` joined, one subquery of it rather than two (decision 062).
  if (viewerId === viewerOnce) return qualified(sql`${subscriberOnly} = 0 OR EXISTS (SELECT 1 FROM me WHERE me.id = ${authorId} OR ${subscribed(sql`me.id`)})`);
  return qualified(sql`${subscriberOnly} = 0 OR ${authorId} = ${viewerId} OR ${subscribed(viewerId)}`);
}

/**
 * For a list that picks its own rows from `posts AS {alias}`: true when the viewer is in the audience of
 * the post the row shows, a repost's original's author included. Only a repost needs the look-up; the
 * author of a post itself is the caller's to check (a list of one member's posts checks them once).
 */
export function repostInAudienceSql(viewerId: SQL | null, alias: string): SQL<number> {
  const original = sql.raw(`${alias}.reposted_from_post_id`);
  return sql<number>`(${original} IS NULL OR ${inAudienceSql(viewerId, sql`(SELECT o.user_id FROM ${posts} AS o WHERE o.id = ${original})`)})`;
}

/** The post an entry stands for: a repost shows (and is acted on as) its original. */
export function shownPostId(postId: string | Placeholder): SQL<string> {
  return sql<string>`coalesce((SELECT ${posts.repostedFromPostId} FROM ${posts} WHERE ${posts.id} = ${postId}), ${postId})`;
}

/**
 * `authorKeeps`: its author keeps their posts for followers; `privateCommunity`: it is in a private
 * community; `viewerKept`: the member acting keeps theirs (their repost is theirs). Which feed rooms
 * hear of it follows from these (decisions 031, 036).
 */
export type ViewablePost = {
  id: string;
  userId: string;
  communityId: string | null;
  canView: boolean;
  authorKeeps: boolean;
  privateCommunity: boolean;
  viewerKept: boolean;
};

/** The target's row as a query of its own, for a write's batch (`findTargetPost` answers it). */
export function targetPostQuery(db: Db, viewerId: string | null, postId: string, now = Date.now()) {
  return db
    .select({
      id: posts.id,
      userId: posts.userId,
      communityId: posts.communityId,
      canView: canViewSql(viewerId, posts.userId, posts.isSubscriberOnly, now, posts.communityId),
      ...audienceColumns(),
      viewerKept: viewerId ? keepsForFollowersSql(sql`${viewerId}`) : sql<number>`0`,
    })
    .from(posts)
    .where(eq(posts.id, shownPostId(postId)));
}

/**
 * Who may hear of a post: its author, its community (if any), whether its author keeps their posts for
 * followers and whether its community is private (decisions 031, 035). The feed rooms its events go
 * to follow from it (app/.server/realtime.ts `feedRoomsOf`, decision 036).
 */
export type PostAudience = { authorId: string; communityId: string | null; authorKeeps: boolean; privateCommunity: boolean };

/** A post row's audience flags, as columns of a select over posts. */
export function audienceColumns() {
  return {
    authorKeeps: sql<number>`${keepsForFollowersSql(posts.userId)}`.as("audience_author_keeps"),
    privateCommunity: sql<number>`${inPrivateCommunitySql(posts.communityId)}`.as("audience_private_community"),
  };
}

/** The audience of a post as read with `audienceColumns`. */
export const audienceOf = (row: { userId: string; communityId: string | null; authorKeeps: number | boolean; privateCommunity: number | boolean }): PostAudience => ({
  authorId: row.userId,
  communityId: row.communityId,
  authorKeeps: Boolean(row.authorKeeps),
  privateCommunity: Boolean(row.privateCommunity),
});

/** A target row as read: null when the post does not exist. */
export function toTargetPost(
  row: { id: string; userId: string; communityId: string | null; canView: number; authorKeeps: number; privateCommunity: number; viewerKept: number } | undefined,
): ViewablePost | null {
  return row
    ? { ...row, canView: Boolean(row.canView), authorKeeps: Boolean(row.authorKeeps), privateCommunity: Boolean(row.privateCommunity), viewerKept: Boolean(row.viewerKept) }
    : null;
}

/**
 * The post an interaction acts on (a repost stands for its original); null when it does not exist.
 * `canView` tells whether the viewer may see (and so like, share, comment on) its content.
 */
export async function findTargetPost(db: Db, viewerId: string | null, postId: string, now = Date.now()): Promise<ViewablePost | null> {
  return toTargetPost(await targetPostQuery(db, viewerId, postId, now).get());
}

/**
 * The id of the post an interaction acts on, only if the member may see it (and, with `notOwn`, did
 * not write it); NULL otherwise. A write conditioned on it does nothing when it is NULL, so the check
 * and the write travel in one batch (docs/decisions/026), decided by the same transaction.
 */
export function actableTargetId(memberId: string, postId: string, now: number, { notOwn = false } = {}): SQL<string | null> {
  const author = sql.raw("target.user_id");
  return sql<string | null>`(SELECT target.id FROM ${posts} AS target WHERE target.id = ${shownPostId(postId)}
    AND ${canViewSql(memberId, author, sql.raw("target.is_subscriber_only"), now, sql.raw("target.community_id"))}${notOwn ? sql` AND ${author} <> ${memberId}` : sql``})`;
}
