import type { SubmissionResult } from "@conform-to/react";
import type { Author } from "./post";

/**
 * What the interface renders of communities and invite links (docs/decisions/035). The server's reads
 * (app/.server/communities.ts) build these; components import them from here.
 */

export type CommunityRole = "creator" | "admin" | "moderator" | "member";

/** A community as a card shows it, with the viewer's role in it (null: not a member). */
export type CommunitySummary = {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  isPrivate: boolean;
  memberCount: number;
  postsCount: number;
  createdAt: number;
  role: CommunityRole | null;
};

export type CommunityListPage = { items: CommunitySummary[]; nextCursor: string | null };

/** The tabs of /communities and of a community's page (links: ?tab=). */
export type CommunitiesTab = "joined" | "discover";
export type CommunityTab = "posts" | "members";

/** A community's page header: the summary with its creator. */
export type CommunityView = CommunitySummary & { creator: Author };

/** What a community's page may show the viewer: all of it, or (private, not a member) only that it is private. */
export type CommunityAccess = { kind: "visible"; community: CommunityView } | { kind: "private" } | { kind: "missing" };

export type CommunityMemberView = { membershipId: string; role: CommunityRole; joinedAt: number; user: Author };
export type CommunityMembersPage = { items: CommunityMemberView[]; nextCursor: string | null };

export type InviteView = {
  id: string;
  code: string;
  inviter: { id: string; username: string };
  expiresAt: number | null;
  maxUses: number | null;
  usesCount: number;
  createdAt: number;
  /** Past its expiry or at its max uses: copy and share are disabled, the invite page refuses it. */
  expired: boolean;
  usedUp: boolean;
  /** The viewer created it (only they may delete it). */
  mine: boolean;
};

/** The invite page: the community, who invited, until when, and what the viewer can do with it. */
export type InvitePageView = {
  code: string;
  community: { id: string; name: string; description: string | null; imageUrl: string | null; isPrivate: boolean; memberCount: number };
  inviter: Author;
  expiresAt: number | null;
  status: "valid" | "expired" | "used-up";
  /** The signed-in viewer already belongs to the community. */
  member: boolean;
};

/** A community form's answer to a fetcher: the form's errors, or where to go now. */
export type CommunityFormAnswer = { ok: boolean; message: string | null; lastResult?: SubmissionResult<string[]>; to?: string };
