import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import {
  COMMUNITIES_PAGE_SIZE,
  COMMUNITY_DELETION_BATCH,
  COMMUNITY_MEMBERS_PAGE_SIZE,
  DISCOVER_CANDIDATES,
  DISCOVER_COMMUNITIES_SHOWN,
  DISCOVER_INTEREST_POSTS,
  DISCOVER_INTERESTS_MAX,
  SEARCH_PREFIX_MIN_LENGTH,
  DISCOVER_SCORE,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_ATTEMPTS,
  INVITE_CLEANUP_BATCH,
  INVITE_CODE_LENGTH,
  INVITE_DEAD_KEPT_MS,
  INVITES_LIVE_MAX,
  INVITES_SHOWN,
  TIME,
} from "~/lib/constants";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { INVITE_MESSAGES } from "~/lib/texts/invite";
import type { CreateCommunityInput, CreateInviteInput, EditCommunityInput } from "~/lib/schemas/community";
import { cleanCommunityName, communityNameKey } from "~/lib/name-keys";
import type {
  CommunityAccess,
  CommunityListPage,
  CommunityMembersPage,
  CommunityRole,
  CommunitySummary,
  InvitePageView,
  InviteView,
} from "~/lib/types/community";
import type { FeedPage, VerifiedType } from "~/lib/types/post";
import type { Db } from "./db/client";
import { batchable, rawRows } from "./db/drizzle-internals";
import { deleteInParts, partOf } from "./db/parts";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { communities, communityInvites, communityMembers, mediaUploads, posts, users } from "./db/schema";
import { newId } from "./ids";
import { deleteMedia, mediaKeyOf, mediaUrl } from "./media";
import { refuse, type Outcome } from "./outcome";
import { inAudienceSql } from "./posts/access";
import { deletePostsInParts } from "./posts/delete";
import { cardsRead, type CardCondition, type ListOptions } from "./posts/cards";
import { membershipCursor, parseMembershipCursor } from "./posts/cursors";
import { searchQueryOf } from "./posts/search";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Communities and invite links (spec document 2; docs/decisions/035-communities.md). A private
 * community is invisible to non-members everywhere: every read here decides it in SQL, and posts
 * decide it through the access rule (./posts/access.ts `inCommunitySql`). Only the creator edits,
 * deletes and assigns roles; the creator and admins create invites; only an invite's inviter deletes it.
 */

const C = {
  community: param("community"),
  before: param("communitiesBefore"),
  beforeId: param("communitiesBeforeId"),
  words: param("communitiesWords"),
  since: param("communitiesSince"),
  code: param("inviteCode"),
};

// ───────────────────────────── reading ─────────────────────────────

/** A community's columns as cards show them, with the viewer's role (`viewer`: their id in SQL). */
function summaryFields(viewer: SQL | null) {
  return {
    id: communities.id,
    name: communities.name,
    description: communities.description,
    imageUrl: communities.imageUrl,
    isPrivate: communities.isPrivate,
    memberCount: communities.memberCount,
    postsCount: communities.postsCount,
    createdAt: communities.createdAt,
    // Nested one level down, so drizzle names the outer column's table even in a single-table select
    // (bare, "id" would be the member row's own).
    role: viewer
      ? sql<CommunityRole | null>`(${sql`SELECT vm.role FROM ${communityMembers} AS vm WHERE vm.community_id = ${communities.id} AND vm.user_id = ${viewer}`})`.as("community_viewer_role")
      : sql<CommunityRole | null>`NULL`.as("community_viewer_role"),
  };
}

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  isPrivate: boolean;
  memberCount: number;
  postsCount: number;
  createdAt: Date;
  role: CommunityRole | null;
};

function toSummary(row: SummaryRow): CommunitySummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    isPrivate: Boolean(row.isPrivate),
    memberCount: Math.max(0, row.memberCount ?? 0),
    postsCount: Math.max(0, row.postsCount ?? 0),
    createdAt: row.createdAt.getTime(),
    role: row.role,
  };
}

/**
 * A search as FTS5 takes it: each word of the query (letters and digits) as a word beginning, all of
 * them required; null when nothing searchable is left.
 */
export function communityWords(query: string | null): string | null {
  const searched = searchQueryOf(query);
  const words = searched?.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((word) => `"${word}"*`).join(" ") : null;
}

/**
 * The viewer's communities, newest join first (community_members_user_idx), keyset-paged by the
 * join's time and id.
 */
export function joinedCommunitiesRead(db: Db, viewer: NonNullable<Viewer>, { cursor }: { cursor?: string | null } = {}): Read<CommunityListPage> {
  const after = parseMembershipCursor(cursor);
  const limit = COMMUNITIES_PAGE_SIZE;
  const read = selectRead<SummaryRow & { joinedAt: Date; membershipId: string }>(
    db,
    ["communities-joined", viewerKey(viewer), after ? "older" : "newest"].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const fields = {
        ...summaryFields(me),
        joinedAt: communityMembers.joinedAt,
        membershipId: sql<string>`${communityMembers.id}`.as("membership_id"),
      };
      // The page's memberships, picked from their index (named, so the plan holds without statistics).
      const page = sql`SELECT jm.id FROM ${communityMembers} AS jm INDEXED BY community_members_user_idx
        WHERE jm.user_id = ${me}${after ? sql` AND (jm.joined_at, jm.id) < (${C.before}, ${C.beforeId})` : sql``}
        ORDER BY jm.joined_at DESC, jm.id DESC LIMIT ${limit + 1}`;
      const query = db
        .select(fields)
        .from(communityMembers)
        .innerJoin(communities, eq(communities.id, communityMembers.communityId))
        .where(and(viewerPresentSql(viewer), sql`${communityMembers.id} IN (${page})`))
        .orderBy(sql`${communityMembers.joinedAt} DESC`, sql`${communityMembers.id} DESC`)
        .limit(limit + 1);
      return { fields, query };
    },
    { ...viewerValues(viewer), communitiesBefore: after?.at ?? null, communitiesBeforeId: after?.id ?? null },
  );
  return mapRead(read, (rows) => {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items: items.map(toSummary), nextCursor: rows.length > limit && last ? membershipCursor({ at: last.joinedAt.getTime(), id: last.membershipId }) : null };
  });
}

