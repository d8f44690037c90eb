import type { CommentPage, FeedItem } from "~/lib/types/post";
import { commentPageRead } from "../comments";
import type { Db } from "../db/client";
import { runReads } from "../db/reads";
import type { Viewer } from "../viewer";
import { cardRead } from "./cards";

export type PostPage = { item: FeedItem } & CommentPage;

type PostPageOptions = { now?: number; commentsCursor?: string | null };

/** The reads of a post's page: the post's card and a page of its comments, sent together. */
export function postPageReads(db: Db, viewer: Viewer, postId: string, { now = Date.now(), commentsCursor = null }: PostPageOptions = {}) {
  return [cardRead(db, viewer, postId, now), commentPageRead(db, viewer, postId, commentsCursor)] as const;
}

/** The page from its reads' answers; null when the post does not exist. A locked post shows none of its comments. */
export function toPostPage([item, comments]: readonly [FeedItem | null, CommentPage]): PostPage | null {
  if (!item) return null;
  if (item.post.locked) return { item, comments: [], nextCursor: null };
  return { item, ...comments };
}

/** A post as its page shows it, with a page of its comments, in one round trip; null when it does not exist. */
export async function getPostPage(db: Db, viewer: Viewer, postId: string, options: PostPageOptions = {}): Promise<PostPage | null> {
  return toPostPage(await runReads(db, postPageReads(db, viewer, postId, options)));
}
