import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { CONVERSATIONS_PAGE_SIZE, MESSAGES_PAGE_SIZE, MESSAGES_RESYNC_LATE_LIMIT, MESSAGES_RESYNC_LATE_MS, MESSAGES_RESYNC_LIMIT, UNREAD_BADGE_CAP } from "~/lib/constants";
import { DM_MESSAGES } from "~/lib/texts/dm";
import type { ChatMessage, Conversation, ConversationFilter, ConversationList, ConversationSummary } from "~/lib/types/message";
import type { Author, VerifiedType } from "~/lib/types/post";
import type { Db } from "./db/client";
import { batchable } from "./db/drizzle-internals";
import { mapRead, param, runRead, runReads, selectRead, type Read } from "./db/reads";
import { blocks, conversationMembers, conversations, follows, memberSettings, messages, users } from "./db/schema";
import { USERS_ID } from "./follows";
import { activityShownSql } from "./activity";
import { firstIdAt, newId, timeOfId } from "./ids";
import { preview, previewSql, readWhole, unreadNotificationsSql } from "./notifications";
import { refuse, type Outcome } from "./outcome";
import { blockedPairSql } from "./posts/access";
import { beforeOf, conversationCursor, parseConversationCursor } from "./posts/cursors";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Direct messages (spec document 2 §2, §3, §4, §5, §7; docs/decisions/036). A pair of members has one
 * conversation; each participant has an inbox row (conversation_members) that triggers keep in step
 * with the messages (migration 0014): the list's order, the other member and the unread count, so the
 * list and the navigation badge read one member's rows by index and never count messages.
 */

export const CONVERSATION_FILTERS = ["all", "verified"] as const satisfies readonly ConversationFilter[];

export function conversationFilterOf(value: string | null): ConversationFilter {
  return CONVERSATION_FILTERS.find((filter) => filter === value) ?? "all";
}

/**
 * The term as a text lower-cased by SQLite must contain it, found with `instr`, not LIKE, whose patterns
 * D1 holds to 50 bytes (a longer search failed to load the list). SQLite's lower() folds ASCII letters
 * only, so the term is looked for folded both ways: as SQLite folds ('Émile' finds 'Émile') and as
 * JavaScript does ('Émile' finds 'émile').
 */
const containing = (term: string) => ({
  listSearch: term.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
  listSearchLower: term.toLowerCase(),
  // '@' alone stays '@', which no username holds: it finds the names and messages that have one.
  listSearchUsername: term.replace(/^@(?=.)/, "").toLowerCase(),
});

const L = {
  at: param("listAt"),
  id: param("listId"),
  search: param("listSearch"),
  searchLower: param("listSearchLower"),
  searchUsername: param("listSearchUsername"),
};

/** Whether a text, lower-cased by SQLite, contains the term either way it is folded (`containing`). */
const contains = (text: unknown) => sql`(instr(lower(${text}), ${L.search}) > 0 OR instr(lower(${text}), ${L.searchLower}) > 0)`;

/** Whether a username contains the term, less the '@' a row shows it with ('@leo' finds leo). Usernames are ASCII letters, digits and underscores (the sign-up schema). */
const usernameContains = (username: unknown) => sql`instr(lower(${username}), ${L.searchUsername}) > 0`;

type SummaryRow = {
  id: string;
  lastAt: Date;
  unread: number;
  otherId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: VerifiedType;
  lastContent: string | null;
  lastMine: number | null;
};

/**
 * Whether a member's list shows a conversation (of `conversations`, joined): once it has a message,
 * or if they started it, or nobody did (decision 073): pressing Message puts nothing in the other
 * member's list until something is written.
 */
const shownTo = (member: unknown, conversation: SQL = sql.raw(`"conversations"`)) =>
  sql`(${conversation}.last_message_id IS NOT NULL OR ${conversation}.started_by IS NULL OR ${conversation}.started_by = ${member})`;

/**
 * A page of the member's conversations, newest message first (spec §9), keyset-paged by (last
 * message time, conversation). Verified Only keeps those whose other member is verified; a search
 * matches the other member's name or username, or a message's words in that conversation.
 */