/**
 * A search over every community the viewer may see (public ones, and private ones they belong to):
 * FTS5 over names and descriptions, biggest first (one page; a search is a way to find, not to browse).
 */
export function searchCommunitiesRead(db: Db, viewer: NonNullable<Viewer>, query: string): Read<CommunityListPage> {
  const words = communityWords(query);
  const limit = COMMUNITIES_PAGE_SIZE;
  const read = selectRead<SummaryRow>(
    db,
    ["communities-search", viewerKey(viewer), words ? "words" : "nothing"].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const fields = summaryFields(me);
      const query = db
        .select(fields)
        .from(communities)
        .where(
          and(
            viewerPresentSql(viewer),
            words ? sql`${communities}.rowid IN (SELECT rowid FROM communities_fts WHERE communities_fts MATCH ${C.words})` : sql`0`,
            sql`(${communities.isPrivate} = 0 OR EXISTS (SELECT 1 FROM ${communityMembers} AS sm WHERE sm.community_id = ${communities.id} AND sm.user_id = ${me}))`,
          ),
        )
        .orderBy(sql`${communities.memberCount} DESC`, sql`${communities.id}`)
        .limit(limit);
      return { fields, query };
    },
    { ...viewerValues(viewer), communitiesWords: words },
  );
  return mapRead(read, (rows) => ({ items: rows.map(toSummary), nextCursor: null }));
}

type DiscoverRow = SummaryRow & { interests: string | null };

/**
 * Discover (spec document 2 §7): public communities only, the top DISCOVER_COMMUNITIES_SHOWN by
 * score: +10 per interest (a hashtag of the member's last 50 posts) found in the name or description,
 * + 2·ln(members + 1), + 5 if created within 30 days. No request scores every community: only
 * candidates that can reach the top are read (docs/decisions/035): the biggest, the biggest new ones,
 * and those whose words begin with an interest (FTS5, one look-up per interest). Any other community
 * matches no interest and is neither new nor among the biggest, so the biggest outscore it.
 */
export function discoverCommunitiesRead(db: Db, viewer: NonNullable<Viewer>, now = Date.now()): Read<CommunitySummary[]> {
  const read = selectRead<DiscoverRow>(
    db,
    ["communities-discover", viewerKey(viewer)].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const shown = DISCOVER_COMMUNITIES_SHOWN;
      // The member's interests: read by the candidates, and once more (uncorrelated, so SQLite reads it
      // once for the statement) as a JSON list for the score, which the Worker counts.
      const interests = sql`(SELECT DISTINCT replace(ih.hashtag, '"', '') AS tag FROM post_hashtags AS ih
        WHERE ih.post_id IN (SELECT ip.id FROM ${posts} AS ip INDEXED BY posts_user_idx WHERE ip.user_id = ${me} ORDER BY ip.id DESC LIMIT ${DISCOVER_INTEREST_POSTS})
          AND length(ih.hashtag) >= ${SEARCH_PREFIX_MIN_LENGTH} LIMIT ${DISCOVER_INTERESTS_MAX})`;
      const candidates = sql`SELECT id FROM (SELECT bc.id FROM ${communities} AS bc INDEXED BY communities_public_members_idx WHERE bc.is_private = 0 ORDER BY bc.member_count DESC LIMIT ${shown})
        UNION SELECT id FROM (SELECT nc.id FROM ${communities} AS nc INDEXED BY communities_public_created_idx WHERE nc.is_private = 0 AND nc.created_at > ${C.since} ORDER BY nc.member_count DESC LIMIT ${shown})
        UNION SELECT id FROM (SELECT mc.id FROM ${interests} AS interests CROSS JOIN communities_fts CROSS JOIN ${communities} AS mc ON mc.rowid = communities_fts.rowid
          WHERE communities_fts MATCH ('"' || interests.tag || '"*') AND mc.is_private = 0 ORDER BY mc.member_count DESC LIMIT ${DISCOVER_CANDIDATES})`;
      const fields = {
        ...summaryFields(me),
        interests: sql<string | null>`(SELECT json_group_array(interests.tag) FROM ${interests} AS interests)`.as("community_interests"),
      };
      const query = db
        .select(fields)
        .from(communities)
        .where(and(viewerPresentSql(viewer), sql`${communities.id} IN (${candidates})`));
      return { fields, query };
    },
    { ...viewerValues(viewer), communitiesSince: now - DISCOVER_SCORE.newWithinMs },
  );
  return mapRead(read, (rows) => {
    const interests = parseInterests(rows[0]?.interests ?? null);
    return rows
      .map((row) => ({ summary: toSummary(row), score: discoverScore({ ...row, interests: interestsFound(row, interests) }, now) }))
      .sort((a, b) => b.score - a.score || b.summary.memberCount - a.summary.memberCount || a.summary.id.localeCompare(b.summary.id))
      .slice(0, DISCOVER_COMMUNITIES_SHOWN)
      .map(({ summary }) => summary);
  });
}

