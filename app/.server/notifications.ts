import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  MENTIONS_NOTIFIED,
  NOTIFICATION_CLEANUP_BATCH,
  NOTIFICATION_PREVIEW_LENGTH,
  NOTIFICATION_RETENTION_DAYS,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_READ_PART,
  PREVIEW_CODE_POINTS_PER_CHARACTER,
  TIME,
  UNREAD_BADGE_CAP,
} from "~/lib/constants";
import { charactersOf } from "~/lib/text";
import { NOTIFICATION_MESSAGES } from "~/lib/texts/notification";
import type { NotificationItem, NotificationPage, NotificationTab } from "~/lib/types/notification";
import type { Db } from "./db/client";
import { batchable, rawRows } from "./db/drizzle-internals";
import { firstIdAt } from "./ids";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { memberSettings, mutes, notifications, posts, users } from "./db/schema";
import { blockedPairSql, canViewSql, notBlockedWriterSql } from "./posts/access";
import { beforeOf } from "./posts/cursors";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Notifications (spec document 1 §2.9, §3, §4; decision 032). Likes, reposts, comments and replies,
 * mentions in posts and follows are written by triggers in the same statement as their cause
 * (migration 0011), so every path that writes the cause notifies, never for oneself, never against
 * the recipient's settings, and an undo takes its unread notification back. Likes and reposts of one
 * post are one item: its newest row is the head and carries the group's size. What only the
 * application knows (a mention in a comment; a subscription, issue 15) goes through
 * `notificationInsert`, which applies the same rules.
 */

export const NOTIFICATION_TABS = ["all", "mentions", "likes"] as const satisfies readonly NotificationTab[];

export function notificationTabOf(value: string | null): NotificationTab {
  return NOTIFICATION_TABS.find((tab) => tab === value) ?? "all";
}

/** Which setting turns a kind off (member_settings; no row means every kind is on). */
const SETTING = {
  like: memberSettings.notifyLikes,
  repost: memberSettings.notifyReposts,
  comment: memberSettings.notifyComments,
  mention: memberSettings.notifyMentions,
  follow: memberSettings.notifyFollows,
  subscription: null,
} as const;

type Kind = keyof typeof SETTING;

/**
 * A notification written by the application, for a write's batch: to each member `recipients` selects
 * (a query of user ids), unless that is the actor, the recipient turned the kind off, the two are in a
 * block (decision 100), or the recipient muted the actor (107). Its id is made
 * in SQL like the triggers' (the `notification_id` view), so ids sort the same way: by a subquery that
 * names the row, which SQLite runs again for each recipient. Without the row in it SQLite ran it once
 * for the statement, and a comment naming two members gave both the same id and was refused whole.
 */
export function notificationInsert(
  db: Db,
  { kind, recipients, actorId, postId = null, content = "" }: { kind: Exclude<Kind, "like" | "repost">; recipients: SQL; actorId: string; postId?: string | null; content?: string },
) {
  const setting = SETTING[kind];
  const allowed = setting
    ? sql`coalesce((SELECT ${setting} FROM ${memberSettings} WHERE ${memberSettings.userId} = recipient.id), 1)`
    : sql`1`;
  return batchable(
    db.$client,
    db.all(sql`INSERT INTO ${notifications} (id, user_id, type, content, related_user_id, related_post_id)
      SELECT (SELECT id FROM notification_id WHERE recipient.id IS NOT NULL), recipient.id, ${kind}, ${content}, ${actorId}, ${postId}
      FROM (${recipients}) AS recipient WHERE recipient.id <> ${actorId} AND ${allowed}
        AND NOT (coalesce((SELECT ${memberSettings.blocksCount} FROM ${memberSettings} WHERE ${memberSettings.userId} = recipient.id), 0) > 0
          AND ${blockedPairSql(actorId, sql`recipient.id`)})
        AND NOT EXISTS (SELECT 1 FROM ${mutes} WHERE ${mutes.muterId} = recipient.id AND ${mutes.mutedId} = ${actorId})`),
  );
}

/**
 * Members named in a text, as `notificationInsert` recipients: the names (lower-case, as
 * `extractMentions` gives them; the first MENTIONS_NOTIFIED) that are members, except those already told of it another way.
 */
