import type { Author } from "./post";
import type { ProfileSubscription } from "./subscription";

/** A member's profile as its page shows it (spec document 2 §2 "Profile", §3 user/profile). */
export type ProfileView = Author & {
  bio: string | null;
  location: string | null;
  website: string | null;
  bannerUrl: string | null;
  createdAt: number;
  followersCount: number;
  followingCount: number;
  postsCount: number;
  /** The sum of the member's posts' views (a counter kept by triggers, migration 0008). */
  totalViews: number;
  /** Active subscribers, only when the member offers subscriptions (else null: not shown). */
  subscribersCount: number | null;
  /** Subscribing to this member, and for the owner offering subscriptions (docs/decisions/037). */
  subscription: ProfileSubscription;
  /** The profile is the viewer's own (no follow button). */
  isSelf: boolean;
  /** The viewer is in the member's audience (decision 031): false when they keep posts for followers, or from visitors. */
  postsVisible: boolean;
  /** The viewer follows this member. */
  followed: boolean;
  /** A block between the viewer and this member (decision 100): the viewer's, or the member's. */
  block: "blockedByYou" | "blocksYou" | null;
  /** The member blocked the viewer, whichever way `block` says (both may block): their lists are closed to them. */
  blocksViewer: boolean;
  /** The viewer muted this member (decision 107). */
  muted: boolean;
};

/** One row of a followers or following list. */
export type FollowListEntry = Author & { bio: string | null; isSelf: boolean; followed: boolean };

export type FollowListPage = { items: FollowListEntry[]; nextCursor: string | null };

export type FollowList = "followers" | "following";

/** What a follow or unfollow answers (with JavaScript; without it a flash toast). */
export type FollowAnswer = { ok: boolean; message: string | null; following?: boolean; followersCount?: number };

/** A member one blocked or muted (decisions 100, 107), and when. */
export type KeptMember = Author & { at: number };
/** A page of them, newest first. */
export type KeptMemberPage = { items: KeptMember[]; nextCursor: string | null };