function parseInterests(json: string | null): string[] {
  try {
    const list: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === "string" && tag !== "") : [];
  } catch {
    return [];
  }
}

/** How many interests the community's name or description contains (spec document 2 §7: "found in"). */
export function interestsFound(community: { name: string; description: string | null }, interests: string[]): number {
  const text = `${community.name} ${community.description ?? ""}`.toLowerCase();
  return interests.filter((tag) => text.includes(tag.toLowerCase())).length;
}

/** The spec's score (document 2 §7). */
export function discoverScore(row: { interests: number; memberCount: number; createdAt: Date | number }, now: number): number {
  const created = typeof row.createdAt === "number" ? row.createdAt : row.createdAt.getTime();
  const isNew = now - created < DISCOVER_SCORE.newWithinMs;
  return (
    DISCOVER_SCORE.perInterest * Number(row.interests ?? 0) +
    DISCOVER_SCORE.memberWeight * Math.log(Math.max(0, row.memberCount ?? 0) + 1) +
    (isNew ? DISCOVER_SCORE.newBonus : 0)
  );
}

type HeaderRow = SummaryRow & {
  creatorId: string;
  creatorUsername: string;
  creatorDisplayName: string;
  creatorAvatarUrl: string | null;
  creatorVerifiedType: VerifiedType;
};

/**
 * A community's page header: the community and its creator, with the viewer's role. A private one
 * shows a non-member only that it is private (and nothing of it); one that does not exist is missing.
 */
export function communityRead(db: Db, viewer: Viewer, communityId: string): Read<CommunityAccess> {
  const read = selectRead<HeaderRow>(
    db,
    ["community", viewerKey(viewer)].join(":"),
    () => {
      const fields = {
        ...summaryFields(viewerSql(viewer)),
        creatorId: sql<string>`${users.id}`.as("creator_id"),
        creatorUsername: sql<string>`${users.username}`.as("creator_username"),
        creatorDisplayName: sql<string>`${users.displayName}`.as("creator_display_name"),
        creatorAvatarUrl: sql<string | null>`${users.avatarUrl}`.as("creator_avatar_url"),
        creatorVerifiedType: sql<VerifiedType>`${users.verifiedType}`.as("creator_verified_type"),
      };
      const query = db.select(fields).from(communities).innerJoin(users, eq(users.id, communities.creatorId)).where(eq(communities.id, C.community));
      return { fields, query };
    },
    { ...viewerValues(viewer), community: communityId },
  );
  return mapRead(read, ([row]): CommunityAccess => {
    if (!row) return { kind: "missing" };
    if (row.isPrivate && !row.role) return { kind: "private" };
    return {
      kind: "visible",
      community: {
        ...toSummary(row),
        creator: { id: row.creatorId, username: row.creatorUsername, displayName: row.creatorDisplayName, avatarUrl: row.creatorAvatarUrl, verifiedType: row.creatorVerifiedType },
      },
    };
  });
}

/**
 * A community's posts (not reposts), newest first, for its members only: the condition picks its
 * page through posts_community_idx, after one probe of the viewer's membership (constant in the
 * statement, tested once). Posts of authors who keep theirs from the viewer are left out (031).
 */
function inCommunity(communityId: string): CardCondition {
  return {
    key: "community",
    picksPage: true,
    values: { community: communityId },
    where: ({ viewer, before, size }) => sql`${posts.id} IN (
      SELECT cp.id FROM ${posts} AS cp INDEXED BY posts_community_idx
      WHERE cp.community_id = ${C.community} AND cp.reposted_from_post_id IS NULL${before ? sql` AND cp.id < ${before}` : sql``}
        AND EXISTS (SELECT 1 FROM ${communityMembers} AS reader WHERE reader.community_id = ${C.community} AND reader.user_id = ${viewer ?? sql`NULL`})
        AND ${inAudienceSql(viewer, sql.raw("cp.user_id"))}
      ORDER BY cp.id DESC LIMIT ${size})`,
  };
}

export function communityPostsRead(db: Db, viewer: Viewer, communityId: string, options: ListOptions = {}): Read<FeedPage> {
  return cardsRead(db, viewer, [inCommunity(communityId)], options);
}

type MemberRow = {
  membershipId: string;
  role: CommunityRole;
  joinedAt: Date;
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: VerifiedType;
};

/**
 * A community's members, first joined first (the creator leads), keyset-paged by (joined_at, id)
 * through community_members_community_idx. Empty for a private community the viewer is not in.
 */