export function conversationListRead(
  db: Db,
  viewer: NonNullable<Viewer>,
  filter: ConversationFilter,
  search: string | null,
  cursor: string | null,
): Read<Omit<ConversationList, "counts">> {
  const after = parseConversationCursor(cursor);
  const read = selectRead<SummaryRow>(
    db,
    ["conversations", viewerKey(viewer), filter, search ? "search" : "all", after ? "older" : "newest"].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const fields = {
        id: conversationMembers.conversationId,
        lastAt: conversationMembers.lastAt,
        unread: conversationMembers.unreadCount,
        otherId: sql<string>`${users.id}`.as("other_id_"),
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        lastContent: sql<string | null>`${previewSql(messages.content)}`.as("last_content"),
        lastMine: sql<number | null>`${messages.senderId} = ${conversationMembers.userId}`.as("last_mine"),
      };
      const matching = search
        ? sql`(${contains(users.displayName)} OR ${usernameContains(users.username)}
            OR EXISTS (SELECT 1 FROM ${messages} AS found WHERE found.conversation_id = ${conversationMembers.conversationId}
              AND ${contains(sql`found.content`)}))`
        : undefined;
      const query = db
        .select(fields)
        .from(conversationMembers)
        .innerJoin(users, eq(users.id, conversationMembers.otherId))
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
        .where(
          and(
            viewerPresentSql(viewer),
            sql`${conversationMembers.userId} = ${me}`,
            shownTo(me),
            filter === "verified" ? isNotNull(users.verifiedType) : undefined,
            matching,
            after ? sql`(${conversationMembers.lastAt}, ${conversationMembers.conversationId}) < (${L.at}, ${L.id})` : undefined,
          ),
        )
        .orderBy(desc(conversationMembers.lastAt), desc(conversationMembers.conversationId))
        .limit(CONVERSATIONS_PAGE_SIZE + 1);
      return { fields, query };
    },
    { ...viewerValues(viewer), listAt: after?.at, listId: after?.id, ...(search ? containing(search) : { listSearch: undefined, listSearchLower: undefined, listSearchUsername: undefined }) },
  );
  return mapRead(read, (rows) => {
    const shown = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
    const last = shown.at(-1);
    return {
      conversations: shown.map(toSummary),
      nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? conversationCursor({ at: last.lastAt.getTime(), id: last.id }) : null,
    };
  });
}

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    other: otherOf(row),
    at: row.lastAt.getTime(),
    unread: row.unread,
    last: row.lastContent === null ? null : { content: preview(row.lastContent.replace(/\s+/g, " "), readWhole(row.lastContent)), mine: Boolean(row.lastMine) },
  };
}


/** The filter's counts: every conversation, and those with a verified member (one row, two index counts). */
export function conversationCountsRead(db: Db, viewer: NonNullable<Viewer>): Read<ConversationList["counts"]> {
  const read = selectRead<{ all: number; verified: number }>(
    db,
    ["conversation-counts", viewerKey(viewer)].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const fields = {
        all: sql<number>`(SELECT count(*) FROM ${conversationMembers} AS mine INNER JOIN ${conversations} AS listed ON listed.id = mine.conversation_id
          WHERE mine.user_id = ${USERS_ID} AND ${shownTo(USERS_ID, sql.raw("listed"))})`.as("all_count"),
        verified: sql<number>`(SELECT count(*) FROM ${conversationMembers} AS mine INNER JOIN ${conversations} AS listed ON listed.id = mine.conversation_id
          INNER JOIN ${users} AS other ON other.id = mine.other_id
          WHERE mine.user_id = ${USERS_ID} AND ${shownTo(USERS_ID, sql.raw("listed"))} AND other.verified_type IS NOT NULL)`.as("verified_count"),
      };
      return { fields, query: db.select(fields).from(users).where(sql`${users.id} = ${me}`) };
    },
    viewerValues(viewer),
  );
  return mapRead(read, (rows) => rows[0] ?? { all: 0, verified: 0 });
}

type MessageRow = { id: string; clientId: string | null; senderId: string; content: string; createdAt: Date; isRead: boolean | number };
type HeaderRow = {
  id: string;
  otherId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: VerifiedType;
  activityShown: number;
  lastActiveAt: number | null;
  allow: Recipient["allow"];
  followsSender: number;
  blocked: number;
};

