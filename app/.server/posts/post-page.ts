import type { CommentPage, FeedItem } from "~/lib/types/post";
import { commentPageRead } from "../comments";
import type { Db } from "../db/client";
import { runReads } from "../db/reads";
import { cardRead } from "./cards";

/**
 * A post as its page shows it, with a page of its comments, in one round trip; null when it does not
 * exist. A locked post shows none of its comments.
 */
export async function getPostPage(
  db: Db,
  viewerId: string | null,
  postId: string,
  { now = Date.now(), commentsCursor = null }: { now?: number; commentsCursor?: string | null } = {},
): Promise<({ item: FeedItem } & CommentPage) | null> {
  const [item, comments] = await runReads(db, [cardRead(db, viewerId, postId, now), commentPageRead(db, viewerId, postId, commentsCursor)]);
  if (!item) return null;
  if (item.post.locked) return { item, comments: [], nextCursor: null };
  return { item, ...comments };
}