export function communityMembersRead(db: Db, viewer: Viewer, communityId: string, cursor: string | null = null): Read<CommunityMembersPage> {
  const after = parseMembershipCursor(cursor);
  const limit = COMMUNITY_MEMBERS_PAGE_SIZE;
  const read = selectRead<MemberRow>(
    db,
    ["community-members", viewerKey(viewer), after ? "later" : "first"].join(":"),
    () => {
      const reader = viewerSql(viewer);
      const fields = {
        membershipId: sql<string>`${communityMembers.id}`.as("membership_id"),
        role: communityMembers.role,
        joinedAt: communityMembers.joinedAt,
        userId: sql<string>`${users.id}`.as("member_user_id"),
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
      };
      const visible = sql`EXISTS (SELECT 1 FROM ${communities} AS mc WHERE mc.id = ${C.community} AND (mc.is_private = 0${
        reader ? sql` OR EXISTS (SELECT 1 FROM ${communityMembers} AS mr WHERE mr.community_id = mc.id AND mr.user_id = ${reader})` : sql``
      }))`;
      const page = sql`SELECT lm.id FROM ${communityMembers} AS lm INDEXED BY community_members_community_idx
        WHERE lm.community_id = ${C.community}${after ? sql` AND (lm.joined_at, lm.id) > (${C.before}, ${C.beforeId})` : sql``}
        ORDER BY lm.joined_at, lm.id LIMIT ${limit + 1}`;
      const query = db
        .select(fields)
        .from(communityMembers)
        .innerJoin(users, eq(users.id, communityMembers.userId))
        .where(and(visible, sql`${communityMembers.id} IN (${page})`))
        .orderBy(sql`${communityMembers.joinedAt}`, sql`${communityMembers.id}`)
        .limit(limit + 1);
      return { fields, query };
    },
    { ...viewerValues(viewer), community: communityId, communitiesBefore: after?.at ?? null, communitiesBeforeId: after?.id ?? null },
  );
  return mapRead(read, (rows) => {
    const items = rows.slice(0, limit).map((row) => ({
      membershipId: row.membershipId,
      role: row.role,
      joinedAt: row.joinedAt.getTime(),
      user: { id: row.userId, username: row.username, displayName: row.displayName, avatarUrl: row.avatarUrl, verifiedType: row.verifiedType },
    }));
    const last = rows[limit - 1];
    return { items, nextCursor: rows.length > limit && last ? membershipCursor({ at: last.joinedAt.getTime(), id: last.membershipId }) : null };
  });
}

/** The member's role in a community; null when not a member (or no such community). */
export async function roleIn(db: Db, userId: string, communityId: string): Promise<CommunityRole | null> {
  const row = await db
    .select({ role: communityMembers.role })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .get();
  return row?.role ?? null;
}

export const canInvite = (role: CommunityRole | null) => role === "creator" || role === "admin";

type InviteRow = {
  id: string;
  code: string;
  inviterId: string;
  inviterUsername: string;
  expiresAt: Date | null;
  maxUses: number | null;
  usesCount: number;
  createdAt: Date;
};

/**
 * A community's invites for its creator and admins (null for anyone else): the member's own live ones,
 * then the others' live ones, then the expired and used-up, newest first in each.
 */
export async function listInvites(db: Db, memberId: string, communityId: string, now = Date.now()): Promise<InviteView[] | null> {
  const [role, rows] = await db.batch([
    db
      .select({ role: communityMembers.role })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, memberId))),
    db
      .select({
        id: communityInvites.id,
        code: communityInvites.inviteCode,
        inviterId: communityInvites.inviterId,
        inviterUsername: users.username,
        expiresAt: communityInvites.expiresAt,
        maxUses: communityInvites.maxUses,
        usesCount: communityInvites.usesCount,
        createdAt: communityInvites.createdAt,
      })
      .from(communityInvites)
      .innerJoin(users, eq(users.id, communityInvites.inviterId))
      .where(
        and(
          eq(communityInvites.communityId, communityId),
          inviterSql(communityId, memberId),
        ),
      )
      // The member's own live invites first (they hold at most INVITES_LIVE_MAX here, createInvite, and
      // only they can delete them), then the others' live ones, then the expired and used-up.
      .orderBy(
        sql`(${communityInvites.inviterId} = ${memberId} AND ${liveInviteSql(sql`${communityInvites}`, now)}) DESC`,
        sql`${liveInviteSql(sql`${communityInvites}`, now)} DESC`,
        sql`${communityInvites.id} DESC`,
      )
      .limit(INVITES_SHOWN),
  ]);
  if (!canInvite(role[0]?.role ?? null)) return null;
  return rows.map((row) => toInvite(row, memberId, now));
}

/** Whether an invite still admits anyone: past its expiry, or at its max uses, it does not. */
function inviteState(row: { expiresAt: Date | null; maxUses: number | null; usesCount: number }, now: number) {
  const expiresAt = row.expiresAt ? row.expiresAt.getTime() : null;
  return { expiresAt, expired: expiresAt !== null && expiresAt <= now, usedUp: row.maxUses !== null && row.usesCount >= row.maxUses };
}

/** Whether the invite under `alias` still admits anyone (inviteState's rule, in SQL). */
const liveInviteSql = (alias: SQL, now: number) =>
  sql`((${alias}.expires_at IS NULL OR ${alias}.expires_at > ${now}) AND (${alias}.max_uses IS NULL OR ${alias}.uses_count < ${alias}.max_uses))`;

/** The members who may create a community's invites: its creator and admins. */
const inviterSql = (communityId: string, memberId: string) =>
  sql`EXISTS (SELECT 1 FROM ${communityMembers} AS im WHERE im.community_id = ${communityId} AND im.user_id = ${memberId} AND im.role IN ('creator', 'admin'))`;

function toInvite(row: InviteRow, memberId: string, now: number): InviteView {
  const { expiresAt, expired, usedUp } = inviteState(row, now);
  return {
    id: row.id,
    code: row.code,
    inviter: { id: row.inviterId, username: row.inviterUsername },
    expiresAt,
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    createdAt: row.createdAt.getTime(),
    expired,
    usedUp,
    mine: row.inviterId === memberId,
  };
}

/** An invite code as typed in a URL: 8 characters from A–Z and 0–9 (lower case is read as upper). */
export function inviteCodeOf(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? "";
  return code.length === INVITE_CODE_LENGTH && [...code].every((char) => INVITE_CODE_ALPHABET.includes(char)) ? code : null;
}

type InvitePageRow = {
  code: string;
  expiresAt: Date | null;
  maxUses: number | null;
  usesCount: number;
  communityId: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  isPrivate: boolean;
  memberCount: number;
  inviterId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: VerifiedType;
  member: number;
};

