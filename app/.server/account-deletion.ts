import { and, eq, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_DELETION_BATCH } from "~/lib/constants";
import { RATE_MESSAGES } from "~/lib/messages";
import { ACCOUNT_MESSAGES } from "~/lib/texts/account";
import { checkPassword, type AttemptFrom } from "./auth/accounts";
import { deleteCommunity } from "./communities";
import type { Db } from "./db/client";
import { deleteInParts, partOf, type Part } from "./db/parts";
import { selectRead, type Read } from "./db/reads";
import {
  blocks,
  commentLikes,
  comments,
  communities,
  communityMembers,
  conversationMembers,
  conversations,
  creatorSubscriptions,
  emailOutbox,
  follows,
  mediaUploads,
  messages,
  mutes,
  notifications,
  payments,
  postBookmarks,
  postLikes,
  postReposts,
  posts,
  postShares,
  userActivity,
  users,
} from "./db/schema";
import type { AppConfig } from "./env";
import type { Limiter } from "./limits";
import { deleteTrashedObjects } from "./media";
import { deletePostsInParts } from "./posts/delete";
import { stopRenewalsOfAccount } from "./subscriptions";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Deleting an account (Settings › Account; docs/decisions/074). Every table that names a member
 * cascades from `users` (or sets null: a post's mention; a report they filed, which stays anonymous, and
 * the reports of their posts, which keep their snapshot: decision 084), and the counters on other
 * members' rows (likes, reposts, comments, shares, followers, following, community members and posts,
 * subscribers) are kept by the triggers on the rows that go, as for any unlike or unfollow. What this adds: the
 * password checked like a sign-in, the communities the member created, the payment providers told
 * first, the member's rows deleted a part at a time so that no statement runs long, and the media
 * objects after their records.
 */

/** Who is deleted: the member of the session. */
export type Leaving = { id: string; email: string };

/** Where: the database, the media bucket, this deploy's configuration (its payment provider) and the limits. */
export type DeletionPlace = { db: Db; bucket: R2Bucket; config: AppConfig; limiter: Limiter };

export type AccountDeletion =
  | { ok: true }
  | { ok: false; status: 400 | 409 | 429 | 503; message: string; field?: "password"; retryAfterSeconds?: number };

/**
 * Deletes the member's account once their password is right, in the order the module's note gives;
 * answers why not otherwise (the password, a limit, a community others belong to, a provider that
 * could not be told). Partly done when D1 fails midway: what went stays gone, and sending it again goes on.
 */