export function mentionedMembers(usernames: string[], except: string[]): SQL {
  const names = sql.join(usernames.slice(0, MENTIONS_NOTIFIED).map((name) => sql`lower(${name})`), sql`, `);
  const others = except.length > 0 ? sql` AND ${users.id} NOT IN (${sql.join(except.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return sql`SELECT ${users.id} AS id FROM ${users} WHERE lower(${users.username}) IN (${names})${others}`;
}

// ───────────────────────────── reading ─────────────────────────────

const N = { before: param("notificationsBefore"), now: param("notificationsNow") };

const TAB_TYPES: Record<NotificationTab, Kind | null> = { all: null, mentions: "mention", likes: "like" };

type Row = {
  id: string;
  type: Kind;
  isRead: boolean;
  groupSize: number;
  content: string;
  createdAt: Date;
  actorUsername: string;
  actorDisplayName: string;
  actorAvatarUrl: string | null;
  actorVerifiedType: "user" | "business" | null;
  postId: string | null;
  reply: number;
  postVisible: number | null;
  preview: string | null;
};

/**
 * One page of the member's items, newest first (keyset by the head's id): the heads of
 * notifications_heads_idx (or, for a tab, notifications_heads_type_idx), each with its actor and the
 * post it is about. A post's words (and a comment's, which belongs to it) are shown only while the
 * member may see the post (decision 031, subscriber-only posts): a notification never leaks them.
 * Nor a comment's words its post's author hid by blocking its writer (decision 120).
 */
export function notificationsPageRead(db: Db, viewer: NonNullable<Viewer>, tab: NotificationTab, cursor: string | null): Read<NotificationPage> {
  const before = beforeOf(cursor);
  const type = TAB_TYPES[tab];
  const read = selectRead<Row>(
    db,
    ["notifications", viewerKey(viewer), tab, before ? "older" : "newest"].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const visible = canViewSql(me, posts.userId, posts.isSubscriberOnly, N.now, posts.communityId);
      // A comment's words, as its post's page shows them: not once the post's author blocked its writer
      // (decision 100; the actor of a comment, reply or mention wrote it).
      const shownWords = notBlockedWriterSql(null, users.id, posts.userId);
      const fields = {
        id: notifications.id,
        type: notifications.type,
        isRead: notifications.isRead,
        groupSize: notifications.groupSize,
        content: sql<string>`CASE WHEN ${visible} AND ${shownWords} THEN ${previewSql(notifications.content)} ELSE '' END`.as("notification_content"),
        createdAt: notifications.createdAt,
        actorUsername: sql<string>`${users.username}`.as("actor_username"),
        actorDisplayName: sql<string>`${users.displayName}`.as("actor_display_name"),
        actorAvatarUrl: sql<string | null>`${users.avatarUrl}`.as("actor_avatar_url"),
        actorVerifiedType: sql<"user" | "business" | null>`${users.verifiedType}`.as("actor_verified_type"),
        postId: sql<string | null>`${posts.id}`.as("notification_post_id"),
        // A comment notification goes to the post's author, or (a reply) to the answered comment's author.
        reply: sql<number>`(${notifications.type} = 'comment' AND ${posts.userId} IS NOT ${notifications.userId})`.as("notification_is_reply"),
        postVisible: sql<number | null>`CASE WHEN ${posts.id} IS NULL THEN NULL ELSE ${visible} END`.as("notification_post_visible"),
        preview: sql<string | null>`CASE WHEN ${visible} THEN ${previewSql(posts.content)} END`.as("notification_preview"),
      };
      // The page's heads, picked from their index (named, so the plan holds without statistics).
      const index = sql.raw(type ? "notifications_heads_type_idx" : "notifications_heads_idx");
      const heads = sql`SELECT head.id FROM ${notifications} AS head INDEXED BY ${index}
        WHERE head.user_id = ${me} AND head.is_head = 1${type ? sql` AND head.type = ${type}` : sql``}${before ? sql` AND head.id < ${N.before}` : sql``}
        ORDER BY head.id DESC LIMIT ${NOTIFICATIONS_PAGE_SIZE + 1}`;
      const query = db
        .select(fields)
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.relatedUserId))
        .leftJoin(posts, eq(posts.id, notifications.relatedPostId))
        .where(and(viewerPresentSql(viewer), sql`${notifications.id} IN (${heads})`))
        .orderBy(desc(notifications.id))
        .limit(NOTIFICATIONS_PAGE_SIZE + 1);
      return { fields, query };
    },
    { ...viewerValues(viewer), notificationsBefore: before, notificationsNow: Date.now() },
  );
  return mapRead(read, (rows) => {
    const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(toItem);
    return { items, nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? rows[NOTIFICATIONS_PAGE_SIZE - 1]!.id : null };
  });
}

/**
 * How much of a text SQL reads for its preview (`previewSql`), in code points, as SQLite's substr
 * counts: the preview's characters at up to PREVIEW_CODE_POINTS_PER_CHARACTER each (a flag takes 2, a
 * family of four 7), and one more, so a read that stops short of the text is told apart.
 */
const PREVIEW_READ = NOTIFICATION_PREVIEW_LENGTH * PREVIEW_CODE_POINTS_PER_CHARACTER + 1;

/** The beginning of a text that its preview needs. */
export const previewSql = (text: SQLWrapper) => sql<string>`substr(${text}, 1, ${PREVIEW_READ})`;

/** Whether what `previewSql` read is the whole text. */
export const readWhole = (read: string) => Array.from(read).length < PREVIEW_READ;

/**
 * A text cut to the preview's length in characters as a person counts them (an emoji, a flag or an
 * accented letter is never split), with an ellipsis when there was more. `whole`: whether the text is
 * all there is, not a read that stopped short of it (whose last character may be cut: it goes).
 */
export function preview(text: string, whole = readWhole(text)): string {
  const characters = charactersOf(text);
  if (whole && characters.length <= NOTIFICATION_PREVIEW_LENGTH) return text;
  const kept = whole ? NOTIFICATION_PREVIEW_LENGTH : Math.min(NOTIFICATION_PREVIEW_LENGTH, characters.length - 1);
  return `${characters.slice(0, kept).join("").trimEnd()}…`;
}

function toItem(row: Row): NotificationItem {
  const hasPost = row.postId !== null;
  return {
    id: row.id,
    type: row.type,
    read: Boolean(row.isRead),
    at: row.createdAt.getTime(),
    actor: {
      username: row.actorUsername,
      displayName: row.actorDisplayName,
      avatarUrl: row.actorAvatarUrl,
      verifiedType: row.actorVerifiedType,
    },
    others: Math.max(0, row.groupSize - 1),
    reply: Boolean(row.reply),
    words: row.content ? preview(row.content) : null,
    post: hasPost ? { id: row.postId!, preview: row.postVisible ? preview(row.preview ?? "") : null } : null,
  };
}

/**
 * The badge's count for the member `memberId` names: items as the page shows them (unread heads,
 * notifications_unread_idx), counted only as far as the badge tells them apart (99+).
 */
export function unreadNotificationsSql(memberId: unknown) {
  return sql<number>`(SELECT count(*) FROM ${notifications} WHERE rowid IN (SELECT rowid FROM ${notifications} AS unread
    WHERE unread.user_id = ${memberId} AND unread.is_head = 1 AND unread.is_read = 0 LIMIT ${UNREAD_BADGE_CAP + 1}))`;
}

// ───────────────────────────── writing ─────────────────────────────

/**
 * Opening an item marks it read: the row, and for a like or repost the whole group it heads (any row
 * of the group names it), NOTIFICATIONS_READ_PART rows a statement (a popular post's group holds
 * thousands). The row and the group's first part go in one batch, each on its own index.
 */
export async function markNotificationRead(db: Db, memberId: string, id: string, part = NOTIFICATIONS_READ_PART): Promise<void> {
  const group = db
    .select({ type: notifications.type, postId: notifications.relatedPostId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, memberId)));
  // Every value is_head takes (a head, the rest, one held while a trigger or the cron moves it), so
  // that notifications_group_head_idx reaches is_read: the group's unread rows, not its every row (a
  // popular post's thousands of likes; decision 114). Written with its types as literals: drizzle's
  // form bound them, and SQLite, unable to tell the partial index applies, took
  // notifications_unread_idx (the member's every unread row). The name pins the plan.
  const groupPart = () =>
    db.run(sql`UPDATE ${notifications} SET is_read = 1 WHERE rowid IN (SELECT rowid FROM ${notifications} INDEXED BY notifications_group_head_idx
        WHERE user_id = ${memberId} AND type IN ('like', 'repost') AND (type, related_post_id) = (${group})
        AND is_head IN (0, 1, 2) AND is_read = 0 LIMIT ${sql.raw(String(part))})`);
  const [, first] = await db.batch([
    db.update(notifications).set({ isRead: true }).where(and(eq(notifications.id, id), eq(notifications.userId, memberId))),
    batchable(db.$client, groupPart()),
  ]);
  await markUntilShort(first, groupPart, part);
}

/**
 * 'Mark all as read': every unread row of the member made by `through` (notifications_unread_idx),
 * NOTIFICATIONS_READ_PART a statement.
 */
export async function markAllNotificationsRead(db: Db, memberId: string, through = Date.now(), part = NOTIFICATIONS_READ_PART): Promise<void> {
  // Ids begin with their time (../ids.ts; the triggers' too): those made by `through`.
  const came = firstIdAt(through + 1);
  const next = () =>
    db.run(sql`UPDATE ${notifications} SET is_read = 1 WHERE rowid IN (SELECT rowid FROM ${notifications} INDEXED BY notifications_unread_idx
        WHERE user_id = ${memberId} AND is_read = 0 AND id < ${came} LIMIT ${sql.raw(String(part))})`);
  await markUntilShort(await next(), next, part);
}

/** Goes on marking while the last part was whole. */
async function markUntilShort(last: { meta: { changes: number } }, next: () => Promise<{ meta: { changes: number } }>, part: number): Promise<void> {
  let marked = last;
  while (marked.meta.changes >= part) marked = await next();
}

// ───────────────────────────── retention ─────────────────────────────

/**
 * Items older than NOTIFICATION_RETENTION_DAYS, read or not (the Privacy Policy; decision 093), the
 * oldest first. An item goes whole once its head, its newest row, is that old; a group whose head is
 * recent keeps its old rows, so 'Ana and 3 others' never shrinks. One batch (a transaction) a run, on
 * notifications_heads_by_age_idx and the group head index, never a scan of the old rows:
 * - the oldest `batch` old heads are held (is_head 2, as a like's trigger holds the head it replaces);
 *   the lists and the badge read is_head = 1, and the batch ends with none held;
 * - up to `batch` of their groups' other rows go: migration 0011's AFTER DELETE trigger looks for the
 *   group's head (is_head = 1) to make it smaller and finds none, so a held head keeps the count it shows;
 * - the held heads with no rows left go (the trigger hands over only a head of 1: no one inherits);
 * - the others are heads again, unchanged, their rows going at the next runs: a group of 20 000 likes
 *   shows its count until the run that takes its last rows, and a like meanwhile makes it recent again.
 * Answers how many rows went.
 */
export async function deleteOldNotifications(db: Db, now: number, { batch = NOTIFICATION_CLEANUP_BATCH }: { batch?: number } = {}): Promise<number> {
  // Ids begin with their time (../ids.ts; the triggers' too): a head made before the cut-off is old.
  const old = firstIdAt(now - NOTIFICATION_RETENTION_DAYS * TIME.DAY);
  // The heads by age, named (the plan holds without statistics), with the index's own condition
  // (is_head > 0) written out, as SQLite uses a partial index only then.
  const byAge = sql.raw("INDEXED BY notifications_heads_by_age_idx");
  const held = sql`held.is_head = 2 AND held.is_head > 0`;
  const [, rows, heads] = await db.batch([
    batchable(
      db.$client,
      db.run(sql`UPDATE ${notifications} SET is_head = 2 WHERE id IN
        (SELECT id FROM ${notifications} ${byAge} WHERE is_head = 1 AND is_head > 0 AND id < ${old} ORDER BY id LIMIT ${batch})`),
    ),
    rawRows<{ id: string }>(
      db,
      sql`DELETE FROM ${notifications} WHERE id IN (SELECT other.id FROM ${notifications} AS held ${byAge}
        CROSS JOIN ${notifications} AS other ON other.user_id = held.user_id AND other.type = held.type AND other.type IN ('like', 'repost')
          AND other.related_post_id = held.related_post_id AND other.is_head = 0
        WHERE ${held} ORDER BY held.id LIMIT ${batch}) RETURNING id`,
    ),
    rawRows<{ id: string }>(
      db,
      sql`DELETE FROM ${notifications} AS held ${byAge} WHERE ${held} AND NOT EXISTS (SELECT 1 FROM ${notifications} AS other
        WHERE other.user_id = held.user_id AND other.type = held.type AND other.type IN ('like', 'repost')
          AND other.related_post_id = held.related_post_id AND other.is_head = 0) RETURNING id`,
    ),
    batchable(db.$client, db.run(sql`UPDATE ${notifications} AS held ${byAge} SET is_head = 1 WHERE ${held}`)),
  ]);
  return rows.length + heads.length;
}

// ───────────────────────────── the page ─────────────────────────────

export type LoadedNotifications = { page: NotificationPage; failed: string | null };

/**
 * The page's read, handed to the session's round trip (decision 026): call before awaiting anything,
 * then `requireUser`. A failed read is 'Failed to load notifications' in the page, never an error page
 * (spec document 1 §8); the cursor stays so 'Load more' can try again.
 */
export async function loadNotificationsPage(context: AppLoadContext, tab: NotificationTab, cursor: string | null): Promise<LoadedNotifications & { hadSession: boolean }> {
  const empty = { items: [], nextCursor: cursor };
  try {
    const answers = await context.readAsMember((viewer) => [notificationsPageRead(context.db, viewer, tab, cursor)] as const);
    return { page: answers?.[0] ?? empty, failed: null, hadSession: answers !== null };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Reading notifications failed:", error);
    return { page: empty, failed: NOTIFICATION_MESSAGES.loadFailed, hadSession: true };
  }
}