/** The invite page: the invite with its community and inviter; null when there is no such invite. */
export function invitePageRead(db: Db, viewer: Viewer, code: string, now = Date.now()): Read<InvitePageView | null> {
  const read = selectRead<InvitePageRow>(
    db,
    ["invite-page", viewerKey(viewer)].join(":"),
    () => {
      const reader = viewerSql(viewer);
      const fields = {
        code: communityInvites.inviteCode,
        expiresAt: communityInvites.expiresAt,
        maxUses: communityInvites.maxUses,
        usesCount: communityInvites.usesCount,
        communityId: sql<string>`${communities.id}`.as("invite_community_id"),
        name: communities.name,
        description: communities.description,
        imageUrl: communities.imageUrl,
        isPrivate: communities.isPrivate,
        memberCount: communities.memberCount,
        inviterId: sql<string>`${users.id}`.as("inviter_id"),
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        member: reader
          ? sql<number>`EXISTS (SELECT 1 FROM ${communityMembers} AS vm WHERE vm.community_id = ${communities.id} AND vm.user_id = ${reader})`.as("invite_member")
          : sql<number>`0`.as("invite_member"),
      };
      const query = db
        .select(fields)
        .from(communityInvites)
        .innerJoin(communities, eq(communities.id, communityInvites.communityId))
        .innerJoin(users, eq(users.id, communityInvites.inviterId))
        .where(sql`${communityInvites.inviteCode} = ${C.code}`);
      return { fields, query };
    },
    { ...viewerValues(viewer), inviteCode: code },
  );
  return mapRead(read, ([row]) => {
    if (!row) return null;
    const { expiresAt, expired, usedUp } = inviteState(row, now);
    const status = expired ? "expired" : usedUp ? "used-up" : "valid";
    return {
      code: row.code,
      community: {
        id: row.communityId,
        name: row.name,
        description: row.description,
        imageUrl: row.imageUrl,
        isPrivate: Boolean(row.isPrivate),
        memberCount: Math.max(0, row.memberCount ?? 0),
      },
      inviter: { id: row.inviterId, username: row.username, displayName: row.displayName, avatarUrl: row.avatarUrl, verifiedType: row.verifiedType },
      expiresAt,
      status,
      member: Boolean(row.member),
    };
  });
}

// ───────────────────────────── writing ─────────────────────────────

/** D1 reports a broken unique index in the error's message (SQLite's "UNIQUE constraint failed: …"). */
function isUniqueViolation(error: unknown, index: string): boolean {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return text.includes("UNIQUE constraint failed") && text.includes(index);
}

const nameTaken = (error: unknown) => isUniqueViolation(error, "communities") || isUniqueViolation(error, "lower(name)");

/**
 * A new community with its creator as a member (role creator) in one batch: D1 runs a batch as one
 * transaction, so a failure leaves no community behind (spec document 2 §4). A name that looks like
 * another community's (the same key, communities_name_key_unique: decision 096) is refused as taken.
 */
export async function createCommunity(
  db: Db,
  creatorId: string,
  input: CreateCommunityInput,
  { imageKey = null, now = Date.now() }: { imageKey?: string | null; now?: number } = {},
): Promise<Outcome<{ communityId: string }>> {
  const id = newId(now);
  try {
    await db.batch([
      db.insert(communities).values({
        id,
        name: input.name,
        nameKey: communityNameKey(input.name),
        description: input.description ?? null,
        imageUrl: imageKey ? mediaUrl(imageKey) : null,
        creatorId,
        isPrivate: input.isPrivate,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      }),
      db.insert(communityMembers).values({ id: newId(now), communityId: id, userId: creatorId, role: "creator", joinedAt: new Date(now) }),
    ]);
  } catch (error) {
    if (nameTaken(error)) return refuse(409, COMMUNITY_MESSAGES.nameTaken, "name");
    throw error;
  }
  return { ok: true, communityId: id };
}

/**
 * An edit that keeps the name keeps the name and its key: a name from before keys (null, lower(name):
 * decision 096) that looks like another's can still have its description and image edited; a new name
 * gets its key. The form resubmits the name cleaned (CommunityNameSchema), so a name stored before
 * cleaning ('Trail\u00a0Runners') comes back as 'Trail Runners': `kept` is the stored name when it cleans
 * to the submitted one, and the statement keeps it while it is still the stored name (an edit of the
 * name meanwhile makes this one a rename, as it would be without).
 */
function nameOfEdited(name: string, kept: string | null) {
  const unchanged = kept === null ? sql`${communities.name} = ${name}` : sql`${communities.name} IN (${name}, ${kept})`;
  return {
    name: kept === null ? name : sql<string>`CASE WHEN ${communities.name} = ${kept} THEN ${communities.name} ELSE ${name} END`,
    nameKey: sql`CASE WHEN ${unchanged} THEN ${communities.nameKey} ELSE ${communityNameKey(name)} END`,
  };
}

/**
 * The creator's edit (name, description, image), restricted to creator_id in the statement itself:
 * anyone else changes nothing and is refused. The image is written only when the form changes it (a
 * new one, or removed), and the one it replaced is read in the same batch, so edits racing each other
 * never put back an image another deleted, nor leave one behind; its object goes after the save.
 */