const C = { conversation: param("conversation"), before: param("messagesBefore"), after: param("messagesAfter"), from: param("messagesFrom") };

const messageFields = {
  id: messages.id,
  clientId: messages.clientId,
  senderId: messages.senderId,
  content: messages.content,
  createdAt: messages.createdAt,
  isRead: messages.isRead,
};

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  clientId: row.clientId,
  senderId: row.senderId,
  content: row.content,
  at: row.createdAt.getTime(),
  read: Boolean(row.isRead),
});

/**
 * An open conversation for one of its participants (anyone else reads nothing: a 404): the other
 * member, and the newest page of messages (or the page before `earlier`), shown oldest first. Opening
 * it (not paging back) first marks the other's messages read, in the same round trip, so the page and
 * its navigation badge already show them read (spec document 2 §4); `markRead` answers up to which.
 */
export function conversationReads(db: Db, viewer: NonNullable<Viewer>, conversationId: string, earlier: string | null) {
  const before = beforeOf(earlier);
  const values = { ...viewerValues(viewer), conversation: conversationId, messagesBefore: before };
  const header = selectRead<HeaderRow>(
    db,
    ["conversation-header", viewerKey(viewer)].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const fields = {
        id: conversationMembers.conversationId,
        otherId: sql<string>`${users.id}`.as("other_id_"),
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        // When the other member was last active, only while both share their activity status (076)
        // and once they have written here (082).
        // and once they have written here (082); the time is read only when it is shown (toConversation).
        activityShown: activityShownSql(users.id, conversationMembers.userId, conversationMembers.conversationId).as("activity_shown"),
        lastActiveAt: sql<number | null>`${users.lastActiveAt}`.as("other_last_active_at"),
        // Whether the member may write to them now (refusalOf): the page says why in place of its field.
        ...recipientFields(conversationMembers.userId, sql`${users.id}`),
      };
      const query = db
        .select(fields)
        .from(conversationMembers)
        .innerJoin(users, eq(users.id, conversationMembers.otherId))
        .where(and(viewerPresentSql(viewer), sql`${conversationMembers.userId} = ${me}`, sql`${conversationMembers.conversationId} = ${C.conversation}`));
      return { fields, query };
    },
    values,
  );
  const page = selectRead<MessageRow>(
    db,
    ["conversation-messages", viewerKey(viewer), before ? "earlier" : "newest"].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const query = db
        .select(messageFields)
        .from(messages)
        .where(and(sql`${messages.conversationId} = ${C.conversation}`, participantSql(me), before ? sql`${messages.id} < ${C.before}` : undefined))
        .orderBy(desc(messages.id))
        .limit(MESSAGES_PAGE_SIZE + 1);
      return { fields: messageFields, query };
    },
    values,
  );
  const conversation = mapRead(header, (rows) => rows[0] ?? null);
  const messagePage = mapRead(page, (rows) => ({
    messages: rows.slice(0, MESSAGES_PAGE_SIZE).reverse().map(toMessage),
    earlierCursor: rows.length > MESSAGES_PAGE_SIZE ? rows[MESSAGES_PAGE_SIZE - 1]!.id : null,
  }));
  if (before) return { conversation, messagePage, markRead: null };
  return { conversation, messagePage, markRead: markReadRead(db, viewer, conversationId) };
}

/** The conversation's participant is `me` (a condition every read and write of it carries). */
const participantSql = (me: unknown) =>
  sql`EXISTS (SELECT 1 FROM ${conversationMembers} AS participant WHERE participant.user_id = ${me} AND participant.conversation_id = ${C.conversation})`;

/**
 * Marks the other member's messages read, for a participant only: an UPDATE … RETURNING read like a
 * select, answering the newest message it marked (the sender's 'Seen' goes up to it), null when none
 * was unread.
 */
