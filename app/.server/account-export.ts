import { sql, type SQL } from "drizzle-orm";
import { ACCOUNT_EXPORT_PAGE_ROWS } from "~/lib/constants";
import type { Db } from "./db/client";
import { rawRows } from "./db/drizzle-internals";
import { parseMediaDescriptions, parseMediaUrls } from "./posts/cards";
import { blockedPairSql, canViewSql, notBlockedWriterSql } from "./posts/access";

/**
 * Download your data (Settings › Account; docs/decisions/090): one JSON file of what Murmur keeps about
 * the member, the tables account-deletion.ts deletes read instead. It is written as it is read: a
 * section at a time, each table in keyset pages of `pageRows` rows by an index led by the member's
 * column, so that neither the worker's memory nor D1's queries per request grow with the whole account
 * at once (a page is one statement: a section of n rows costs ⌊n / pageRows⌋ + 1).
 *
 * What is left out on purpose: the password's hash, sessions' ids (their hashes of the cookie's token),
 * reset links, invite links' codes (each a key to a community), the R2 records of uploads (their
 * addresses are in the posts and the profile), and every other member's e-mail address: other members
 * are named by their username only. A conversation is both members' (the Privacy Policy's "visible only
 * to the two participants"), so its messages are here from both sides.
 */

/** The file's own version: a reader can tell later shapes apart. */
const EXPORT_FORMAT = { format: "murmur-account-export", version: 1 } as const;

type Row = Record<string, unknown>;

/** Who: the member of the session, and that session (marked in the list of sign-ins, never by its id). */
export type ExportedMember = { id: string; username: string; sessionId: string };

export type ExportOptions = { origin: string; pageRows?: number; now?: number };

/** A time as the file writes it (the database's milliseconds → ISO 8601, UTC). */
const time = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString());
const yes = (value: unknown) => value === 1 || value === true;
/** A media address as a link that works outside Murmur (stored ones are the site's own paths). */
const absolute = (origin: string) => (url: unknown) => (typeof url === "string" && url.startsWith("/") ? `${origin}${url}` : (url ?? null));

/**
 * One list of the file: rows of `from` that `where` names, in the order of `key` (columns of the index
 * the member's column leads, so that each page is a range of it), each written as `shape` makes it.
 */
type Section = { name: string; select: string | SQL; from: string; where: SQL | ((after: unknown[] | null) => SQL); key: string[]; shape: (row: Row) => unknown };

/** The statement for one page of a section: the rows after the last one's key (none: from the start). */
function pageQuery(section: Section, after: unknown[] | null, pageRows: number): SQL {
  const keys = section.key.map((column, i) => `${column} AS _k${i}`).join(", ");
  const columns = section.key.join(", ");
  // A row value compares key by key, as the index orders them (SQLite uses the index for the range).
  const range =
    after === null
      ? sql``
      : section.key.length === 1
        ? sql` AND ${sql.raw(columns)} > ${after[0]}`
        : sql` AND (${sql.raw(columns)}) > (${sql.join(
            after.map((value) => sql`${value}`),
            sql`, `,
          )})`;
  // The limit is written into the text, not bound (decision 064: a bound LIMIT prepares the statement anew).
  const where = typeof section.where === "function" ? section.where(after) : section.where;
  const select = typeof section.select === "string" ? sql.raw(section.select) : section.select;
  return sql`SELECT ${select}, ${sql.raw(keys)} FROM ${sql.raw(section.from)} WHERE ${where}${range} ORDER BY ${sql.raw(columns)} LIMIT ${sql.raw(String(pageRows))}`;
}

