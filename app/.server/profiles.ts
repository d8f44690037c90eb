import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { FOLLOW_LIST_PAGE_SIZE, USERNAME_MAX_LENGTH } from "~/lib/constants";
import { periodEndShown } from "~/lib/money";
import { webAddress } from "~/lib/schemas/settings";
import type { Author, FeedPage } from "~/lib/types/post";
import type { FollowList, FollowListEntry, FollowListPage, ProfileView } from "~/lib/types/profile";
import type { RunningSubscription } from "~/lib/types/subscription";
import type { Db } from "./db/client";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { blocks, creatorSubscriptions, follows, mutes, posts, sessions, users } from "./db/schema";
import { blockWaySql, inAudienceSql, inCommunitySql, repostInAudienceSql } from "./posts/access";
import { cardsRead, type CardCondition, type ListOptions } from "./posts/cards";
import { beforeOf } from "./posts/cursors";
import { USERS_ID } from "./follows";
import { hasUsername, offeringSql } from "./users";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Profiles (spec document 2 §2 "Profile", §7 follows and users): the member's header, their posts,
 * and who follows them and whom they follow. Every read is prepared (013) and can travel with the
 * session's round trip (026): the member a profile is about is found in the statement, by username
 * or, for one's own profile, from the viewer.
 */

/** Whose profile: a member by username, or the viewer's own (/profile). */
export type ProfileSubject = { username: string } | "own";

/** A username as Murmur writes them, else null (an odd address is a 'User not found', never a read). */
export function profileUsername(value: string | undefined): string | null {
  return value && value.length <= USERNAME_MAX_LENGTH && /^[A-Za-z0-9_]+$/.test(value) ? value : null;
}

const PROFILE = { username: sql`${param("profileUsername")}` };

/** The profile member's id as SQL: looked up by username (unique index on lower(username)), or the viewer. */
function subjectIdSql(subject: ProfileSubject, viewer: Viewer): SQL | null {
  if (subject === "own") return viewerSql(viewer);
  return sql`(SELECT ${users.id} FROM ${users} WHERE ${hasUsername(PROFILE.username)})`;
}

function subjectValues(subject: ProfileSubject): Record<string, unknown> {
  return subject === "own" ? {} : { profileUsername: subject.username };
}

const subjectKey = (subject: ProfileSubject) => (subject === "own" ? "own" : "username");