export async function updateCommunity(
  db: Db,
  bucket: R2Bucket,
  memberId: string,
  communityId: string,
  input: EditCommunityInput,
  { imageKey = null, now = Date.now() }: { imageKey?: string | null; now?: number } = {},
): Promise<Outcome<{ name: string }>> {
  const image = imageKey ? { imageUrl: mediaUrl(imageKey) } : input.removeImage ? { imageUrl: null } : {};
  const own = and(eq(communities.id, communityId), eq(communities.creatorId, memberId));
  const stored = (await db.select({ name: communities.name }).from(communities).where(own).get())?.name;
  const kept = stored !== undefined && stored !== input.name && cleanCommunityName(stored) === input.name ? stored : null;
  let before, updated;
  try {
    [before, updated] = await db.batch([
      db.select({ imageUrl: communities.imageUrl }).from(communities).where(own),
      db
        .update(communities)
        .set({ ...nameOfEdited(input.name, kept), description: input.description ?? null, ...image, updatedAt: new Date(now) })
        .where(own)
        .returning({ name: communities.name }),
    ]);
  } catch (error) {
    if (nameTaken(error)) return refuse(409, COMMUNITY_MESSAGES.nameTaken, "name");
    throw error;
  }
  if (!before[0] || !updated[0]) {
    return (await communityExists(db, communityId)) ? refuse(403, COMMUNITY_MESSAGES.onlyCreator) : refuse(404, COMMUNITY_MESSAGES.notFound);
  }
  const old = mediaKeyOf(before[0].imageUrl);
  if (old && "imageUrl" in image && image.imageUrl !== before[0].imageUrl) {
    // The edit is saved (and shows its new image): a failure to delete the old one is logged, never answered.
    await deleteMedia(db, bucket, [old]).catch((error: unknown) => console.error(`deleting community ${communityId}'s replaced image failed:`, error));
  }
  return { ok: true, name: updated[0].name };
}

/**
 * The creator deletes the community: with it go its members, invites and posts (foreign keys cascade,
 * and every post's own rows with it), then the media objects of those posts and its image. Every write
 * is restricted to creator_id in its statement; anyone else is refused and nothing changes. A large community goes
 * a part at a time (`batch`, as an account does: decision 114), so no statement holds the database for
 * long: its posts with their reposts, likes, comments and notifications, and its other members, then
 * the community with what is left. Partly done when D1 fails midway: what went stays gone (some of
 * its posts or members; the files of posts gone are then the unclaimed-upload cron's), and deleting
 * it again goes on.
 */
export async function deleteCommunity(
  db: Db,
  bucket: R2Bucket,
  memberId: string,
  communityId: string,
  batch: { rows: number; posts: number } = COMMUNITY_DELETION_BATCH,
): Promise<Outcome<{ name: string }>> {
  const own = and(eq(communities.id, communityId), eq(communities.creatorId, memberId));
  const creatorDeletes = sql`EXISTS (SELECT 1 FROM ${communities} AS dc WHERE dc.id = ${communityId} AND dc.creator_id = ${memberId})`;
  const asked = await db.select({ creatorId: communities.creatorId }).from(communities).where(eq(communities.id, communityId)).get();
  if (!asked) return refuse(404, COMMUNITY_MESSAGES.notFound);
  if (asked.creatorId !== memberId) return refuse(403, COMMUNITY_MESSAGES.onlyCreator);
  // Its posts (with their reposts, likes, comments and notifications; their files' keys read with each
  // part, as their records' post_id turns NULL), and its members but the creator (db/parts.ts).
  const media = await deletePostsInParts(db, sql`${posts.communityId} = ${communityId} AND ${creatorDeletes}`, batch, (rowids) =>
    sql`SELECT ${mediaUploads.key} AS key FROM ${mediaUploads} WHERE ${mediaUploads.postId} IN (SELECT id FROM ${posts} WHERE rowid IN (${rowids}))`,
  );
  await deleteInParts(db, [
    partOf(db, communityMembers, sql`${communityMembers.communityId} = ${communityId} AND ${communityMembers.userId} <> ${memberId} AND ${creatorDeletes}`, batch.rows),
  ]);
  // Last, in one batch: what is left (a post written meanwhile is either read with its files or not
  // written, and a post's upload left behind unclaimed is the cron's).
  const [found, left, deleted] = await db.batch([
    db.select({ creatorId: communities.creatorId, name: communities.name, imageUrl: communities.imageUrl }).from(communities).where(eq(communities.id, communityId)),
    db
      .select({ key: mediaUploads.key })
      .from(mediaUploads)
      .where(and(sql`${mediaUploads.postId} IN (SELECT dp.id FROM ${posts} AS dp WHERE dp.community_id = ${communityId})`, creatorDeletes)),
    db.delete(communities).where(own).returning({ id: communities.id }),
  ]);
  const community = found[0];
  const image = community?.creatorId === memberId && deleted.length > 0 ? mediaKeyOf(community.imageUrl) : null;
  // The database is the truth; the files go after it (what R2 refuses, the cron deletes later). The
  // files of the parts this call deleted are its own to delete, whoever deleted the community.
  try {
    await deleteMedia(db, bucket, [...media, ...left.map((row) => row.key), ...(image ? [image] : [])]);
  } catch (error) {
    // The community is gone (what the member asked): a failure to delete its files' records is logged.
    console.error(`deleting community ${communityId}'s media failed:`, error);
  }
  // Deleted meanwhile (the same delete sent twice): gone, as for anyone.
  if (!community) return refuse(404, COMMUNITY_MESSAGES.notFound);
  if (community.creatorId !== memberId || deleted.length === 0) return refuse(403, COMMUNITY_MESSAGES.onlyCreator);
  return { ok: true, name: community.name };
}

/**
 * Joining from the community's page (spec document 2 §4): a public community only (a private one is
 * joined through an invite); one row per member and community, whatever the race.
 */