/** Every list of the file, in its order. */
function sectionsOf(member: ExportedMember, origin: string, now: number): Section[] {
  const me = member.id;
  const media = absolute(origin);
  return [
    {
      name: "posts",
      select: `p.id, p.content, p.media_urls, p.media_descriptions, p.video_url, p.video_duration, p.location, p.is_subscriber_only, p.community_id,
        c.name AS community_name, p.views_count, p.likes_count, p.reposts_count, p.comments_count, p.shares_count, p.created_at`,
      from: "posts p LEFT JOIN communities c ON c.id = p.community_id",
      where: sql`p.user_id = ${me} AND p.reposted_from_post_id IS NULL`,
      key: ["p.id"],
      shape: (r) => ({
        id: r.id,
        url: `${origin}/post/${String(r.id)}`,
        text: r.content,
        images: parseMediaUrls(r.media_urls).map(media),
        // Each image's description in the images' order, null for one without (decision 092).
        imageDescriptions: parseMediaDescriptions(r.media_descriptions, r.media_urls),
        video: media(r.video_url),
        videoSeconds: r.video_duration,
        location: r.location,
        subscriberOnly: yes(r.is_subscriber_only),
        community: r.community_id === null ? null : { id: r.community_id, name: r.community_name },
        createdAt: time(r.created_at),
        counts: { views: r.views_count, likes: r.likes_count, reposts: r.reposts_count, comments: r.comments_count, shares: r.shares_count },
      }),
    },
    {
      name: "reposts",
      select: "p.id, p.reposted_from_post_id, p.created_at",
      from: "posts p",
      where: sql`p.user_id = ${me} AND p.reposted_from_post_id IS NOT NULL`,
      key: ["p.id"],
      shape: (r) => ({ id: r.id, postId: r.reposted_from_post_id, createdAt: time(r.created_at) }),
    },
    {
      name: "comments",
      select: "c.id, c.post_id, c.parent_id, c.content, c.likes_count, c.created_at",
      from: "comments c",
      where: sql`c.user_id = ${me}`,
      key: ["c.rowid"],
      shape: (r) => ({ id: r.id, postId: r.post_id, replyTo: r.parent_id, text: r.content, likes: r.likes_count, createdAt: time(r.created_at) }),
    },
    {
      name: "likes",
      select: "l.post_id, l.created_at",
      from: "post_likes l",
      where: sql`l.user_id = ${me}`,
      key: ["l.post_id"],
      shape: (r) => ({ postId: r.post_id, createdAt: time(r.created_at) }),
    },
    {
      name: "commentLikes",
      select: "l.comment_id, l.created_at",
      from: "comment_likes l",
      where: sql`l.user_id = ${me}`,
      key: ["l.rowid"],
      shape: (r) => ({ commentId: r.comment_id, createdAt: time(r.created_at) }),
    },
    {
      name: "bookmarks",
      select: "b.post_id, b.created_at",
      from: "post_bookmarks b",
      where: sql`b.user_id = ${me}`,
      key: ["b.created_at", "b.post_id"],
      shape: (r) => ({ postId: r.post_id, createdAt: time(r.created_at) }),
    },
    {
      // No index is led by a share's member (074): each page reads on through the table's ids.
      name: "shares",
      select: "s.post_id, s.platform, s.created_at",
      from: "post_shares s",
      where: sql`s.user_id = ${me}`,
      key: ["s.id"],
      shape: (r) => ({ postId: r.post_id, platform: r.platform, createdAt: time(r.created_at) }),
    },
    {
      name: "views",
      select: "v.post_id, v.day, v.created_at",
      from: "user_activity v",
      where: sql`v.user_id = ${me}`,
      key: ["v.post_id", "v.action_type", "v.day"],
      shape: (r) => ({ postId: r.post_id, viewedAt: time(r.created_at) }),
    },
    {
      name: "following",
      select: "u.username, f.created_at",
      from: "follows f JOIN users u ON u.id = f.following_id",
      where: sql`f.follower_id = ${me}`,
      key: ["f.id"],
      shape: (r) => ({ username: r.username, since: time(r.created_at) }),
    },
    {
      name: "followers",
      select: "u.username, f.created_at",
      from: "follows f JOIN users u ON u.id = f.follower_id",
      where: sql`f.following_id = ${me}`,
      key: ["f.id"],
      shape: (r) => ({ username: r.username, since: time(r.created_at) }),
    },
    {
      // The members one blocked (decision 100); not who blocked one, which is theirs.
      name: "blocked",
      select: "u.username, b.created_at",
      from: "blocks b JOIN users u ON u.id = b.blocked_id",
      where: sql`b.blocker_id = ${me}`,
      key: ["b.id"],
      shape: (r) => ({ username: r.username, since: time(r.created_at) }),
    },
    {
      // The members one muted (decision 107); not who muted one, which is theirs and never told.
      name: "muted",
      select: "u.username, m.created_at",
      from: "mutes m JOIN users u ON u.id = m.muted_id",
      where: sql`m.muter_id = ${me}`,
      key: ["m.id"],
      shape: (r) => ({ username: r.username, since: time(r.created_at) }),
    },
    {
      name: "communitiesCreated",
      select: "c.id, c.name, c.description, c.image_url, c.is_private, c.created_at",
      from: "communities c",
      where: sql`c.creator_id = ${me}`,
      key: ["c.rowid"],
      shape: (r) => ({ id: r.id, name: r.name, description: r.description, image: media(r.image_url), private: yes(r.is_private), createdAt: time(r.created_at) }),
    },
    {
      name: "communities",
      select: "m.community_id, c.name, m.role, m.joined_at",
      from: "community_members m JOIN communities c ON c.id = m.community_id",
      where: sql`m.user_id = ${me}`,
      key: ["m.joined_at", "m.rowid"],
      shape: (r) => ({ id: r.community_id, name: r.name, role: r.role, joinedAt: time(r.joined_at) }),
    },
    {
      // No index is led by an invite's creator (074); the code itself is left out: it lets anyone in.
      name: "communityInvites",
      select: "i.community_id, i.expires_at, i.max_uses, i.uses_count, i.created_at",
      from: "community_invites i",
      where: sql`i.inviter_id = ${me}`,
      key: ["i.id"],
      shape: (r) => ({ communityId: r.community_id, createdAt: time(r.created_at), expiresAt: time(r.expires_at), maxUses: r.max_uses, uses: r.uses_count }),
    },
    {
      name: "conversations",
      select: "cm.conversation_id, u.username, c.created_at, c.last_message_at",
      from: "conversation_members cm JOIN users u ON u.id = cm.other_id JOIN conversations c ON c.id = cm.conversation_id",
      where: sql`cm.user_id = ${me}`,
      key: ["cm.conversation_id"],
      shape: (r) => ({ id: r.conversation_id, with: r.username, startedAt: time(r.created_at), lastMessageAt: time(r.last_message_at) }),
    },
    {
      // Every conversation's messages in one walk of its index, conversation by conversation: one
      // statement a page, not one (or more) for each conversation. SQLite takes the range on the pair
      // only within a conversation it already searches, so a page names the conversations from the
      // last one on: a page reads again at most the earlier messages of the conversation it is in.
      name: "messages",
      // The member's own messages read as unread while the two are in a block: whether the other read
      // them is the other's to tell, and in a block no page tells it (122).
      select: sql`m.conversation_id, m.id, u.username, m.sender_id, m.content, CASE WHEN m.sender_id = ${me} AND ${blockedPairSql(
        me,
        sql`(SELECT om.other_id FROM conversation_members om WHERE om.conversation_id = m.conversation_id AND om.user_id = ${me})`,
      )} THEN 0 ELSE m.is_read END AS is_read, m.created_at`,
      from: "messages m JOIN users u ON u.id = m.sender_id",
      where: (after) =>
        sql`m.conversation_id IN (SELECT cm.conversation_id FROM conversation_members cm WHERE cm.user_id = ${me}${
          after === null ? sql`` : sql` AND cm.conversation_id >= ${after[0]}`
        })`,
      key: ["m.conversation_id", "m.id"],
      shape: (r) => ({
        conversationId: r.conversation_id,
        id: r.id,
        from: r.username,
        mine: r.sender_id === me,
        text: r.content,
        read: yes(r.is_read),
        sentAt: time(r.created_at),
      }),
    },
    {
      // Each item as the member sees it: likes and reposts of one post are one item with its count (032),
      // and a comment's words only while the member may see its post, as the page shows them (a review:
      // a lapsed subscriber's file held the words of a reply under a subscriber-only post), and not the
      // words of a comment its post's author hid by blocking its writer (decision 120).
      name: "notifications",
      select: sql`n.id, n.type, CASE WHEN (p.id IS NULL OR ${canViewSql(me, sql`p.user_id`, sql`p.is_subscriber_only`, now, sql`p.community_id`)}) AND ${notBlockedWriterSql(null, sql`n.related_user_id`, sql`p.user_id`)} THEN n.content ELSE '' END AS content,
        u.username, n.related_post_id, n.group_size, n.is_read, n.created_at`,
      from: "notifications n LEFT JOIN users u ON u.id = n.related_user_id LEFT JOIN posts p ON p.id = n.related_post_id",
      where: sql`n.user_id = ${me} AND n.is_head = 1`,
      key: ["n.id"],
      shape: (r) => ({
        id: r.id,
        type: r.type,
        text: r.content,
        from: r.username ?? null,
        postId: r.related_post_id,
        count: r.group_size,
        read: yes(r.is_read),
        createdAt: time(r.created_at),
      }),
    },
    {
      name: "subscriptions",
      select: "u.username, s.amount_cents, s.plan, s.status, s.expires_at, s.cancelled_at, s.provider, s.created_at",
      from: "creator_subscriptions s JOIN users u ON u.id = s.subscribed_to_id",
      where: sql`s.subscriber_id = ${me}`,
      key: ["s.status", "s.expires_at", "s.rowid"],
      shape: (r) => ({ to: r.username, ...subscriptionOf(r) }),
    },
    {
      name: "subscribers",
      select: "u.username, s.amount_cents, s.plan, s.status, s.expires_at, s.cancelled_at, s.provider, s.created_at",
      from: "creator_subscriptions s JOIN users u ON u.id = s.subscriber_id",
      where: sql`s.subscribed_to_id = ${me}`,
      key: ["s.status", "s.expires_at", "s.rowid"],
      shape: (r) => ({ from: r.username, ...subscriptionOf(r) }),
    },
    {
      // What a payment is in Murmur: no card details are ever stored (Stripe keeps them). A creator
      // subscription's payment names its creator (the subscription's row, by its key) and the plan it
      // paid (its own; one written before migration 0048 has none, and takes the subscription's).
      name: "payments",
      select:
        "p.id, p.kind, p.subscription_id, p.amount_cents, p.currency, p.provider, p.provider_reference, p.status, p.created_at, coalesce(p.plan, cs.plan) AS plan, cu.username AS creator",
      from: "payments p LEFT JOIN creator_subscriptions cs ON p.kind = 'creator_subscription' AND cs.id = p.subscription_id LEFT JOIN users cu ON cu.id = cs.subscribed_to_id",
      where: sql`p.user_id = ${me}`,
      key: ["p.id"],
      shape: (r) => ({
        id: r.id,
        for: r.kind,
        subscriptionId: r.subscription_id,
        creator: r.creator ?? null,
        plan: r.kind === "verified_subscription" ? "monthly" : (r.plan ?? null),
        amountCents: r.amount_cents,
        currency: r.currency,
        provider: r.provider,
        providerReference: r.provider_reference,
        status: r.status,
        createdAt: time(r.created_at),
      }),
    },
    {
      name: "supportMessages",
      select: "s.id, s.topic, s.message, s.priority, s.created_at",
      from: "support_requests s",
      where: sql`s.user_id = ${me}`,
      key: ["s.id"],
      shape: (r) => ({ id: r.id, topic: r.topic, text: r.message, priority: yes(r.priority), sentAt: time(r.created_at) }),
    },
    {
      // No index is led by a report's reporter (084). The copy of the reported post stays the team's:
      // it is another member's words.
      name: "reports",
      select: "r.id, r.reported_post_id, r.post_id, r.reason, r.additional_info, r.status, r.reported_at",
      from: "reports r",
      where: sql`r.reported_by = ${me}`,
      key: ["r.id"],
      shape: (r) => ({
        id: r.id,
        postId: r.reported_post_id,
        postDeleted: r.post_id === null,
        reason: r.reason,
        additionalInfo: r.additional_info,
        status: r.status,
        reportedAt: time(r.reported_at),
      }),
    },
    {
      // Sign-ins: when each began and ends, and which is this browser; never the session's id.
      name: "sessions",
      select: "s.id, s.created_at, s.expires_at",
      from: "sessions s",
      where: sql`s.user_id = ${me}`,
      key: ["s.rowid"],
      shape: (r) => ({ signedInAt: time(r.created_at), expiresAt: time(r.expires_at), thisBrowser: r.id === member.sessionId }),
    },
  ];
}