function markReadRead(db: Db, viewer: NonNullable<Viewer>, conversationId: string): Read<MarkedRead | null> {
  const marked = selectRead<{ id: string; told: number }>(
    db,
    ["conversation-mark-read", viewerKey(viewer)].join(":"),
    () => {
      const me = viewerSql(viewer)!;
      const query = {
        toSQL: () =>
          db
            .update(messages)
            .set({ isRead: true })
            .where(and(sql`${messages.conversationId} = ${C.conversation}`, eq(messages.isRead, false), sql`${messages.senderId} <> ${me}`, participantSql(me)))
            .returning({ id: messages.id, told: told(me) })
            .toSQL(),
      };
      return { fields: { id: messages.id, told: told(me) }, query };
    },
    { ...viewerValues(viewer), conversation: conversationId },
  );
  return mapRead(marked, (rows) => {
    const through = newestOf(rows);
    return through === null ? null : { through, otherTold: rows.every((row) => Boolean(row.told)) };
  });
}

/**
 * Up to which message a reader read, and whether its sender is told ('Seen', live): not while the two
 * are in a block, either way (decision 120's activity rule: a live signal of the blocker). The messages
 * are marked read all the same, so the reader's own count drops.
 */
export type MarkedRead = { through: string; otherTold: boolean };

/** The reader and the marked message's sender are in no block (a column of the mark's RETURNING). */
const told = (me: SQL) => sql<number>`NOT ${blockedPairSql(me, messages.senderId)}`.as("told");

/** The newest of the messages an UPDATE … RETURNING marked (ids sort by time). */
const newestOf = (rows: { id: string }[]) => rows.reduce<string | null>((newest, row) => (newest === null || row.id > newest ? row.id : newest), null);

/** The other member of a conversation as its rows read them. */
const otherOf = ({ otherId, username, displayName, avatarUrl, verifiedType }: Pick<HeaderRow, "otherId" | "username" | "displayName" | "avatarUrl" | "verifiedType">): Author => ({
  id: otherId,
  username,
  displayName,
  avatarUrl,
  verifiedType,
});

export function toConversation(
  header: HeaderRow,
  page: { messages: ChatMessage[]; earlierCursor: string | null },
): Conversation {
  const activity = header.activityShown ? { lastActiveAt: header.lastActiveAt === null ? null : Number(header.lastActiveAt) } : null;
  const refusal = refusalOf(toRecipient({ id: header.otherId, displayName: header.displayName, allow: header.allow, followsSender: header.followsSender, blocked: header.blocked }));
  const shown = header.blocked ? { ...page, messages: page.messages.map(unreadInBlock) } : page;
  return { id: header.id, other: otherOf(header), activity, refusal, ...shown };
}

/**
 * A message as shown between two members in a block, either way: never read ('Seen'), as neither sees
 * the other's activity (decisions 120, 122): a live signal of the blocker. (A room's resync, read for
 * either participant, has the same rule in SQL: `sinceFields`.)
 */
const unreadInBlock = (message: ChatMessage): ChatMessage => (message.read ? { ...message, read: false } : message);

/**
 * What a page that reconnected to a conversation room missed: the messages after its last one, in
 * order, for a participant only (the room asks on the page's behalf; docs/decisions/036). Before them
 * come the newest of those made in the MESSAGES_RESYNC_LATE_MS before its last one: a message stored
 * late (its id made earlier) sorts before a message the page has already seen, and the page keeps each
 * message once (docs/decisions/071).
 */
export async function messagesSince(db: Db, conversationId: string, afterId: string | null): Promise<ChatMessage[]> {
  if (!afterId) return (await runRead(sinceRead(db, "latest", { conversation: conversationId }))).reverse().map(toMessage);
  const [late, after] = await runReads(db, [
    sinceRead(db, "late", { conversation: conversationId, messagesAfter: afterId, messagesFrom: firstIdAt(Math.max(0, timeOfId(afterId) - MESSAGES_RESYNC_LATE_MS)) }),
    sinceRead(db, "after", { conversation: conversationId, messagesAfter: afterId }),
  ]);
  return [...late.reverse(), ...after].map(toMessage);
}