export async function deleteAccount(
  { db, bucket, config, limiter }: DeletionPlace,
  member: Leaving,
  password: string,
  from: AttemptFrom,
  { batch = ACCOUNT_DELETION_BATCH, now = Date.now() }: { batch?: { rows: number; posts: number }; now?: number } = {},
): Promise<AccountDeletion> {
  const checked = await checkPassword(db, limiter, member.id, password, from);
  if (!checked.ok) {
    return checked.wrong
      ? { ok: false, status: 400, message: ACCOUNT_MESSAGES.passwordWrong, field: "password" }
      : { ok: false, status: 429, message: RATE_MESSAGES.tooOften(checked.retryAfterSeconds), retryAfterSeconds: checked.retryAfterSeconds };
  }

  // A community the member created lives on while others belong to it: it is theirs too, and handing it
  // over is not built (decision 035). Its creator deletes it first, knowingly. One only they belong to
  // goes with the account, as its own Delete would take it.
  const created = await createdCommunities(db, member.id);
  const shared = created.filter((community) => community.others);
  if (shared.length > 0) return { ok: false, status: 409, message: ACCOUNT_MESSAGES.ownsCommunities(shared.map((community) => community.name)) };

  try {
    await stopRenewalsOfAccount(db, config, member.id, now);
  } catch (error) {
    console.error(`Deleting account ${member.id}: stopping its subscriptions' renewals failed; nothing deleted:`, error);
    return { ok: false, status: 503, message: ACCOUNT_MESSAGES.subscriptionsNotStopped };
  }

  for (const community of created) await deleteCommunity(db, bucket, member.id, community.id);
  // Others' replies under the member's comments go with those comments (their parent's cascade), and
  // nothing would find the notifications quoting them after: those go first, to the end, as deleting
  // one comment takes its thread's (deleteComment).
  await deleteInParts(db, [partOf(db, notifications, quotingRepliesToSql(member.id), batch.rows)]);
  await deleteInParts(db, partsOf(db, member.id, batch));
  // The member's posts, each part's likes, views, comments and the rest first (a popular post's are many).
  await deletePostsInParts(db, sql`${posts.userId} = ${member.id}`, batch);
  // Blocks and mutes, either way, just before the account: they keep the member and others apart, so
  // each of their statements goes only while no one else belongs to a community the member created
  // (else they stay, and so does the account: the 409 below).
  await deleteInParts(db, keptApartOf(db, member.id, batch));

  // Last, in one transaction: the account (its remaining rows cascade, and its media records go to
  // media_trash by trigger, migration 0029), unless someone joined one of its communities meanwhile;
  // the keys of its media, read before; the mails to its address (reset links).
  const [media, deleted] = await db.batch([
    db.select({ key: mediaUploads.key }).from(mediaUploads).where(eq(mediaUploads.userId, member.id)),
    db.delete(users).where(and(eq(users.id, member.id), sql`NOT EXISTS (${sharedCommunitySql(member.id)})`)).returning({ id: users.id }),
    db.delete(emailOutbox).where(and(eq(emailOutbox.toAddress, member.email), sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${member.id})`)),
  ]);
  if (deleted.length === 0) {
    const names = (await createdCommunities(db, member.id)).filter((community) => community.others).map((community) => community.name);
    // None: the same form sent twice at once, and the other send deleted the account.
    if (names.length === 0) return { ok: true };
    return { ok: false, status: 409, message: ACCOUNT_MESSAGES.ownsCommunities(names) };
  }
  // The records are gone; their objects go now (what R2 refuses, the cron deletes later: decision 072).
  await deleteTrashedObjects(db, bucket, media.map((row) => row.key));
  return { ok: true };
}

/**
 * The notifications quoting another member's reply, at any depth, under one of the member's comments:
 * a comment's (to the post's author, to the answered comment's author) and its mentions' carry its
 * words, its writer and its post, as `deleteComment` finds them. As there, each post's comment and
 * mention rows are read once (notifications_post_type_idx, named: the row values would otherwise lead
 * SQLite to a replier's every notification), never once for each reply; the replies by
 * comments_user_idx and comments_parent_idx, each found by its key (CROSS JOIN keeps the walk outside).
 */
function quotingRepliesToSql(memberId: string) {
  const said = sql`thread CROSS JOIN ${comments} AS said ON said.id = thread.id WHERE said.user_id <> ${memberId}`;
  return sql`${notifications}.rowid IN (WITH RECURSIVE thread(id) AS (
      SELECT reply.id FROM ${comments} AS mine JOIN ${comments} AS reply ON reply.parent_id = mine.id WHERE mine.user_id = ${memberId}
      UNION
      SELECT reply.id FROM ${comments} AS reply JOIN thread ON reply.parent_id = thread.id
    )
    SELECT quoting.rowid FROM (SELECT DISTINCT said.post_id AS post_id FROM ${said}) AS quoted_post
      CROSS JOIN ${notifications} AS quoting INDEXED BY notifications_post_type_idx
        ON quoting.related_post_id = quoted_post.post_id AND quoting.type IN ('comment', 'mention')
    WHERE (quoting.related_post_id, quoting.related_user_id, quoting.content) IN (SELECT said.post_id, said.user_id, said.content FROM ${said}))`;
}

/** Whether someone other than `memberId` belongs to the community whose id is `community` (the one rule of a shared community). */
const othersBelongSql = (community: SQL, memberId: unknown) =>
  sql`EXISTS (SELECT 1 FROM ${communityMembers} AS om WHERE om.community_id = ${community} AND om.user_id <> ${memberId})`;

/** A community the member created that someone else belongs to. */
const sharedCommunitySql = (memberId: string) => sql`SELECT 1 FROM ${communities} AS sc WHERE sc.creator_id = ${memberId} AND ${othersBelongSql(sql`sc.id`, memberId)}`;

/**
 * The communities the viewer created that others belong to, by name (the Account tab names them: they
 * keep the account until deleted). A prepared read that rides the session's round trip (decision 026).
 */
export function sharedCommunitiesRead(db: Db, viewer: NonNullable<Viewer>): Read<{ id: string; name: string }[]> {
  return selectRead<{ id: string; name: string }>(
    db,
    `account-shared-communities:${viewerKey(viewer)}`,
    () => {
      const me = viewerSql(viewer)!;
      const fields = { id: communities.id, name: communities.name };
      const query = db
        .select(fields)
        .from(communities)
        .where(
          and(
            sql`${communities.creatorId} = ${me}`,
            othersBelongSql(sql`${communities}.id`, sql`${communities}.creator_id`),
          ),
        )
        .orderBy(communities.name);
      return { fields, query };
    },
    viewerValues(viewer),
  );
}

/** The communities the member created, and whether anyone else belongs to each. */
function createdCommunities(db: Db, memberId: string) {
  return db
    .select({
      id: communities.id,
      name: communities.name,
      // The outer row by its table's name: drizzle writes a selected column unqualified, which the alias's own id would take.
      others: sql<number>`${othersBelongSql(sql`${communities}.id`, memberId)}`.as("others"),
    })
    .from(communities)
    .where(eq(communities.creatorId, memberId));
}

/**
 * The member's rows that may be many, each kind by its own index. What the member did to others' posts,
 * comments and people goes row by row through the same triggers as an unlike or unfollow, so every
 * counter on another member's row stays equal to its rows. Comments go fewer at a time: each takes its
 * replies and likes with it. Their posts go after (`deletePostsInParts`). Smaller kinds (invites,
 * which leaving each community took, sessions, at most SESSIONS_PER_MEMBER_MAX, settings, media records)
 * go with the account's own row.
 */
function partsOf(db: Db, memberId: string, { rows, posts: fewer }: { rows: number; posts: number }): Part[] {
  const own = sql`${conversationMembers.userId} = ${memberId}`;
  return [
    partOf(db, postLikes, eq(postLikes.userId, memberId), rows),
    partOf(db, postReposts, eq(postReposts.userId, memberId), rows),
    partOf(db, postBookmarks, eq(postBookmarks.userId, memberId), rows),
    partOf(db, commentLikes, eq(commentLikes.userId, memberId), rows),
    partOf(db, userActivity, eq(userActivity.userId, memberId), rows),
    partOf(db, follows, eq(follows.followerId, memberId), rows),
    partOf(db, follows, eq(follows.followingId, memberId), rows),
    partOf(db, comments, eq(comments.userId, memberId), fewer),
    // Notifications to the member (notifications_unread_idx holds every row, by member first: decision
    // 114); and those about the member, to others.
    partOf(db, notifications, eq(notifications.userId, memberId), rows),
    partOf(db, notifications, eq(notifications.relatedUserId, memberId), rows),
    // A conversation's messages first (the other member's inbox row goes with the conversation).
    partOf(db, messages, sql`${messages.conversationId} IN (SELECT ${conversationMembers.conversationId} FROM ${conversationMembers} WHERE ${own})`, rows),
    partOf(db, conversations, eq(conversations.participant1Id, memberId), rows),
    partOf(db, conversations, eq(conversations.participant2Id, memberId), rows),
    partOf(db, communityMembers, eq(communityMembers.userId, memberId), rows),
    partOf(db, creatorSubscriptions, eq(creatorSubscriptions.subscriberId, memberId), rows),
    partOf(db, creatorSubscriptions, eq(creatorSubscriptions.subscribedToId, memberId), rows),
    partOf(db, payments, eq(payments.userId, memberId), rows),
    // The shares the member made: a row each, without a cap on how many.
    partOf(db, postShares, eq(postShares.userId, memberId), rows),
  ];
}

/**
 * The member's blocks and mutes, either way (each block keeps a count by trigger): without a cap on how
 * many. Each part deletes nothing once someone else belongs to a community the member created (the
 * account then stays, and so do they), and the parts stop there.
 */
function keptApartOf(db: Db, memberId: string, { rows }: { rows: number }): Part[] {
  const alone = sql`NOT EXISTS (${sharedCommunitySql(memberId)})`;
  return [
    partOf(db, blocks, and(eq(blocks.blockerId, memberId), alone)!, rows),
    partOf(db, blocks, and(eq(blocks.blockedId, memberId), alone)!, rows),
    partOf(db, mutes, and(eq(mutes.muterId, memberId), alone)!, rows),
    partOf(db, mutes, and(eq(mutes.mutedId, memberId), alone)!, rows),
  ];
}