function subscriptionOf(r: Row) {
  return {
    amountCents: r.amount_cents,
    plan: r.plan,
    status: r.status,
    expiresAt: time(r.expires_at),
    cancelledAt: time(r.cancelled_at),
    provider: r.provider,
    startedAt: time(r.created_at),
  };
}

/** The profile, its settings, its links and the verified badge's subscription: one round trip. */
async function accountOf(db: Db, member: ExportedMember, origin: string) {
  const media = absolute(origin);
  const me = member.id;
  const [users, settings, links, verified] = (await db.batch([
    rawRows<Row>(db, sql`SELECT id, email, username, display_name, bio, avatar_url, banner_url, location, website, verified_type, subscription_price_cents,
      offers_subscriptions, is_business_entity, followers_count, following_count, posts_count, total_views, last_active_at, created_at, updated_at
      FROM users WHERE id = ${me}`),
    rawRows<Row>(db, sql`SELECT notify_likes, notify_reposts, notify_comments, notify_follows, notify_mentions, notify_direct_messages, email_notifications,
      profile_visibility, post_visibility, allow_direct_messages, show_activity, index_profile, updated_at FROM member_settings WHERE user_id = ${me}`),
    rawRows<Row>(db, sql`SELECT platform, url FROM social_links WHERE user_id = ${me} ORDER BY platform`),
    rawRows<Row>(db, sql`SELECT status, amount_cents, expires_at, cancelled_at, provider, created_at FROM verified_subscriptions WHERE user_id = ${me}`),
  ])) as unknown as [Row[], Row[], Row[], Row[]];
  const user = users[0];
  if (!user) return null;
  const s = settings[0];
  const v = verified[0];
  return {
    profile: {
      id: user.id,
      email: user.email,
      username: user.username,
      displayName: user.display_name,
      bio: user.bio,
      avatar: media(user.avatar_url),
      banner: media(user.banner_url),
      location: user.location,
      website: user.website,
      links: links.map((link) => ({ platform: link.platform, url: link.url })),
      verified: user.verified_type,
      businessEntity: yes(user.is_business_entity),
      subscriptions: { offered: yes(user.offers_subscriptions), priceCents: user.subscription_price_cents },
      counts: { followers: user.followers_count, following: user.following_count, posts: user.posts_count, views: user.total_views },
      lastActiveAt: time(user.last_active_at),
      createdAt: time(user.created_at),
      updatedAt: time(user.updated_at),
    },
    settings: s
      ? {
          notifications: {
            likes: yes(s.notify_likes),
            reposts: yes(s.notify_reposts),
            comments: yes(s.notify_comments),
            follows: yes(s.notify_follows),
            mentions: yes(s.notify_mentions),
            directMessages: yes(s.notify_direct_messages),
            emailSummary: yes(s.email_notifications),
          },
          privacy: {
            profile: s.profile_visibility,
            posts: s.post_visibility,
            directMessages: s.allow_direct_messages,
            showActivity: yes(s.show_activity),
            searchEngines: yes(s.index_profile),
          },
          updatedAt: time(s.updated_at),
        }
      : null,
    verifiedSubscription: v
      ? { status: v.status, amountCents: v.amount_cents, expiresAt: time(v.expires_at), cancelledAt: time(v.cancelled_at), provider: v.provider, startedAt: time(v.created_at) }
      : null,
  };
}