/** A conversation's newest messages ('latest'), those after one ('after'), or the newest stored shortly before it ('late'). */
function sinceRead(db: Db, way: "latest" | "after" | "late", values: Record<string, unknown>): Read<MessageRow[]> {
  return selectRead<MessageRow>(
    db,
    `conversation-since:${way}`,
    () => {
      const inConversation = sql`${messages.conversationId} = ${C.conversation}`;
      const query = db
        .select(sinceFields)
        .from(messages)
        .where(
          way === "after"
            ? and(inConversation, sql`${messages.id} > ${C.after}`)
            : way === "late"
              ? and(inConversation, sql`${messages.id} >= ${C.from}`, sql`${messages.id} < ${C.after}`)
              : inConversation,
        )
        .orderBy(way === "after" ? messages.id : desc(messages.id))
        .limit(way === "late" ? MESSAGES_RESYNC_LATE_LIMIT : MESSAGES_RESYNC_LIMIT);
      return { fields: sinceFields, query };
    },
    values,
  );
}

/** A room's resync is read for either participant: in a block, `unreadInBlock`'s rule, in SQL. */
const sinceFields = {
  ...messageFields,
  // (The pair is the conversation's row: blockedPairSql names its first member in a subquery of its own.)
  isRead: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM ${conversations} AS pair JOIN ${blocks} AS pair_block
      ON (pair_block.blocker_id = pair.participant_1_id AND pair_block.blocked_id = pair.participant_2_id)
      OR (pair_block.blocker_id = pair.participant_2_id AND pair_block.blocked_id = pair.participant_1_id)
    WHERE pair.id = ${messages.conversationId}) THEN 0 ELSE ${messages.isRead} END`.as("since_is_read"),
};

// ───────────────────────────── who may write to whom ─────────────────────────────

type Recipient = { id: string; displayName: string; allow: "everyone" | "following" | "none"; followsSender: boolean; blocked: boolean };

/**
 * The recipient's allowDirectMessages (spec §3 settings) as the refusal it gives, null when allowed; and
 * never between two members in a block, either way (decision 100).
 */
function refusalOf(recipient: Recipient): string | null {
  if (recipient.blocked) return DM_MESSAGES.blocked(recipient.displayName);
  if (recipient.allow === "none") return DM_MESSAGES.notAccepting(recipient.displayName);
  if (recipient.allow === "following" && !recipient.followsSender) return DM_MESSAGES.followersOnly(recipient.displayName);
  return null;
}

/** The same rule in SQL, for a write that may only happen when it allows it (`other` is the recipient's id). */
const allowsSql = (other: SQL | AnySQLiteColumn, sender: string) =>
  sql`NOT ${blockedPairSql(sender, other)} AND (coalesce((SELECT ${memberSettings.allowDirectMessages} FROM ${memberSettings} WHERE ${memberSettings.userId} = ${other}), 'everyone') = 'everyone'
    OR (coalesce((SELECT ${memberSettings.allowDirectMessages} FROM ${memberSettings} WHERE ${memberSettings.userId} = ${other}), 'everyone') = 'following'
      AND EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${other} AND ${follows.followingId} = ${sender})))`;

/**
 * The recipient's side of the rule, for a select from users (`recipient`: USERS_ID, users.id written
 * out, as a one-table select leaves it bare).
 */
function recipientFields(sender: string | AnySQLiteColumn, recipient: SQL = USERS_ID) {
  return {
    allow: sql<Recipient["allow"]>`coalesce((SELECT ${memberSettings.allowDirectMessages} FROM ${memberSettings} WHERE ${memberSettings.userId} = ${recipient}), 'everyone')`.as(
      "recipient_allow",
    ),
    followsSender: sql<number>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${recipient} AND ${follows.followingId} = ${sender})`.as("recipient_follows"),
    blocked: blockedPairSql(sender, recipient).as("recipient_blocked"),
  };
}

const recipientSelect = (sender: string) => ({ id: users.id, displayName: users.displayName, ...recipientFields(sender) });

const toRecipient = (row: { id: string; displayName: string; allow: Recipient["allow"]; followsSender: number; blocked: number }): Recipient => ({
  ...row,
  followsSender: Boolean(row.followsSender),
  blocked: Boolean(row.blocked),
});

// ───────────────────────────── writing ─────────────────────────────

/**
 * Message on a profile: the one conversation between the two members, found or made (spec §7),
 * never with oneself, and a new one only when the recipient's allowDirectMessages lets the member
 * write (an existing one opens either way; sending checks again). A new one is in the starter's list
 * only until its first message (`shownTo`); `created` says it is new to this member.
 */
