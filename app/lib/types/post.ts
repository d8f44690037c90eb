import type { ImageDimensions } from "../media-types";
import type { SubmissionResult } from "@conform-to/react";

/**
 * What the interface renders of posts and comments. The server's read model (app/.server/posts/)
 * builds these; components import them from here, never from server code.
 */

export type VerifiedType = "user" | "business" | null;

/** How a member appears next to what they wrote: avatar, name, badge and @username. */
export type Byline = {
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: VerifiedType;
};

export type Author = Byline & { id: string };

/**
 * A post's counters, with the database's time of reading them (ms): a page, a toggle's answer and the
 * feed room can all tell about the same post, and the newest answer wins.
 */
export type PostCounts = { comments: number; reposts: number; likes: number; shares: number; views: number; at: number };

/** The viewer's own marks on a post. */
export type ViewerFlags = { liked: boolean; reposted: boolean; bookmarked: boolean; shared: boolean };

export type CommentPreview = {
  id: string;
  content: string;
  likesCount: number;
  createdAt: number;
  /** With the author's id: their own comment shows them its Delete (decision 094). */
  author: Author;
};

export type PostView = {
  id: string;
  author: Author;
  content: string;
  mediaUrls: string[];
  /** The images' sizes, in the order of mediaUrls, when every one is known (their boxes are kept before they arrive). */
  mediaDimensions: ImageDimensions[] | null;
  /** Each image's description, its alt text (decision 092), in the order of mediaUrls: null for one without. */
  mediaDescriptions: (string | null)[];
  videoUrl: string | null;
  location: string | null;
  isSubscriberOnly: boolean;
  /** Whether a signed-out visitor may read it (its author's audience, not for subscribers, not in a private community): only such a post's words go into a share. */
  forEveryone: boolean;
  /** A post the viewer may not see: no content, media or comments were sent. */
  locked: boolean;
  /**
   * Why: the author keeps their posts for their followers, or for signed-in members (decision 031), or
   * the post is for subscribers. Null when not locked. A post kept from the viewer shows no counts.
   */
  /** Whom its author keeps it for, or the block between the viewer and its author (decision 100). */
  lockedFor: "followers" | "members" | "subscribers" | "blockedByYou" | "blocksYou" | null;
  communityId: string | null;
  /** The community it was posted in, named (null outside communities). */
  community: { id: string; name: string } | null;
  createdAt: number;
  counts: PostCounts;
  viewer: ViewerFlags;
  topComments: CommentPreview[];
};

/** A list entry: a post, or someone's repost of one (shown with a 'reposted' banner). */
export type FeedItem = {
  /** The entry's own id: the post's, or the repost's. */
  id: string;
  repostedBy: { id: string; username: string; displayName: string } | null;
  post: PostView;
};

/** One keyset page of a list; `nextCursor` is null on the last page. */
export type FeedPage = { items: FeedItem[]; nextCursor: string | null };

export type CommentView = {
  id: string;
  parentId: string | null;
  content: string;
  likesCount: number;
  createdAt: number;
  liked: boolean;
  author: Author;
};

export type CommentPage = { comments: CommentView[]; nextCursor: string | null };

/**
 * What a member action answers a fetcher: whether it worked, the text to show (a toast), and for a
 * form that was refused, conform's result to show its fields again.
 */
export type ActionAnswer = { ok: boolean; message: string | null; lastResult?: SubmissionResult<string[]> };

/** What a post's actions (/post/{id}, /compose) answer. */
export type PostActionAnswer = ActionAnswer & {
  /** A toggle's state after the request (liked, bookmarked, reposted). */
  state?: boolean;
  counts?: PostCounts;
  likesCount?: number;
  commentId?: string;
  postId?: string;
};