/** The file's parts, in order: each yielded string is a piece of one JSON document. */
async function* exportParts(db: Db, member: ExportedMember, { origin, pageRows = ACCOUNT_EXPORT_PAGE_ROWS, now = Date.now() }: ExportOptions): AsyncGenerator<string> {
  const account = await accountOf(db, member, origin);
  if (!account) throw new Error("The account to export is gone");
  const head = { ...EXPORT_FORMAT, exportedAt: new Date(now).toISOString(), ...account };
  // The head's closing brace is left open: the lists follow as its further keys.
  yield JSON.stringify(head).slice(0, -1);
  for (const section of sectionsOf(member, origin, now)) {
    yield `,${JSON.stringify(section.name)}:[`;
    let after: unknown[] | null = null;
    let first = true;
    for (;;) {
      const rows: Row[] = await db.all<Row>(pageQuery(section, after, pageRows));
      if (rows.length > 0) {
        const written = rows.map((row) => JSON.stringify(section.shape(row))).join(",");
        yield first ? written : `,${written}`;
        first = false;
        const last: Row = rows[rows.length - 1]!;
        after = section.key.map((_, i) => last[`_k${i}`]);
      }
      if (rows.length < pageRows) break;
    }
    yield "]";
  }
  // Last: a file cut short (the connection, or D1 failing midway) does not parse, and says it is not complete.
  yield `,"complete":true}`;
}

/**
 * The member's data as a stream of one JSON document, read a page at a time as the download asks for
 * more. A failure midway errors the stream: the browser reports the download failed, rather than
 * saving part of a file as if it were all.
 */
export function accountExport(db: Db, member: ExportedMember, options: ExportOptions): ReadableStream<Uint8Array> {
  const parts = exportParts(db, member, options);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error(`Exporting account ${member.id} failed midway:`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/** The downloaded file's name: murmur-<username>-<YYYY-MM-DD>.json (UTC). */
export function exportFileName(username: string, now = Date.now()): string {
  return `murmur-${username.replace(/[^A-Za-z0-9_-]/g, "_")}-${new Date(now).toISOString().slice(0, 10)}.json`;
}
