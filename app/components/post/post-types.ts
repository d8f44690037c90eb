import type { SubmissionResult } from "@conform-to/react";

/** What /post/{id} answers a fetcher (JavaScript) for an interaction. */
export type PostActionData = {
  ok: boolean;
  message: string | null;
  /** A toggle's state after the request (liked, bookmarked, reposted). */
  state?: boolean;
  counts?: { likes: number; reposts: number; shares: number; views: number; comments: number; at: number };
  likesCount?: number;
  commentId?: string;
  lastResult?: SubmissionResult<string[]>;
};