export async function joinCommunity(db: Db, memberId: string, communityId: string, now = Date.now()): Promise<Outcome<{ joined: boolean }>> {
  const id = newId(now);
  const [, state] = await db.batch([
    batchable(db.$client, db.run(sql`INSERT INTO ${communityMembers} (id, community_id, user_id, role, joined_at)
      SELECT ${id}, jc.id, ${memberId}, 'member', ${now} FROM ${communities} AS jc WHERE jc.id = ${communityId} AND jc.is_private = 0
      ON CONFLICT DO NOTHING`)),
    db
      .select({
        isPrivate: communities.isPrivate,
        joined: sql<number>`EXISTS (SELECT 1 FROM ${communityMembers} AS jm WHERE jm.id = ${id})`.as("community_joined"),
        member: sql<number>`EXISTS (SELECT 1 FROM ${communityMembers} AS jm WHERE jm.community_id = ${communityId} AND jm.user_id = ${memberId})`.as("community_member"),
      })
      .from(communities)
      .where(eq(communities.id, communityId)),
  ]);
  const row = state[0];
  if (!row || (row.isPrivate && !row.member)) return refuse(404, COMMUNITY_MESSAGES.notFound);
  if (!row.joined) return refuse(409, COMMUNITY_MESSAGES.alreadyMember);
  return { ok: true, joined: true };
}

/**
 * Leaving (spec document 2 §4): the membership goes and the count with it (triggers, never below 0).
 * The creator cannot leave while the community exists (docs/decisions/035): they delete it instead.
 */
export async function leaveCommunity(db: Db, memberId: string, communityId: string): Promise<Outcome<{ left: boolean }>> {
  const role = await roleIn(db, memberId, communityId);
  if (role === "creator") return refuse(409, COMMUNITY_MESSAGES.creatorCannotLeave);
  if (!role) return refuse(409, COMMUNITY_MESSAGES.leaveFailed);
  await db
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, memberId), ne(communityMembers.role, "creator")));
  return { ok: true, left: true };
}

/**
 * The creator makes a member an admin or a moderator, or a member again; never the creator's own
 * row. Restricted in the statement itself to a community whose creator asks.
 */
export async function setMemberRole(
  db: Db,
  memberId: string,
  communityId: string,
  membershipId: string,
  role: Exclude<CommunityRole, "creator">,
): Promise<Outcome<{ displayName: string; role: CommunityRole }>> {
  const updated = await db
    .update(communityMembers)
    .set({ role })
    .where(
      and(
        eq(communityMembers.id, membershipId),
        eq(communityMembers.communityId, communityId),
        ne(communityMembers.role, "creator"),
        sql`EXISTS (SELECT 1 FROM ${communities} AS rc WHERE rc.id = ${communityId} AND rc.creator_id = ${memberId})`,
      ),
    )
    .returning({ userId: communityMembers.userId });
  if (updated.length === 0) return refuse(403, COMMUNITY_MESSAGES.onlyCreator);
  const user = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, updated[0]!.userId)).get();
  return { ok: true, displayName: user?.displayName ?? "", role };
}

/** 8 characters from A–Z and 0–9, each drawn with crypto randomness and no modulo bias. */
export function newInviteCode(): string {
  const alphabet = INVITE_CODE_ALPHABET;
  // The largest multiple of the alphabet's size below 256: bytes above it are drawn again.
  const limit = 256 - (256 % alphabet.length);
  let code = "";
  while (code.length < INVITE_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(INVITE_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < INVITE_CODE_LENGTH) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}

/**
 * The creator or an admin creates an invite (spec document 2 §5): a new code on a collision, up to
 * INVITE_CODE_ATTEMPTS draws, then 'Failed to generate unique invite code'. The insert itself checks
 * the role, so a member who was just demoted creates nothing.
 */
export async function createInvite(
  db: Db,
  memberId: string,
  communityId: string,
  input: CreateInviteInput,
  { now = Date.now(), drawCode = newInviteCode }: { now?: number; drawCode?: () => string } = {},
): Promise<Outcome<{ code: string }>> {
  if (!canInvite(await roleIn(db, memberId, communityId))) return refuse(403, INVITE_MESSAGES.notAllowed);
  const expiresAt = input.expiresInDays ? now + input.expiresInDays * TIME.DAY : null;
  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt++) {
    const code = drawCode();
    const inserted = await db.all<{ id: string }>(sql`INSERT INTO ${communityInvites} (id, community_id, inviter_id, invite_code, expires_at, max_uses, uses_count, created_at)
      SELECT ${newId(now)}, ${communityId}, ${memberId}, ${code}, ${expiresAt}, ${input.maxUses ?? null}, 0, ${now}
      WHERE ${inviterSql(communityId, memberId)} AND ${liveInvitesBelowMaxSql(communityId, memberId, now)}
      ON CONFLICT (invite_code) DO NOTHING RETURNING id`);
    if (inserted.length > 0) return { ok: true, code };
    if (!canInvite(await roleIn(db, memberId, communityId))) return refuse(403, INVITE_MESSAGES.notAllowed);
    if (!(await db.get<{ below: number }>(sql`SELECT ${liveInvitesBelowMaxSql(communityId, memberId, now)} AS below`))?.below) {
      return refuse(409, INVITE_MESSAGES.tooManyLive(INVITES_LIVE_MAX));
    }
  }
  return refuse(409, INVITE_MESSAGES.codeFailed);
}

/**
 * Whether the member holds fewer than INVITES_LIVE_MAX live invites in the community (by
 * community_invites_inviter_idx): each inviter's own, since only the inviter deletes an invite, and
 * one admin's must not keep the others from making theirs.
 */