export async function startConversation(db: Db, memberId: string, username: string): Promise<Outcome<{ conversationId: string; name: string; created: boolean }>> {
  const found = await db
    .select(recipientSelect(memberId))
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .get();
  if (!found) return refuse(404, DM_MESSAGES.memberNotFound);
  const recipient = toRecipient(found);
  if (recipient.id === memberId) return refuse(400, DM_MESSAGES.notYourself);
  const [first, second] = memberId < recipient.id ? [memberId, recipient.id] : [recipient.id, memberId];
  const pair = and(eq(conversations.participant1Id, first), eq(conversations.participant2Id, second));
  const existing = await db
    .select({ id: conversations.id, listed: sql<number>`${shownTo(sql`${memberId}`)}` })
    .from(conversations)
    .where(pair)
    .get();
  if (existing) {
    // The other member started it and nothing was written yet: now both lists show it, and it is new to this member.
    if (!existing.listed) await db.update(conversations).set({ startedBy: null }).where(and(eq(conversations.id, existing.id), sql`${conversations.lastMessageId} IS NULL`));
    return { ok: true, conversationId: existing.id, name: recipient.displayName, created: !existing.listed };
  }
  const refusal = refusalOf(recipient);
  if (refusal) return refuse(403, refusal);
  const now = Date.now();
  // Two requests at once make one conversation: the pair is unique. The second insert changes nothing
  // but, when the other member pressed Message at the same moment, lists it for both (no starter).
  const [, made] = await db.batch([
    // Its time by the same clock as its messages' (the list orders the two together).
    // In the starter's list only, until its first message (decision 073).
    db
      .insert(conversations)
      .values({ id: newId(now), participant1Id: first, participant2Id: second, startedBy: memberId, createdAt: new Date(now) })
      .onConflictDoUpdate({
        target: [conversations.participant1Id, conversations.participant2Id],
        set: { startedBy: sql`NULL` },
        setWhere: sql`${conversations.lastMessageId} IS NULL AND ${conversations.startedBy} IS NOT excluded.started_by`,
      }),
    db.select({ id: conversations.id }).from(conversations).where(pair),
  ]);
  const conversationId = made[0]?.id;
  if (!conversationId) throw new Error("the conversation was neither found nor made");
  return { ok: true, conversationId, name: recipient.displayName, created: true };
}

export type SentMessage = { message: ChatMessage; conversationId: string; recipientId: string };

/**
 * A message from a participant: written once per (sender, client id), so a retry after a lost answer
 * answers the message already stored; refused for anyone else (404) and when the recipient's
 * allowDirectMessages does not let the sender write (403). One round trip.
 */
export async function sendMessage(
  db: Db,
  memberId: string,
  conversationId: string,
  input: { content: string; clientId: string },
): Promise<Outcome<SentMessage & { duplicate: boolean }>> {
  const at = Date.now();
  const id = newId(at);
  const mine = and(eq(conversationMembers.userId, memberId), eq(conversationMembers.conversationId, conversationId));
  const [inserted, stored, recipientRows] = await db.batch([
    batchable(
      db.$client,
      db.all<{ id: string }>(sql`INSERT INTO ${messages} (id, conversation_id, sender_id, content, client_id, created_at)
        SELECT ${id}, ${conversationMembers.conversationId}, ${memberId}, ${input.content}, ${input.clientId}, ${at}
        FROM ${conversationMembers} WHERE ${mine} AND (${allowsSql(conversationMembers.otherId, memberId)})
        ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING id`),
    ),
    db.select(messageFields).from(messages).where(and(eq(messages.senderId, memberId), eq(messages.clientId, input.clientId), eq(messages.conversationId, conversationId))),
    db
      .select(recipientSelect(memberId))
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.otherId))
      .where(mine),
  ]);
  const recipient = recipientRows[0];
  if (!recipient) return refuse(404, DM_MESSAGES.notFound);
  const row = stored[0];
  if (!row) return refuse(403, refusalOf(toRecipient(recipient)) ?? DM_MESSAGES.sendFailed);
  // A message sent again (its answer was lost) answers as stored, as a page shows it.
  const message = recipient.blocked ? unreadInBlock(toMessage(row)) : toMessage(row);
  return { ok: true, message, conversationId, recipientId: recipient.id, duplicate: inserted.length === 0 };
}

