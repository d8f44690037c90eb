/**
 * The one order of a post's top-level comments: most liked first, newest first among equals (the
 * spec's "likes_count then created_at descending"; ids sort by creation time). The server's SQL
 * (`TOP_LEVEL_ORDER` in app/.server/comments.ts) and every list the page assembles follow it.
 */
export function compareTopLevel(a: { likesCount: number; id: string }, b: { likesCount: number; id: string }): number {
  return b.likesCount - a.likesCount || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Replies under their parent read as a conversation: oldest first. */
export function compareReplies(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