const liveInvitesBelowMaxSql = (communityId: string, inviterId: string, now: number) =>
  sql`(SELECT count(*) FROM ${communityInvites} AS li WHERE li.inviter_id = ${inviterId} AND li.community_id = ${communityId} AND ${liveInviteSql(sql.raw("li"), now)}) < ${INVITES_LIVE_MAX}`;

/**
 * The cron's clean-up of long-dead invites: expired, or used up, INVITE_DEAD_KEPT_MS ago, at most
 * `batch` of each kind a run, each kind by its partial index (the conditions repeat the indexes' own, so
 * SQLite may use them). Answers how many went.
 */
export async function deleteDeadInvites(db: Db, now: number, { batch = INVITE_CLEANUP_BATCH }: { batch?: number } = {}): Promise<number> {
  const before = now - INVITE_DEAD_KEPT_MS;
  const expired = sql`SELECT rowid FROM ${communityInvites} WHERE expires_at IS NOT NULL AND expires_at <= ${before} LIMIT ${batch}`;
  const usedUp = sql`SELECT rowid FROM ${communityInvites} WHERE used_up_at IS NOT NULL AND used_up_at <= ${before} LIMIT ${batch}`;
  const [expiredGone, usedUpGone] = await db.batch([
    rawRows<{ gone: number }>(db, sql`DELETE FROM ${communityInvites} WHERE rowid IN (${expired}) RETURNING 1 AS gone`),
    rawRows<{ gone: number }>(db, sql`DELETE FROM ${communityInvites} WHERE rowid IN (${usedUp}) RETURNING 1 AS gone`),
  ]);
  return expiredGone.length + usedUpGone.length;
}

/** Only the invite's inviter deletes it (spec document 2 §5); anyone else is refused. */
export async function deleteInvite(db: Db, memberId: string, communityId: string, inviteId: string): Promise<Outcome> {
  const deleted = await db
    .delete(communityInvites)
    .where(and(eq(communityInvites.id, inviteId), eq(communityInvites.communityId, communityId), eq(communityInvites.inviterId, memberId)))
    .returning({ id: communityInvites.id });
  return deleted.length > 0 ? { ok: true } : refuse(403, INVITE_MESSAGES.onlyInviter);
}

/**
 * Joining through an invite: the membership is inserted only while the invite is valid (not expired,
 * under its max uses) and uses_count rises only if that insert happened, both in one batch (one
 * transaction): concurrent joins never pass max uses. Then what happened is read, in the same trip.
 */
export async function joinByInvite(
  db: Db,
  memberId: string,
  code: string,
  now = Date.now(),
): Promise<Outcome<{ communityId: string; communityName: string }>> {
  const membershipId = newId(now);
  const [, , found] = await db.batch([
    batchable(db.$client, db.run(sql`INSERT INTO ${communityMembers} (id, community_id, user_id, role, joined_at)
      SELECT ${membershipId}, ji.community_id, ${memberId}, 'member', ${now} FROM ${communityInvites} AS ji
      WHERE ji.invite_code = ${code} AND ${liveInviteSql(sql.raw("ji"), now)}
      ON CONFLICT DO NOTHING`)),
    // The use that reaches max_uses dates the invite's end (the clean-up counts from it).
    batchable(db.$client, db.run(sql`UPDATE ${communityInvites} SET uses_count = uses_count + 1,
        used_up_at = CASE WHEN max_uses IS NOT NULL AND uses_count + 1 >= max_uses THEN ${now} ELSE used_up_at END
      WHERE invite_code = ${code} AND EXISTS (SELECT 1 FROM ${communityMembers} AS jm WHERE jm.id = ${membershipId})`)),
    db
      .select({
        communityId: communities.id,
        name: communities.name,
        expiresAt: communityInvites.expiresAt,
        maxUses: communityInvites.maxUses,
        usesCount: communityInvites.usesCount,
        joined: sql<number>`EXISTS (SELECT 1 FROM ${communityMembers} AS jm WHERE jm.id = ${membershipId})`.as("invite_joined"),
        member: sql<number>`EXISTS (SELECT 1 FROM ${communityMembers} AS jm WHERE jm.community_id = ${communities.id} AND jm.user_id = ${memberId})`.as("invite_member"),
      })
      .from(communityInvites)
      .innerJoin(communities, eq(communities.id, communityInvites.communityId))
      .where(eq(communityInvites.inviteCode, code)),
  ]);
  const row = found[0];
  if (!row) return refuse(404, INVITE_MESSAGES.notFound);
  if (row.joined) return { ok: true, communityId: row.communityId, communityName: row.name };
  if (row.member) return refuse(409, COMMUNITY_MESSAGES.alreadyMember);
  if (inviteState(row, now).expired) return refuse(409, INVITE_MESSAGES.expiredLink);
  return refuse(409, INVITE_MESSAGES.usedUpLink);
}

/** Whether a community exists: a write refused as it landed says which, gone (404) or not theirs. */
export async function communityExists(db: Db, communityId: string): Promise<boolean> {
  return Boolean(await db.select({ id: communities.id }).from(communities).where(eq(communities.id, communityId)).get());
}

/** Who may post in a community, in SQL: its members (decision 035); also checked as a post is written. */
export function mayPostInSql(memberId: string, communityId: string): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM ${communityMembers} WHERE ${communityMembers.communityId} = ${communityId} AND ${communityMembers.userId} = ${memberId})`;
}

/** Whether the member may post in the community (`mayPostInSql`), with its name. */
export async function canPostIn(db: Db, memberId: string, communityId: string): Promise<{ name: string } | null> {
  const row = await db
    .select({ name: communities.name })
    .from(communities)
    .where(and(eq(communities.id, communityId), mayPostInSql(memberId, communityId)))
    .get();
  return row ?? null;
}