/** The viewer follows `member` (an id column), and `member` is the viewer. */
export function viewerMarks(viewer: Viewer, member: SQL) {
  const me = viewerSql(viewer);
  if (!me) return { followed: sql<number>`0`, isSelf: sql<number>`0` };
  return {
    followed: sql<number>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${me} AND ${follows.followingId} = ${member})`,
    isSelf: sql<number>`coalesce(${member} = ${me}, 0)`,
  };
}

type ProfileRow = Author & {
  priceCents: number | null;
  mySubscription: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  bannerUrl: string | null;
  createdAt: Date;
  followersCount: number;
  followingCount: number;
  postsCount: number;
  totalViews: number;
  subscribersCount: number | null;
  followed: number;
  isSelf: number;
  postsVisible: number;
  block: "blockedByYou" | "blocksYou" | null;
  blocksViewer: number;
  muted: number;
};

/**
 * Active subscribers (spec document 2 §4: active while its status is active and its expiry ahead), only
 * for a member who offers subscriptions at a price (else null: the count is not shown). Counted through
 * creator_subscriptions_creator_idx.
 */
function subscribersSql(): SQL<number | null> {
  return sql<number | null>`CASE WHEN ${offeringSql()} THEN (
    SELECT count(*) FROM ${creatorSubscriptions} WHERE ${creatorSubscriptions.subscribedToId} = ${USERS_ID}
    AND ${creatorSubscriptions.status} = 'active' AND ${creatorSubscriptions.expiresAt} > ${param("profileNow")}) END`;
}

/**
 * The viewer's running subscription to the profile's member (the subscribed-until banner), as JSON
 * from the pair's unique index; null when none runs (or for a visitor).
 */
function mySubscriptionSql(viewer: Viewer): SQL<string | null> {
  const me = viewerSql(viewer);
  if (!me) return sql<string | null>`NULL`;
  return sql<string | null>`(SELECT json_object('amountCents', ${creatorSubscriptions.amountCents}, 'plan', ${creatorSubscriptions.plan},
      'expiresAt', ${creatorSubscriptions.expiresAt}, 'cancelled', ${creatorSubscriptions.cancelledAt} IS NOT NULL, 'provider', ${creatorSubscriptions.provider})
    FROM ${creatorSubscriptions} WHERE ${creatorSubscriptions.subscriberId} = ${me} AND ${creatorSubscriptions.subscribedToId} = ${USERS_ID}
    AND ${creatorSubscriptions.status} = 'active' AND ${creatorSubscriptions.expiresAt} > ${param("profileNow")})`;
}

/** The profile's header: null when no member has that username (or, for one's own, no session). */
export function profileRead(db: Db, viewer: Viewer, subject: ProfileSubject): Read<ProfileView | null> {
  const now = Date.now();
  const read = selectRead<ProfileRow>(
    db,
    `profile:${viewerKey(viewer)}:${subjectKey(subject)}`,
    () => {
      const marks = viewerMarks(viewer, USERS_ID);
      const fields = {
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        bio: users.bio,
        location: users.location,
        website: users.website,
        bannerUrl: users.bannerUrl,
        createdAt: users.createdAt,
        followersCount: users.followersCount,
        followingCount: users.followingCount,
        postsCount: users.postsCount,
        totalViews: users.totalViews,
        // Computed columns are named (D1 answers batched rows by column name, 008).
        subscribersCount: subscribersSql().as("profile_subscribers"),
        priceCents: sql<number | null>`CASE WHEN ${offeringSql()} THEN ${users.subscriptionPriceCents} END`.as("profile_price"),
        mySubscription: mySubscriptionSql(viewer).as("profile_my_subscription"),
        followed: marks.followed.as("profile_followed"),
        isSelf: marks.isSelf.as("profile_is_self"),
        postsVisible: inAudienceSql(viewerSql(viewer), USERS_ID).as("profile_posts_visible"),
        // A block between the viewer and the member, and which way (decision 100).
        block: (viewerSql(viewer) ? blockWaySql(viewerSql(viewer)!, USERS_ID) : sql<null>`NULL`).as("profile_block"),
        // The member blocked the viewer (also when the viewer blocked them back): their lists are closed.
        blocksViewer: (viewerSql(viewer) ? sql<number>`EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.blockerId} = ${USERS_ID} AND ${blocks.blockedId} = ${viewerSql(viewer)})` : sql<number>`0`).as("profile_blocks_viewer"),
        // The viewer muted the member (decision 107).
        muted: (viewerSql(viewer) ? sql<number>`EXISTS (SELECT 1 FROM ${mutes} WHERE ${mutes.muterId} = ${viewerSql(viewer)} AND ${mutes.mutedId} = ${USERS_ID})` : sql<number>`0`).as("profile_muted"),
      };
      if (subject !== "own") return { fields, query: db.select(fields).from(users).where(hasUsername(PROFILE.username)) };
      if (typeof viewer === "string") return { fields, query: db.select(fields).from(users).where(eq(users.id, param("viewer"))) };
      // One's own, found from the session: joined from it (`users.id = (SELECT …)` may be a scan in D1, 020).
      const now = param("viewerSessionNow");
      const query = db
        .select(fields)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, param("viewerSession")), sql`${sessions.expiresAt} > ${now}`));
      return { fields, query };
    },
    { ...viewerValues(viewer), ...subjectValues(subject), profileNow: now },
  );
  return mapRead(read, (rows) => (rows[0] ? toProfile(rows[0], now) : null));
}

function toProfile(row: ProfileRow, now: number): ProfileView {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    verifiedType: row.verifiedType,
    bio: row.bio,
    location: row.location,
    website: safeWebsite(row.website),
    bannerUrl: row.bannerUrl,
    createdAt: row.createdAt instanceof Date ? row.createdAt.getTime() : Number(row.createdAt),
    followersCount: row.followersCount ?? 0,
    followingCount: row.followingCount ?? 0,
    postsCount: row.postsCount ?? 0,
    totalViews: row.totalViews ?? 0,
    subscribersCount: row.subscribersCount === null ? null : Number(row.subscribersCount),
    subscription: {
      priceCents: row.priceCents === null ? null : Number(row.priceCents),
      mine: runningOf(row.mySubscription, now),
      canOffer: Boolean(row.isSelf) && row.verifiedType !== null,
    },
    followed: Boolean(row.followed),
    isSelf: Boolean(row.isSelf),
    postsVisible: Boolean(row.postsVisible),
    block: row.block ?? null,
    blocksViewer: Boolean(row.blocksViewer),
    muted: Boolean(row.muted),
  };
}

function runningOf(json: string | null, now: number): RunningSubscription | null {
  if (!json) return null;
  const parsed = JSON.parse(json) as { amountCents: number; plan: RunningSubscription["plan"]; expiresAt: number; cancelled: number; provider: string };
  return { amountCents: parsed.amountCents, plan: parsed.plan, expiresAt: periodEndShown(parsed.expiresAt, parsed.provider, now), cancelled: Boolean(parsed.cancelled) };
}

/** A website is shown as a link only if it is an http(s) address (a stored `javascript:` never becomes one). */
function safeWebsite(value: string | null): string | null {
  const address = value?.trim() ? webAddress(value.trim()) : null;
  return address ? new URL(address).toString() : null;
}

/**
 * The member's posts and reposts, newest first (spec document 2 §2: the profile shows the user's
 * posts), those in communities included (with the community named) unless the community is private
 * and the viewer not a member (decision 035). The condition picks its page
 * itself through posts_user_idx, named, so the plan never scans the home index instead. Outside the
 * member's audience it is empty (a condition on no row, tested once), and a repost shows only if the
 * viewer is in its original's author's audience (decision 031).
 */
export function authoredBy(subject: ProfileSubject, viewer: Viewer): CardCondition {
  return {
    key: `author-${subjectKey(subject)}`,
    picksPage: true,
    values: subjectValues(subject),
    where: ({ viewer: reader, before, size }) => sql`${posts.id} IN (
      SELECT own.id FROM ${posts} AS own INDEXED BY posts_user_idx
      WHERE own.user_id = ${subjectIdSql(subject, viewer)}${before ? sql` AND own.id < ${before}` : sql``}
        AND ${inCommunitySql(reader, sql.raw("own.community_id"))}
        ${subject === "own" ? sql`` : sql`AND ${inAudienceSql(reader, subjectIdSql(subject, viewer)!)} `}AND ${repostInAudienceSql(reader, "own")}
      ORDER BY own.id DESC LIMIT ${size})`,
  };
}

export function profilePostsRead(db: Db, viewer: Viewer, subject: ProfileSubject, options: ListOptions = {}): Read<FeedPage> {
  return cardsRead(db, viewer, [authoredBy(subject, viewer)], options);
}

type FollowRow = Author & {
  cursor: string;
  bio: string | null;
  followed: number;
  isSelf: number;
};

/**
 * A page of a member's followers (by follows_following_idx) or of the members they follow (by
 * follows_follower_idx), newest follow first, keyset-paged by the follow's id; each row with whether
 * the viewer follows that member.
 */
export function followListRead(db: Db, viewer: Viewer, subject: ProfileSubject, list: FollowList, options: { cursor?: string | null; limit?: number } = {}): Read<FollowListPage> {
  const limit = options.limit ?? FOLLOW_LIST_PAGE_SIZE;
  const before = beforeOf(options.cursor);
  const read = selectRead<FollowRow>(
    db,
    ["follow-list", list, viewerKey(viewer), subjectKey(subject), before ? "older" : "newest", limit].join(":"),
    () => {
      // The listed member: the follower in a followers list, the followed one in a following list.
      const [listed, owner] = list === "followers" ? [follows.followerId, follows.followingId] : [follows.followingId, follows.followerId];
      const marks = viewerMarks(viewer, USERS_ID);
      const fields = {
        // Named: the follow's id and the member's would collapse in a batch's rows (008).
        cursor: sql<string>`${follows.id}`.as("list_cursor"),
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        bio: users.bio,
        followed: marks.followed.as("list_followed"),
        isSelf: marks.isSelf.as("list_is_self"),
      };
      const query = db
        .select(fields)
        .from(follows)
        .innerJoin(users, eq(users.id, listed))
        .where(and(viewerPresentSql(viewer), eq(owner, subjectIdSql(subject, viewer)!), before ? lt(follows.id, param("before")) : undefined))
        .orderBy(desc(follows.id))
        .limit(limit + 1);
      return { fields, query };
    },
    { ...viewerValues(viewer), ...subjectValues(subject), before },
  );
  return mapRead(read, (rows) => {
    const items: FollowListEntry[] = rows.slice(0, limit).map(({ cursor: _cursor, followed, isSelf, ...member }) => ({
      ...member,
      followed: Boolean(followed),
      isSelf: Boolean(isSelf),
    }));
    return { items, nextCursor: rows.length > limit ? rows[limit - 1]!.cursor : null };
  });
}
