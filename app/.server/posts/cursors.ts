/**
 * Keyset cursors (never OFFSET, DESIGN.md §3). A cursor comes back from the address bar, so parsing
 * accepts only what Murmur itself writes; anything else reads as "no cursor" (the first page).
 *
 * - Lists in time order page by the last entry's id (ids sort by creation time).
 * - 'For you' pages through a ranked pool, then on through older posts in time order; its cursor pins
 *   the ranking time and the pool's newest id, so pages neither repeat nor skip posts while new ones
 *   arrive, and carries the last entry's score and id.
 * - A post's top-level comments page by (likes, id), most liked first.
 * - A member's bookmarks page by the bookmark, (created_at, post id), newest bookmark first.
 * - Memberships (a member's communities, a community's members) page by (joined_at, membership id).
 */

const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export type TimeCursor = { kind: "time"; before: string };
export type RankedCursor = { kind: "ranked"; now: number; top: string; score: number; id: string };

export function parseListCursor(value: string | null | undefined): TimeCursor | RankedCursor | null {
  if (!value) return null;
  if (ID.test(value)) return { kind: "time", before: value };
  const [tag, now, top, score, id] = value.split("~");
  if (tag !== "r" || !now || !top || !score || !id || !ID.test(top) || !ID.test(id)) return null;
  const numbers = [Number(now), Number(score)];
  if (numbers.some((n) => !Number.isFinite(n))) return null;
  return { kind: "ranked", now: numbers[0]!, top, score: numbers[1]!, id };
}

/** The id a time-ordered list continues before, if the cursor is one. */
export function beforeOf(value: string | null | undefined): string | null {
  const cursor = parseListCursor(value);
  return cursor?.kind === "time" ? cursor.before : null;
}

export const rankedCursor = ({ now, top, score, id }: Omit<RankedCursor, "kind">) => ["r", now, top, score, id].join("~");

export type CommentCursor = { likes: number; id: string };

export function parseCommentCursor(value: string | null | undefined): CommentCursor | null {
  const [tag, likes, id] = (value ?? "").split("~");
  if (tag !== "c" || !likes || !id || !ID.test(id) || !Number.isInteger(Number(likes))) return null;
  return { likes: Number(likes), id };
}

export const commentCursor = ({ likes, id }: CommentCursor) => `c~${likes}~${id}`;

/** Where the bookmarks page continues: before this bookmark (its time as stored, and its post). */
export type BookmarkCursor = { at: number; postId: string };

export function parseBookmarkCursor(value: string | null | undefined): BookmarkCursor | null {
  const [tag, at, postId, ...rest] = (value ?? "").split("~");
  if (tag !== "b" || !at || !postId || rest.length > 0 || !ID.test(postId)) return null;
  const time = Number(at);
  return Number.isFinite(time) && time >= 0 ? { at: time, postId } : null;
}

export const bookmarkCursor = ({ at, postId }: BookmarkCursor) => `b~${at}~${postId}`;

/** Where a list ordered by a time and an id continues: after this entry (its time as stored, and its id). */
export type AtIdCursor = { at: number; id: string };

function parseAtIdCursor(tag: string, value: string | null | undefined): AtIdCursor | null {
  const [given, at, id, ...rest] = (value ?? "").split("~");
  if (given !== tag || !at || !id || rest.length > 0 || !ID.test(id)) return null;
  const time = Number(at);
  return Number.isInteger(time) && time >= 0 ? { at: time, id } : null;
}

/** Where a list of memberships continues: after this membership (its join time, and its id). */
export type MembershipCursor = AtIdCursor;
export const parseMembershipCursor = (value: string | null | undefined) => parseAtIdCursor("m", value);
export const membershipCursor = ({ at, id }: MembershipCursor) => `m~${at}~${id}`;

/** Where a member's conversation list continues: after this conversation (its last message's time, and its id). */
export const parseConversationCursor = (value: string | null | undefined) => parseAtIdCursor("v", value);
export const conversationCursor = ({ at, id }: AtIdCursor) => `v~${at}~${id}`;

/** Where the Subscribed tab continues: after this subscription (the end of its period, and its id). */
export const parseSubscriptionCursor = (value: string | null | undefined) => parseAtIdCursor("s", value);
export const subscriptionCursor = ({ at, id }: AtIdCursor) => `s~${at}~${id}`;
