import { eq, sql } from "drizzle-orm";
import type { CommentPage, FeedItem } from "~/lib/types/post";
import { commentPageRead } from "../comments";
import type { Db } from "../db/client";
import { param, runReads, selectRead, type Read } from "../db/reads";
import { memberSettings, posts } from "../db/schema";
import type { Viewer } from "../viewer";
import { shownPostId } from "./access";
import { cardRead } from "./cards";

/** `indexable`: the author lets search engines list them (indexProfile; off, the page carries noindex). */
export type PostPage = { item: FeedItem; indexable: boolean } & CommentPage;

type PostPageOptions = { now?: number; commentsCursor?: string | null };

const P = { post: param("indexablePost") };

/**
 * Whether the post's author lets search engines list them: their public profile's setting holds for
 * their posts' pages too (decision 124). True when they never chose. A repost's address shows its
 * original, so the original's author says.
 */
function authorIndexableRead(db: Db, postId: string): Read<{ indexable: number }[]> {
  return selectRead<{ indexable: number }>(
    db,
    "post-author-indexable",
    () => {
      const fields = { indexable: sql<number>`coalesce(${memberSettings.indexProfile}, 1)`.as("author_indexable") };
      const query = db.select(fields).from(posts).leftJoin(memberSettings, eq(memberSettings.userId, posts.userId)).where(sql`${posts.id} = ${shownPostId(P.post)}`);
      return { fields, query };
    },
    { indexablePost: postId },
  );
}

/** The reads of a post's page: the post's card, a page of its comments and its author's indexing, sent together. */
export function postPageReads(db: Db, viewer: Viewer, postId: string, { now = Date.now(), commentsCursor = null }: PostPageOptions = {}) {
  return [cardRead(db, viewer, postId, now), commentPageRead(db, viewer, postId, commentsCursor), authorIndexableRead(db, postId)] as const;
}

/** The page from its reads' answers; null when the post does not exist. A locked post shows none of its comments. */
export function toPostPage([item, comments, author]: readonly [FeedItem | null, CommentPage, { indexable: number }[]]): PostPage | null {
  if (!item) return null;
  const indexable = Boolean(author[0]?.indexable ?? 1);
  if (item.post.locked) return { item, indexable, comments: [], nextCursor: null };
  return { item, indexable, ...comments };
}

/** A post as its page shows it, with a page of its comments, in one round trip; null when it does not exist. */
export async function getPostPage(db: Db, viewer: Viewer, postId: string, options: PostPageOptions = {}): Promise<PostPage | null> {
  return toPostPage(await runReads(db, postPageReads(db, viewer, postId, options)));
}