/** The other member's messages in a conversation, read now that the member sees them (a live page). */
export function markConversationRead(db: Db, memberId: string, conversationId: string): Promise<MarkedRead | null> {
  return runRead(markReadRead(db, memberId, conversationId));
}

/**
 * A member's two badges now: unread notifications and conversations with unread messages (their member
 * room reads them when told something changed, docs/decisions/036).
 */
export async function memberBadges(db: Db, memberId: string): Promise<{ notifications: number; messages: number }> {
  const row = await db
    .select({ notifications: unreadNotificationsSql(USERS_ID), messages: unreadConversationsSql(USERS_ID) })
    .from(users)
    .where(eq(users.id, memberId))
    .get();
  return row ?? { notifications: 0, messages: 0 };
}

/**
 * The badge's count for the member `memberId` names (conversation_members_unread_idx), 0 while their
 * Direct Messages setting is off: it decides whether they are alerted to new messages, and the list
 * still marks what is unread (decision 076). The setting is one probe of its row's key, in the same
 * statement, so the shell's read stays one.
 */
export function unreadConversationsSql(memberId: unknown) {
  return sql<number>`(CASE WHEN coalesce((SELECT ${memberSettings.notifyDirectMessages} FROM ${memberSettings} WHERE ${memberSettings.userId} = ${memberId}), 1)
    THEN (SELECT count(*) FROM (SELECT 1 FROM ${conversationMembers} AS unread
      WHERE unread.user_id = ${memberId} AND unread.unread_count > 0 LIMIT ${UNREAD_BADGE_CAP + 1})) ELSE 0 END)`;
}

// ───────────────────────────── the pages ─────────────────────────────

/** Whether a member is a participant (a conversation room's connection rule). */
export async function isParticipant(db: Db, memberId: string, conversationId: string): Promise<boolean> {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, memberId), eq(conversationMembers.conversationId, conversationId)))
    .get();
  return row !== undefined;
}

export type LoadedConversationList = { list: ConversationList; failed: string | null; hadSession: boolean };

/**
 * The list's reads, handed to the session's round trip (decision 026). A failed read is 'Failed to
 * load conversations' in the page, never an error page (spec document 2 §8).
 */
export async function loadConversationList(
  context: AppLoadContext,
  filter: ConversationFilter,
  search: string | null,
  cursor: string | null,
): Promise<LoadedConversationList> {
  const empty: ConversationList = { conversations: [], nextCursor: cursor, counts: { all: 0, verified: 0 } };
  try {
    const answers = await context.readAsMember(
      (viewer) => [conversationListRead(context.db, viewer, filter, search, cursor), conversationCountsRead(context.db, viewer)] as const,
    );
    if (!answers) return { list: empty, failed: null, hadSession: false };
    const [page, counts] = answers;
    return { list: { ...page, counts }, failed: null, hadSession: true };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Reading conversations failed:", error);
    return { list: empty, failed: DM_MESSAGES.loadFailed, hadSession: true };
  }
}

export type LoadedConversation =
  | { found: true; conversation: Conversation; marked: MarkedRead | null }
  | { found: false; hadSession: boolean }
  | { found: null; failed: string };

/** An open conversation's reads (and marking it read), in the session's round trip. */
export async function loadConversation(context: AppLoadContext, conversationId: string, earlier: string | null): Promise<LoadedConversation> {
  try {
    const answers = await context.readAsMember((viewer) => {
      const { conversation, messagePage, markRead } = conversationReads(context.db, viewer, conversationId, earlier);
      return markRead ? ([conversation, messagePage, markRead] as const) : ([conversation, messagePage] as const);
    });
    if (!answers) return { found: false, hadSession: false };
    const [header, page, marked = null] = answers;
    if (!header) return { found: false, hadSession: true };
    return { found: true, conversation: toConversation(header, page), marked };
  } catch (error) {
    if (error instanceof Response) throw error;
    // 'Failed to load conversations' in the pane, never an error page (spec document 2 §8).
    console.error("Reading a conversation failed:", error);
    return { found: null, failed: DM_MESSAGES.loadFailed };
  }
}
